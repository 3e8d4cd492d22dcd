import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZOkResponse } from '../../../shared/contracts/auth';
import { ZAddress, ZAddressIdParams, ZAddressList, ZAddressRequest } from '../../../shared/contracts/addresses';
import { requireUser, signedIn } from '../auth/session';
import { createAddressService } from './service';

export function registerAddresses(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const addresses = createAddressService({ db: deps.database.db, clock: deps.clock });

  app.get('/api/addresses', { ...signedIn, schema: { response: { 200: ZAddressList } } }, async (request) =>
    addresses.list(requireUser(request).id),
  );

  app.post(
    '/api/addresses',
    { ...signedIn, schema: { body: ZAddressRequest, response: { 201: ZAddress } } },
    async (request, reply) => reply.code(201).send(await addresses.create(requireUser(request).id, request.body)),
  );

  app.put(
    '/api/addresses/:id',
    { ...signedIn, schema: { params: ZAddressIdParams, body: ZAddressRequest, response: { 200: ZAddress } } },
    async (request) => addresses.update(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    { ...signedIn, schema: { params: ZAddressIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await addresses.remove(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
}
