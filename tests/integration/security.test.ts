import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import {
  browserCall as call,
  freshEmail,
  lastCode,
  lastResetToken,
  nextIp,
  registerAndVerify,
  sessionCookieOf,
} from './helpers/auth-client';
import { sessions, users } from '../../src/server/db/schema/identity';

/** Races and hardening found in the server security review. Run on PostgreSQL too: races only show there. */
describe(`single use under concurrency (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('lets exactly one of several simultaneous verify-otp calls with the same code sign in', async () => {
    const email = freshEmail('race');
    const ip = nextIp();
    const reg = await call(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'a good long password', firstName: 'A', lastName: 'B' },
      { ip },
    );
    expect(reg.statusCode).toBe(200);
    const code = lastCode(ctx, email);
    // The browser that registered sends the code six times at once (another browser could not use it at all).
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(ctx, 'POST', '/api/auth/verify-otp', { email, code }, { ip })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(answers.filter((a) => sessionCookieOf(a) !== null)).toHaveLength(1);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous reset-password calls with the same token succeed', async () => {
    const { email, user } = await registerAndVerify(ctx);
    await call(ctx, 'POST', '/api/forgot-password', { email }, { ip: nextIp() });
    const token = await lastResetToken(ctx, email);
    const passwords = Array.from({ length: 5 }, (_, i) => `racing password ${i}`);
    const answers = await Promise.all(
      passwords.map((password) => call(ctx, 'POST', '/api/reset-password', { token, password }, { ip: nextIp() })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const winner = passwords[answers.findIndex((a) => a.statusCode === 200)];
    for (const password of passwords) {
      const login = await call(ctx, 'POST', '/api/login', { email, password }, { ip: nextIp() });
      expect(login.statusCode, password).toBe(password === winner ? 200 : 401);
    }
    expect(user.id).toBeTruthy();
  });

  // Was: two simultaneous profile PATCHes. An email change now takes effect at confirmation, so the
  // race is between two confirmations of the same address.
  it('answers one 200 and one 409 (never 500) when two users take the same new email at once', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const email = freshEmail('wanted');
    const codes: string[] = [];
    for (const u of [a, b]) {
      const pending = await call(
        ctx,
        'PATCH',
        '/api/user/profile',
        { firstName: 'T', lastName: 'U', email, currentPassword: u.password },
        { cookie: u.cookie },
      );
      expect(pending.statusCode).toBe(200);
      codes.push(lastCode(ctx, email));
    }
    const answers = await Promise.all(
      [a, b].map((u, i) => call(ctx, 'POST', '/api/user/email/confirm', { code: codes[i] }, { cookie: u.cookie })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_TAKEN');
    const owners = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(owners).toHaveLength(1);
  });
});

describe(`password change and reset links (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('a password change retires reset links mailed before it', async () => {
    const { email, password, cookie } = await registerAndVerify(ctx);
    await call(ctx, 'POST', '/api/forgot-password', { email }, { ip: nextIp() });
    const token = await lastResetToken(ctx, email);
    const change = await call(
      ctx,
      'PATCH',
      '/api/user/password',
      { currentPassword: password, newPassword: 'changed on purpose' },
      { cookie },
    );
    expect(change.statusCode).toBe(200);
    const reset = await call(
      ctx,
      'POST',
      '/api/reset-password',
      { token, password: 'attacker password' },
      { ip: nextIp() },
    );
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_TOKEN');
    expect(
      (await call(ctx, 'POST', '/api/login', { email, password: 'changed on purpose' }, { ip: nextIp() })).statusCode,
    ).toBe(200);
  });
});

