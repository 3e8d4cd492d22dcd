import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZOkResponse } from '../../../shared/contracts/auth';
import {
  ZLabelPreferences,
  ZSavedParcel,
  ZSavedParcelIdParams,
  ZSavedParcelList,
  ZSavedParcelRequest,
} from '../../../shared/contracts/parcels';
import { requireUser, signedIn } from '../auth/session';
import { createParcelService } from './service';

/** Saved parcels and the default label format (issue 29, decision 038). */
export function registerParcels(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const parcels = createParcelService({ db: deps.database.db, clock: deps.clock });

  app.get('/api/parcels', { ...signedIn, schema: { response: { 200: ZSavedParcelList } } }, async (request) =>
    parcels.list(requireUser(request).id),
  );

  app.get(
    '/api/parcels/:id',
    { ...signedIn, schema: { params: ZSavedParcelIdParams, response: { 200: ZSavedParcel } } },
    async (request) => parcels.get(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/parcels',
    { ...signedIn, schema: { body: ZSavedParcelRequest, response: { 201: ZSavedParcel } } },
    async (request, reply) => reply.code(201).send(await parcels.create(requireUser(request).id, request.body)),
  );

  app.put(
    '/api/parcels/:id',
    {
      ...signedIn,
      schema: { params: ZSavedParcelIdParams, body: ZSavedParcelRequest, response: { 200: ZSavedParcel } },
    },
    async (request) => parcels.update(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/parcels/:id',
    { ...signedIn, schema: { params: ZSavedParcelIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await parcels.remove(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/label-preferences',
    { ...signedIn, schema: { response: { 200: ZLabelPreferences } } },
    async (request) => parcels.labelPreferences(requireUser(request).id),
  );

  app.put(
    '/api/user/label-preferences',
    { ...signedIn, schema: { body: ZLabelPreferences, response: { 200: ZLabelPreferences } } },
    async (request) => parcels.setLabelFormat(requireUser(request).id, request.body.labelFormat),
  );
}
