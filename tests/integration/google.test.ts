import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { call, registerAndVerify, sessionCookieOf } from './helpers/auth-client';
import { auditLogs, organizations, users } from '../../src/server/db/schema/identity';
import { createGoogleOidc } from '../../src/server/providers/identity/google';

const CLIENT_ID = 'voyageur-test.apps.googleusercontent.com';

type Claims = Record<string, unknown>;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const idToken = (claims: Claims) => `${b64({ alg: 'RS256' })}.${b64(claims)}.c2ln`;

describe(`Google sign-in (${testDbKind})`, () => {
  describe('not configured', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(async () => ctx.close());

    it('redirects back to /auth with google_not_configured', async () => {
      for (const url of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
        const res = await call(ctx, 'GET', url);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/auth?error=google_not_configured');
      }
    });
  });

  describe('configured', () => {
    let ctx: TestContext;
    /** What the fake token endpoint answers next. */
    let nextClaims: (nonce: string) => Claims;
    let lastNonce = '';
    let tokenStatus = 200;

    beforeAll(async () => {
      const google = createGoogleOidc({
        clientId: CLIENT_ID,
        clientSecret: 'secret',
        fetch: async (url, init) => {
          expect(url).toBe('https://oauth2.googleapis.com/token');
          const form = new URLSearchParams(init.body);
          expect(form.get('grant_type')).toBe('authorization_code');
          expect(form.get('redirect_uri')).toBe('http://localhost:5000/api/auth/google/callback');
          return {
            ok: tokenStatus === 200,
            status: tokenStatus,
            json: async () => ({ id_token: idToken(nextClaims(lastNonce)) }),
          };
        },
      });
      ctx = await createTestApp({
        env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'secret' },
        providers: { identity: { google } },
      });
    });
    afterAll(async () => ctx.close());

    const validClaims =
      (over: Claims = {}) =>
      (nonce: string): Claims => ({
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: 'google-sub-1',
        email: 'Marie.Curie@Example.com',
        email_verified: true,
        given_name: 'Marie',
        family_name: 'Curie',
        nonce,
        iat: Math.floor(ctx.clock.now().getTime() / 1000),
        exp: Math.floor(ctx.clock.now().getTime() / 1000) + 3600,
        ...over,
      });

    /** Starts sign-in and returns the state and the cookie the browser would carry back. */
    async function start() {
      const res = await call(ctx, 'GET', '/api/auth/google');
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(location.searchParams.get('scope')).toContain('openid');
      const oidc = res.cookies.find((c) => c.name === 'voyageur_oidc')!;
      expect(oidc.httpOnly).toBe(true);
      lastNonce = location.searchParams.get('nonce')!;
      return { state: location.searchParams.get('state')!, cookie: `voyageur_oidc=${oidc.value}` };
    }

    it('creates an account with an organization, signs in and redirects to /dashboard', async () => {
      nextClaims = validClaims();
      const { state, cookie } = await start();
      const res = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`, undefined, { cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/dashboard');
      const session = sessionCookieOf(res)!;
      const me = await call(ctx, 'GET', '/api/user', undefined, { cookie: session });
      expect(me.json()).toMatchObject({
        email: 'marie.curie@example.com',
        firstName: 'Marie',
        role: 'end_user',
        emailVerified: true,
      });
      const [org] = await ctx.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, me.json().organizationId));
      expect(org.name).toBe('Marie Curie');
      const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, me.json().id));
      expect(logs.map((l) => l.action)).toContain('google_sign_in');

      // The same Google account signs in to the same user again.
      const again = await start();
      const second = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${again.state}`, undefined, {
        cookie: again.cookie,
      });
      expect(second.headers.location).toBe('/dashboard');
      const me2 = await call(ctx, 'GET', '/api/user', undefined, { cookie: sessionCookieOf(second)! });
      expect(me2.json().id).toBe(me.json().id);
    });

    it('links to an existing account with the same email', async () => {
      const { email, user } = await registerAndVerify(ctx);
      nextClaims = validClaims({ sub: 'google-sub-2', email });
      const { state, cookie } = await start();
      const res = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`, undefined, { cookie });
      expect(res.headers.location).toBe('/dashboard');
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row.googleSubject).toBe('google-sub-2');
    });

    const failures: [string, () => (nonce: string) => Claims][] = [
      ['wrong audience', () => validClaims({ aud: 'someone-else' })],
      ['wrong issuer', () => validClaims({ iss: 'https://evil.example' })],
      ['expired', () => validClaims({ exp: Math.floor(ctx.clock.now().getTime() / 1000) - 3600 })],
      ['unverified email', () => validClaims({ email_verified: false, sub: 'google-sub-3', email: 'x@example.com' })],
      ['wrong nonce', () => (nonce: string) => ({ ...validClaims()(nonce), nonce: 'other' })],
    ];
    for (const [name, claims] of failures) {
      it(`redirects to google_failed: ${name}`, async () => {
        nextClaims = claims();
        const { state, cookie } = await start();
        const res = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`, undefined, { cookie });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/auth?error=google_failed');
        expect(sessionCookieOf(res)).toBeNull();
      });
    }

    it('redirects to google_failed for a forged state, a missing cookie, a stale attempt or a token error', async () => {
      nextClaims = validClaims();
      const { state, cookie } = await start();
      const forged = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=forged`, undefined, { cookie });
      expect(forged.headers.location).toBe('/auth?error=google_failed');
      const noCookie = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`);
      expect(noCookie.headers.location).toBe('/auth?error=google_failed');
      const denied = await call(ctx, 'GET', `/api/auth/google/callback?error=access_denied&state=${state}`, undefined, {
        cookie,
      });
      expect(denied.headers.location).toBe('/auth?error=google_failed');
      tokenStatus = 400;
      const tokenError = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`, undefined, {
        cookie,
      });
      expect(tokenError.headers.location).toBe('/auth?error=google_failed');
      tokenStatus = 200;
      ctx.clock.advance(11 * 60_000);
      const stale = await call(ctx, 'GET', `/api/auth/google/callback?code=abc&state=${state}`, undefined, { cookie });
      expect(stale.headers.location).toBe('/auth?error=google_failed');
    });
  });
});