describe(`client IP behind a proxy (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => ctx.close());

  it('takes the address the proxy saw, so a forged X-Forwarded-For does not escape per-IP limits', async () => {
    // Behind one proxy the client can prepend anything; only the right-most entry is the proxy's word.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(
        ctx,
        'POST',
        '/api/forgot-password',
        { email: freshEmail() },
        {
          ip: '10.9.9.9',
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('audits the client address the proxy reported', async () => {
    const { email, password } = await registerAndVerify(ctx);
    const res = await call(
      ctx,
      'POST',
      '/api/login',
      { email, password },
      { ip: '10.9.9.9', headers: { 'x-forwarded-for': '1.1.1.1, 198.51.100.99' } },
    );
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.ipAddress, '198.51.100.99'));
    expect(row).toBeTruthy();
  });
});

describe(`request log (${testDbKind})`, () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => ctx.close());

  it('keeps reset tokens, OIDC codes, cookies and passwords out of the log', async () => {
    const { email, password, cookie } = await registerAndVerify(ctx);
    await call(ctx, 'POST', '/api/forgot-password', { email }, { ip: nextIp() });
    const token = await lastResetToken(ctx, email);
    await call(ctx, 'GET', `/auth?token=${encodeURIComponent(token)}&lang=en`);
    await call(ctx, 'GET', '/api/auth/google/callback?state=s3cr3tstate&code=s3cr3tcode');
    await call(ctx, 'POST', '/api/login', { email, password }, { cookie });
    const log = lines.join('');
    expect(log).toContain('/auth?token=[REDACTED]&lang=en');
    expect(log).toContain('state=[REDACTED]&code=[REDACTED]');
    for (const secret of [
      token,
      encodeURIComponent(token),
      's3cr3tstate',
      's3cr3tcode',
      password,
      cookie.split('=')[1],
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toMatch(/"reqId":"[^"]+"/);
  });

  it('logs a failed query without its bound values (password hashes, token hashes)', async () => {
    const existing = await createSignedInUser(ctx);
    const secretHash = 'scrypt$131072$8$1$c2VjcmV0LXNhbHQ=$c2VjcmV0LWhhc2g=';
    const now = ctx.clock.now();
    // A primary-key clash on purpose: the failed insert carries a password hash among its values.
    const err = await ctx.database.db
      .insert(users)
      .values({
        id: existing.id,
        email: 'clash@example.com',
        firstName: 'A',
        lastName: 'B',
        passwordHash: secretHash,
        createdAt: now,
        updatedAt: now,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(secretHash);
    ctx.app.log.error({ err }, 'request failed');
    const entry = lines.find((l) => l.includes('"request failed"'))!;
    expect(entry).toContain('Failed query');
    expect(entry).not.toContain('c2VjcmV0');
    expect(entry).not.toContain('clash@example.com');
  });
});

describe(`transport hardening (${testDbKind})`, () => {
  let ctx: TestContext;
  let webDir: string;
  beforeAll(async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Voyageur</title>');
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('refuses a text/plain body (what a cross-site form can send) with 415, even where no body is read', async () => {
    const u = await createSignedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...u.headers, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await call(ctx, 'GET', '/api/user', undefined, { cookie: u.cookie })).statusCode).toBe(200);
  });

  it('answers JSON 404 for unknown API paths with any method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(ctx, method, '/api/nothing-here', {});
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('answers JSON 404 (not a bare 414) for an id longer than any route allows', async () => {
    const u = await createSignedInUser(ctx);
    const res = await call(ctx, 'DELETE', `/api/addresses/${'a'.repeat(500)}`, undefined, { cookie: u.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('sends security headers on API responses and errors', async () => {
    for (const res of [
      await call(ctx, 'GET', '/api/health'),
      await call(ctx, 'GET', '/api/user'),
      await call(ctx, 'POST', '/api/x', {}),
      // A malformed path is answered by the router, before any hook.
      await ctx.app.inject({ method: 'GET', url: '/api/shipments/%E0%A4' }),
    ]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends security headers on the HTML shell (the reset link page)', async () => {
    const web = await createTestApp();
    const { buildApp } = await import('../../src/server/app');
    const { createProviders } = await import('../../src/server/providers/index');
    const providers = createProviders(web.config, { info: () => undefined });
    const app = await buildApp({ config: web.config, database: web.database, clock: web.clock, providers, webDir });
    try {
      const res = await app.inject({ method: 'GET', url: '/auth?token=abc' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await app.close();
      await web.close();
    }
  });
});

describe('database connection limits', () => {
  it('gives up connecting to an unresponsive PostgreSQL instead of waiting forever', async () => {
    const net = await import('node:net');
    const { openDatabase } = await import('../../src/server/db/client');
    // Accepts TCP connections and never answers, like a server stuck behind a dead load balancer.
    const sockets: import('node:net').Socket[] = [];
    const server = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as import('node:net').AddressInfo).port;
    const started = Date.now();
    try {
      await expect(
        openDatabase({ kind: 'postgres', url: `postgres://u@127.0.0.1:${port}/x`, connectTimeoutMs: 300 }),
      ).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe(`AI assistant cost guard (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('limits parse-shipment calls per user with 429 and Retry-After', async () => {
    const { AI_PER_USER } = await import('../../src/server/modules/ai/routes');
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const body = { description: 'Receiver information: Ross Geller, 100 Queen St W, Toronto ON M5H 2N2' };
    for (let i = 0; i < AI_PER_USER.limit; i++) {
      expect((await call(ctx, 'POST', '/api/ai/parse-shipment', body, { cookie: u.cookie })).statusCode).toBe(200);
    }
    const limited = await call(ctx, 'POST', '/api/ai/parse-shipment', body, { cookie: u.cookie });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(ctx, 'POST', '/api/ai/parse-shipment', body, { cookie: other.cookie })).statusCode).toBe(200);
  });
});

describe(`send-otp timing (${testDbKind})`, () => {
  let ctx: TestContext;
  let hang = false;
  beforeAll(async () => {
    ctx = await createTestApp({
      providers: {
        mail: {
          kind: 'outbox',
          send: async (m) => {
            ctx.mail.push(m);
            if (hang) await new Promise(() => undefined);
          },
        },
      },
    });
  });
  afterAll(async () => ctx.close());

  it('answers without waiting for the mail server, so a pending account is not told apart by delay', async () => {
    const email = freshEmail('pending');
    const ip = nextIp();
    await call(
      ctx,
      'POST',
      '/api/register',
      { email, password: 'a good long password', firstName: 'A', lastName: 'B' },
      { ip },
    );
    ctx.clock.advance(31_000);
    hang = true;
    const res = await Promise.race([
      call(ctx, 'POST', '/api/auth/send-otp', { email }, { ip }),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000)),
    ]);
    hang = false;
    expect(res).not.toBe('hung');
    expect((res as Awaited<ReturnType<typeof call>>).statusCode).toBe(200);
    expect(ctx.mail.filter((m) => m.to === email)).toHaveLength(2);
  });
});

describe(`"is this the API" follows the matched route, not the raw URL (${testDbKind})`, () => {
  let ctx: TestContext;
  let app: TestContext['app'];
  beforeAll(async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Voyageur</title>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestApp();
    // The same app serving a built web app: unknown non-API paths get its HTML.
    const { buildApp } = await import('../../src/server/app');
    const { createProviders } = await import('../../src/server/providers/index');
    const providers = createProviders(ctx.config, { info: () => undefined });
    app = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock, providers, webDir });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  const login = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', host: 'localhost:5000' },
      payload: { email: 'someone@example.com', password: 'a good long password' },
    });

  it('refuses POST /%61pi/login from a foreign Origin exactly like POST /api/login', async () => {
    const plain = await login('/api/login');
    expect(plain.statusCode).toBe(403);
    for (const url of ['/%61pi/login', '/%61%70%69/login', '/api/%6cogin']) {
      const encoded = await login(url);
      expect(encoded.statusCode, url).toBe(403);
      expect(encoded.json(), url).toEqual(plain.json());
      expect(encoded.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('reads the session and sends no-store on GET /%61pi/user like GET /api/user', async () => {
    const u = await createSignedInUser(ctx);
    const plain = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: u.cookie } });
    const encoded = await app.inject({ method: 'GET', url: '/%61pi/user', headers: { cookie: u.cookie } });
    expect(plain.statusCode).toBe(200);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toEqual(plain.json());
    expect(encoded.headers['cache-control']).toBe('no-store');
  });

  it('serves hashed assets as immutable, other files no-cache, and a missing file as the web app', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missing.statusCode).toBe(200);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers['cache-control']).toBe('no-cache');
    const climb = await app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(climb.body).not.toContain('root:');
  });

  it('answers JSON 404 with no-store under /api however the path is written, and the web app elsewhere', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing-here', '/api', '/%61pi', '/api/nothing?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const page = await app.inject({ method: 'GET', url: '/apiary/some-page' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
