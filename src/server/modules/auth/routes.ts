import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZUser } from '../../../shared/contracts/user';
import {
  ZAuthProvidersResponse,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZOkResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
  ZSendOtpRequest,
  ZVerifyOtpRequest,
  ZVerifyOtpResponse,
} from '../../../shared/contracts/auth';
import { OIDC_COOKIE, OIDC_TTL_MS } from '../../providers/identity/google';
import {
  BROWSER_COOKIE,
  clearSessionCookie,
  DEVICE_COOKIE,
  requireUser,
  SESSION_COOKIE,
  setSessionCookie,
  toUser,
} from './session';
import { randomToken } from '../../lib/crypto';
import { createAuthService, DEVICE_TTL_MS, type BrowserCookies, type RequestMeta, type SignedIn } from './service';
import { createGoogleSignIn, GoogleSignInError } from './google-sign-in';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

/**
 * The sign-up browser token (ties sign-up attempts to this browser; set when missing) and the device
 * token (this browser signed in to an account before), both HttpOnly cookies scoped to /api.
 */
function browserCookies(request: FastifyRequest, reply: FastifyReply, secure: boolean): BrowserCookies {
  let browserToken = request.cookies[BROWSER_COOKIE];
  if (!browserToken || !/^[\w-]{43}$/.test(browserToken)) {
    browserToken = randomToken();
    reply.setCookie(BROWSER_COOKIE, browserToken, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      // Outlives any attempt (a day), so an attempt never loses its browser half-way.
      maxAge: DEVICE_TTL_MS / 1000,
    });
  }
  const deviceToken = request.cookies[DEVICE_COOKIE];
  return { browserToken, deviceToken: deviceToken && /^[\w-]{43}$/.test(deviceToken) ? deviceToken : undefined };
}

const ZGoogleCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

export function registerAuth(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.secureCookies;
  const auth = createAuthService({
    db: deps.database.db,
    clock: deps.clock,
    mail: deps.providers.mail,
    config: deps.config,
    log: app.log,
  });
  const google = createGoogleSignIn({
    db: deps.database.db,
    clock: deps.clock,
    config: deps.config,
    identity: deps.providers.identity,
  });
  const setDeviceCookie = (reply: FastifyReply, device: { token: string; expiresAt: Date }) =>
    reply.setCookie(DEVICE_COOKIE, device.token, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      expires: device.expiresAt,
    });
  const signIn = (reply: FastifyReply, s: SignedIn) => {
    setSessionCookie(reply, s.token, s.expiresAt, secure);
    if (s.device) setDeviceCookie(reply, s.device);
  };

  app.get('/api/user', { schema: { response: { 200: ZUser } } }, async (request) => {
    const { sessionId: _s, ...user } = requireUser(request);
    return user;
  });

  app.post(
    '/api/register',
    { schema: { body: ZRegisterRequest, response: { 200: ZRegisterResponse } } },
    async (request, reply) => {
      const { email } = await auth.register(request.body, {
        ...meta(request),
        ...browserCookies(request, reply, secure),
      });
      return { ok: true as const, email };
    },
  );

  app.post(
    '/api/auth/send-otp',
    { schema: { body: ZSendOtpRequest, response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await auth.sendOtp(request.body.email, { ...meta(request), ...browserCookies(request, reply, secure) });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-otp',
    { schema: { body: ZVerifyOtpRequest, response: { 200: ZVerifyOtpResponse } } },
    async (request, reply) => {
      const signed = await auth.verifyOtp(request.body.email, request.body.code, {
        ...meta(request),
        ...browserCookies(request, reply, secure),
      });
      signIn(reply, signed);
      return { user: toUser(signed.user) };
    },
  );

  app.post('/api/login', { schema: { body: ZLoginRequest, response: { 200: ZUser } } }, async (request, reply) => {
    const signed = await auth.login(request.body, {
      ...meta(request),
      ...browserCookies(request, reply, secure),
      previousToken: request.cookies[SESSION_COOKIE],
    });
    signIn(reply, signed);
    return toUser(signed.user);
  });

  app.post('/api/logout', { schema: { response: { 200: ZOkResponse } } }, async (request, reply) => {
    const u = request.user;
    await auth.logout(u ? { userId: u.id, sessionId: u.sessionId } : null, meta(request));
    clearSessionCookie(reply, secure);
    return { ok: true as const };
  });

  app.post(
    '/api/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: { 200: ZForgotPasswordResponse } } },
    async (request) => auth.forgotPassword(request.body.email, meta(request)),
  );

  app.post(
    '/api/reset-password',
    { schema: { body: ZResetPasswordRequest, response: { 200: ZResetPasswordResponse } } },
    async (request, reply) => {
      const { device } = await auth.resetPassword(request.body.token, request.body.password, meta(request));
      setDeviceCookie(reply, device);
      return { ok: true as const, message: 'Password reset successful' };
    },
  );

  app.get('/api/auth/providers', { schema: { response: { 200: ZAuthProvidersResponse } } }, async () => ({
    google: google.isConfigured(),
  }));

  app.get('/api/auth/google', async (request, reply) => {
    const start = await google.googleStart();
    if (start.failure) request.log.warn({ err: start.failure }, 'google sign-in could not start');
    if (start.cookie) {
      reply.setCookie(OIDC_COOKIE, start.cookie, {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: OIDC_TTL_MS / 1000,
      });
    }
    return reply.redirect(start.redirect, 302);
  });

  app.get('/api/auth/google/callback', { schema: { querystring: ZGoogleCallbackQuery } }, async (request, reply) => {
    reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/google', httpOnly: true, sameSite: 'lax', secure });
    if (!deps.providers.identity.google) return reply.redirect('/auth?error=google_not_configured', 302);
    try {
      const signed = await google.googleCallback(request.query, request.cookies[OIDC_COOKIE], meta(request));
      signIn(reply, signed);
      return reply.redirect('/dashboard', 302);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 429) throw err;
      if (err instanceof GoogleSignInError) {
        request.log.info({ reason: err.message }, 'google sign-in refused');
        return reply.redirect(`/auth?error=${err.error}`, 302);
      }
      request.log.warn({ err }, 'google sign-in failed');
      return reply.redirect('/auth?error=google_failed', 302);
    }
  });
}
