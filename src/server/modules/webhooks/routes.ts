/** The settings screen's webhooks (issue 28, decision 034): the signed-in user's own endpoints, through the web session. */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZOkResponse } from '../../../shared/contracts/auth';
import {
  ZCreateWebhookRequest,
  ZCreatedWebhook,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookIdParams,
  ZWebhookList,
} from '../../../shared/contracts/webhooks';
import { requireUser, signedIn } from '../auth/session';
import { webhooksServiceFor } from './wiring';

export function registerWebhooks(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const hooks = webhooksServiceFor(deps, root.log);

  app.get('/api/webhooks', { ...signedIn, schema: { response: { 200: ZWebhookList } } }, async (request) =>
    hooks.list(requireUser(request).id),
  );
  app.post(
    '/api/webhooks',
    { ...signedIn, schema: { body: ZCreateWebhookRequest, response: { 201: ZCreatedWebhook } } },
    async (request, reply) => reply.code(201).send(await hooks.create(requireUser(request).id, request.body)),
  );
  app.get(
    '/api/webhooks/:id',
    { ...signedIn, schema: { params: ZWebhookIdParams, response: { 200: ZWebhook } } },
    async (request) => hooks.get(requireUser(request).id, request.params.id),
  );
  app.patch(
    '/api/webhooks/:id',
    { ...signedIn, schema: { params: ZWebhookIdParams, body: ZUpdateWebhookRequest, response: { 200: ZWebhook } } },
    async (request) => hooks.update(requireUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/webhooks/:id',
    { ...signedIn, schema: { params: ZWebhookIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await hooks.remove(requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/webhooks/:id/secret',
    { ...signedIn, schema: { params: ZWebhookIdParams, response: { 200: ZCreatedWebhook } } },
    async (request) => hooks.rotateSecret(requireUser(request).id, request.params.id),
  );
  app.post(
    '/api/webhooks/:id/test',
    { ...signedIn, schema: { params: ZWebhookIdParams, response: { 200: ZWebhookDelivery } } },
    async (request) => hooks.sendTest(requireUser(request).id, request.params.id),
  );
  app.get(
    '/api/webhooks/:id/deliveries',
    { ...signedIn, schema: { params: ZWebhookIdParams, response: { 200: ZWebhookDeliveryList } } },
    async (request) => hooks.deliveries(requireUser(request).id, request.params.id),
  );
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    { ...signedIn, schema: { params: ZWebhookDeliveryParams, response: { 200: ZWebhookDelivery } } },
    async (request) => hooks.resend(requireUser(request).id, request.params.id, request.params.deliveryId),
  );
}
