import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZAddPhoneRequest, ZPhoneStatus, ZVerifyPhoneRequest } from '../../../shared/contracts/phone';
import { requireUser, signedIn } from '../auth/session';
import { createPhoneService, type PhoneActor } from './service';

const actor = (request: FastifyRequest): PhoneActor => ({ userId: requireUser(request).id, ip: request.ip });

/** The profile's phone for SMS (issue 27): read, send a code, verify it, remove the number. */
export function registerPhone(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const phone = createPhoneService({ db: deps.database.db, clock: deps.clock, sms: deps.providers.sms, log: app.log });

  app.get('/api/user/phone', { ...signedIn, schema: { response: { 200: ZPhoneStatus } } }, async (request) =>
    phone.status(actor(request)),
  );
  app.post(
    '/api/user/phone',
    { ...signedIn, schema: { body: ZAddPhoneRequest, response: { 200: ZPhoneStatus } } },
    async (request) => phone.sendCode(actor(request), request.body.phone),
  );
  app.post(
    '/api/user/phone/verify',
    { ...signedIn, schema: { body: ZVerifyPhoneRequest, response: { 200: ZPhoneStatus } } },
    async (request) => phone.verify(actor(request), request.body.code),
  );
  app.delete('/api/user/phone', { ...signedIn, schema: { response: { 200: ZPhoneStatus } } }, async (request) =>
    phone.remove(actor(request)),
  );
}
