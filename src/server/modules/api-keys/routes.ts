/** The settings tab's API keys (issue 28): the signed-in user's own keys, through the web session. */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZOkResponse } from '../../../shared/contracts/auth';
import {
  ZApiKeyIdParams,
  ZApiKeyList,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZRegenerateApiKeyRequest,
} from '../../../shared/contracts/api-keys';
import { requireUser, signedIn } from '../auth/session';
import { createApiKeysService } from './service';

export function registerApiKeys(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const keys = createApiKeysService({ db: deps.database.db, clock: deps.clock });

  app.get('/api/api-keys', { ...signedIn, schema: { response: { 200: ZApiKeyList } } }, async (request) =>
    keys.list(requireUser(request).id),
  );

  app.post(
    '/api/api-keys',
    { ...signedIn, schema: { body: ZCreateApiKeyRequest, response: { 201: ZCreatedApiKey } } },
    async (request, reply) =>
      reply.code(201).send(await keys.create(requireUser(request).id, request.body, request.ip)),
  );

  app.post(
    '/api/api-keys/:id/regenerate',
    {
      ...signedIn,
      schema: { params: ZApiKeyIdParams, body: ZRegenerateApiKeyRequest.optional(), response: { 201: ZCreatedApiKey } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await keys.regenerate(requireUser(request).id, request.params.id, request.body?.graceHours ?? 0, request.ip),
        ),
  );

  app.delete(
    '/api/api-keys/:id',
    { ...signedIn, schema: { params: ZApiKeyIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await keys.revoke(requireUser(request).id, request.params.id, request.ip);
      return { ok: true as const };
    },
  );
}
