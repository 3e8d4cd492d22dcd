import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZUser } from '../../../shared/contracts/user';
import { ZOkResponse } from '../../../shared/contracts/auth';
import {
  ZChangePasswordRequest,
  ZConfirmEmailChangeRequest,
  ZNotificationPreferences,
  ZNotificationSettings,
  ZOrganization,
  ZUpdateLocaleRequest,
  ZUpdateOrganizationRequest,
  ZUpdateProfileRequest,
} from '../../../shared/contracts/settings';
import { requireUser, toUser, signedIn } from '../auth/session';
import { createSettingsService, type Actor } from './service';

const actor = (request: FastifyRequest): Actor => {
  const user = requireUser(request);
  return { userId: user.id, sessionId: user.sessionId, ip: request.ip };
};

export function registerSettings(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = createSettingsService({
    db: deps.database.db,
    clock: deps.clock,
    mail: deps.providers.mail,
    log: app.log,
    passwordHashCost: deps.config.passwordHashCost,
  });

  app.patch(
    '/api/user/profile',
    { ...signedIn, schema: { body: ZUpdateProfileRequest, response: { 200: ZUser } } },
    async (request) => toUser(await settings.updateProfile(actor(request), request.body)),
  );

  app.post(
    '/api/user/email/confirm',
    { ...signedIn, schema: { body: ZConfirmEmailChangeRequest, response: { 200: ZUser } } },
    async (request) => toUser(await settings.confirmEmailChange(actor(request), request.body.code)),
  );

  app.delete('/api/user/email/pending', { ...signedIn, schema: { response: { 200: ZUser } } }, async (request) =>
    toUser(await settings.cancelEmailChange(actor(request))),
  );

  app.patch(
    '/api/user/password',
    { ...signedIn, schema: { body: ZChangePasswordRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await settings.changePassword(actor(request), request.body);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/user/locale',
    { ...signedIn, schema: { body: ZUpdateLocaleRequest, response: { 200: ZUser } } },
    async (request) => toUser(await settings.updateLocale(actor(request), request.body.locale)),
  );

  app.get(
    '/api/user/notifications',
    { ...signedIn, schema: { response: { 200: ZNotificationSettings } } },
    async (request) => settings.getNotifications(actor(request)),
  );

  app.put(
    '/api/user/notifications',
    { ...signedIn, schema: { body: ZNotificationPreferences, response: { 200: ZNotificationSettings } } },
    async (request) => settings.setNotifications(actor(request), request.body),
  );

  app.get('/api/organization', { ...signedIn, schema: { response: { 200: ZOrganization } } }, async (request) =>
    settings.getOrganization(actor(request)),
  );

  app.patch(
    '/api/organization',
    { ...signedIn, schema: { body: ZUpdateOrganizationRequest, response: { 200: ZOrganization } } },
    async (request) => settings.updateOrganization(actor(request), request.body),
  );
}
