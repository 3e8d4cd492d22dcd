import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { call, freshEmail, nextIp, sessionCookieOf } from './helpers/auth-client';
import { startLocalOidc, TestBrowser, type LocalAccount, type LocalOidc } from './helpers/local-oidc';
import { auditLogs, organizations, users } from '../../src/server/db/schema/identity';
import { SESSION_COOKIE } from '../../src/server/modules/auth/session';

const CLIENT_ID = 'voyageur-test.apps.example';
const CLIENT_SECRET = 'a-client-secret';
const REDIRECT_URI = 'http://localhost:5000/api/auth/google/callback';
const googleEnv = (issuer: string) => ({
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_ISSUER: issuer,
});

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

    it('tells the web app that Google is not offered', async () => {
      const res = await call(ctx, 'GET', '/api/auth/providers');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ google: false });
    });
  });

  describe('provider unreachable', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      // Nothing listens on loopback port 9: start-up must not care, sign-in answers google_failed.
      ctx = await createTestApp({ env: googleEnv('http://127.0.0.1:9') });
    });
    afterAll(async () => ctx.close());

    it('starts, offers Google, and sends a sign-in attempt back to /auth with google_failed', async () => {
      expect((await call(ctx, 'GET', '/api/auth/providers')).json()).toEqual({ google: true });
      const res = await call(ctx, 'GET', '/api/auth/google');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?error=google_failed');
      expect(res.cookies.find((c) => c.name === 'voyageur_oidc')).toBeUndefined();
    });
  });

  describe('against a real OpenID provider', () => {
    let ctx: TestContext;
    let idp: LocalOidc;
    let seq = 0;

    beforeAll(async () => {
      idp = await startLocalOidc();
      idp.register({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI });
      ctx = await createTestApp({ env: googleEnv(idp.issuer) });
    });
    afterAll(async () => {
      await ctx?.close();
      await idp?.close();
    });

    /** A user at the provider; returns their subject. */
    function providerUser(over: Partial<LocalAccount> = {}): string {
      const sub = `idp-user-${++seq}`;
      idp.accounts.set(sub, {
        email: freshEmail('g'),
        email_verified: true,
        given_name: 'Marie',
        family_name: 'Curie',
        ...over,
      });
      return sub;
    }

    const isCallback = (url: URL) => url.href.startsWith(`${REDIRECT_URI}?`);

    /** Clicks "Sign in with Google" and stops on the provider's login/consent screen. */
    async function startAtProvider(browser: TestBrowser) {
      const page = await browser.visit('/api/auth/google');
      expect(page.url.origin).toBe(idp.issuer);
      expect(page.status).toBe(200);
      expect(JSON.parse(page.body)).toMatchObject({ prompt: 'login' });
      return page.url;
    }

    /** The whole round trip; returns where the browser lands on our site. */
    async function signIn(browser: TestBrowser, sub: string, decision: 'approve' | 'deny' = 'approve') {
      const screen = await startAtProvider(browser);
      return browser.visit(`${screen.href}/${decision}`, { form: { account: sub } });
    }

    const sessionOf = (browser: TestBrowser) => {
      const token = browser.cookie(new URL(ctx.config.appUrl), SESSION_COOKIE);
      return token ? `${SESSION_COOKIE}=${token}` : null;
    };

    async function me(browser: TestBrowser) {
      const res = await call(ctx, 'GET', '/api/user', undefined, { cookie: sessionOf(browser) ?? '' });
      return res.statusCode === 200 ? (res.json() as { id: string; email: string; organizationId: string }) : null;
    }

    it('tells the web app that Google is offered', async () => {
      expect((await call(ctx, 'GET', '/api/auth/providers')).json()).toEqual({ google: true });
    });

    it('sends the browser to the provider with PKCE (S256), state and nonce, tied to an HttpOnly cookie', async () => {
      const res = await call(ctx, 'GET', '/api/auth/google');
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe(idp.issuer);
      const q = location.searchParams;
      expect(q.get('client_id')).toBe(CLIENT_ID);
      expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
      expect(q.get('response_type')).toBe('code');
      expect(q.get('scope')).toBe('openid email profile');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(q.get('state')).toMatch(/^[0-9a-f]{64}$/);
      expect(q.get('nonce')).toMatch(/^[0-9a-f]{64}$/);
      const cookie = res.cookies.find((c) => c.name === 'voyageur_oidc')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    });

    it('creates a new user with an organization, then signs the same user in again', async () => {
      const sub = providerUser();
      const { email } = idp.accounts.get(sub)!;
      const browser = new TestBrowser(ctx, nextIp());
      const landed = await signIn(browser, sub);
      expect(landed.url.pathname).toBe('/dashboard');
      expect(browser.visited.some(isCallback)).toBe(true);
      // The attempt cookie is spent.
      expect(browser.cookie(new URL(ctx.config.appUrl), 'voyageur_oidc')).toBeUndefined();
      const user = await me(browser);
      expect(user).toMatchObject({ email, firstName: 'Marie', lastName: 'Curie', emailVerified: true });
      const [org] = await ctx.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, user!.organizationId));
      expect(org.name).toBe('Marie Curie');

      // Returning: another browser, same provider account, same user.
      const again = new TestBrowser(ctx, nextIp());
      expect((await signIn(again, sub)).url.pathname).toBe('/dashboard');
      expect((await me(again))?.id).toBe(user!.id);
      const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, user!.id));
      expect(logs.filter((l) => l.action === 'google_sign_in').map((l) => l.details)).toEqual([
        'Account created with Google',
        'Signed in with Google',
      ]);
    });

    it('links an account registered with a password when the provider says the email is verified', async () => {
      const existing = await createSignedInUser(ctx, { email: freshEmail('pw') });
      const [before] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
      const sub = providerUser({ email: existing.email.toUpperCase(), email_verified: true });
      const browser = new TestBrowser(ctx, nextIp());
      expect((await signIn(browser, sub)).url.pathname).toBe('/dashboard');
      expect((await me(browser))?.id).toBe(existing.id);
      const [after] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
      expect(after.googleSubject).toBe(sub);
      expect(after.passwordHash).toBe(before.passwordHash);
    });

    it('refuses to link an account registered with a password when the email is not verified', async () => {
      const existing = await createSignedInUser(ctx, { email: freshEmail('pw') });
      const sub = providerUser({ email: existing.email, email_verified: false });
      const browser = new TestBrowser(ctx, nextIp());
      const landed = await signIn(browser, sub);
      expect(landed.url.pathname + landed.url.search).toBe('/auth?error=google_email_unverified');
      expect(sessionOf(browser)).toBeNull();
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
      expect(row.googleSubject).toBeNull();
    });

    it('refuses a new user whose email the provider has not verified', async () => {
      const sub = providerUser({ email_verified: false });
      const browser = new TestBrowser(ctx, nextIp());
      const landed = await signIn(browser, sub);
      expect(landed.url.pathname + landed.url.search).toBe('/auth?error=google_email_unverified');
      expect(sessionOf(browser)).toBeNull();
      const rows = await ctx.database.db
        .select()
        .from(users)
        .where(eq(users.email, idp.accounts.get(sub)!.email));
      expect(rows).toEqual([]);
    });

    it('sends a denied consent back to /auth with google_cancelled and no session', async () => {
      const sub = providerUser();
      const browser = new TestBrowser(ctx, nextIp());
      const landed = await signIn(browser, sub, 'deny');
      const callback = browser.visited.find(isCallback)!;
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(landed.url.pathname + landed.url.search).toBe('/auth?error=google_cancelled');
      expect(sessionOf(browser)).toBeNull();
    });

    it('refuses a replayed callback, with or without the attempt cookie', async () => {
      const sub = providerUser();
      const browser = new TestBrowser(ctx, nextIp());
      const screen = await startAtProvider(browser);
      const oidcCookie = browser.cookie(new URL(ctx.config.appUrl), 'voyageur_oidc')!;
      expect((await browser.visit(`${screen.href}/approve`, { form: { account: sub } })).url.pathname).toBe(
        '/dashboard',
      );
      const callback = browser.visited.find(isCallback)!;

      // The same browser opens the callback URL again (history, back button).
      const replay = await call(ctx, 'GET', callback.pathname + callback.search, undefined, {
        cookie: sessionOf(browser)!,
      });
      expect(replay.headers.location).toBe('/auth?error=google_failed');
      expect(sessionCookieOf(replay)).toBeNull();

      // Someone who captured both the callback URL and the attempt cookie.
      const thief = new TestBrowser(ctx, nextIp());
      thief.setCookie(new URL(ctx.config.appUrl), 'voyageur_oidc', oidcCookie);
      const stolen = await thief.visit(callback);
      expect(stolen.url.pathname + stolen.url.search).toBe('/auth?error=google_failed');
      expect(sessionOf(thief)).toBeNull();
    });

    it('refuses a forged state, and a callback from a sign-in another browser started', async () => {
      const browser = new TestBrowser(ctx, nextIp());
      await startAtProvider(browser);
      const forged = await browser.visit('/api/auth/google/callback?code=made-up&state=forged');
      expect(forged.url.pathname + forged.url.search).toBe('/auth?error=google_failed');
      expect(sessionOf(browser)).toBeNull();

      // An attacker completes their own sign-in but stops before the callback, then gets the victim's
      // browser (which has its own attempt cookie) to open it: login CSRF.
      const attacker = new TestBrowser(ctx, nextIp());
      const screen = await startAtProvider(attacker);
      const stopped = await attacker.visit(`${screen.href}/approve`, {
        form: { account: providerUser() },
        stopAt: isCallback,
      });
      const victim = new TestBrowser(ctx, nextIp());
      await startAtProvider(victim);
      const landed = await victim.visit(stopped.url);
      expect(landed.url.pathname + landed.url.search).toBe('/auth?error=google_failed');
      expect(sessionOf(victim)).toBeNull();
      // The attacker's own browser still completes (the state was not spent by the refused attempt).
      expect((await attacker.visit(stopped.url)).url.pathname).toBe('/dashboard');
    });

    it('refuses an id_token whose signature does not match the provider keys', async () => {
      // A fresh app: the first one has already cached the provider's real keys.
      const other = await createTestApp({ env: googleEnv(idp.issuer) });
      idp.serveWrongKeys = true;
      try {
        const sub = providerUser();
        const browser = new TestBrowser(other, nextIp());
        const page = await browser.visit('/api/auth/google');
        const landed = await browser.visit(`${page.url.href}/approve`, { form: { account: sub } });
        expect(landed.url.pathname + landed.url.search).toBe('/auth?error=google_failed');
        const rows = await other.database.db
          .select()
          .from(users)
          .where(eq(users.email, idp.accounts.get(sub)!.email));
        expect(rows).toEqual([]);
      } finally {
        idp.serveWrongKeys = false;
        await other.close();
      }
    });
  });
});
