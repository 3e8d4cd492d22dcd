import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { MAX_URL_BYTES } from '../../src/server/app';

/** An over-long URL is refused with 414 before sign-in or a route reads it: the same answer signed in or not. */
describe(`over-long URLs (${testDbKind})`, () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await createSignedInUser(ctx)).cookie;
  });
  afterAll(async () => ctx.close());

  const longUrls = [
    `/api/shipments?search=${'a'.repeat(9000)}`,
    `/api/shipments/${'a'.repeat(9000)}`,
    `/api/me?x=${'a'.repeat(MAX_URL_BYTES)}`,
    `/shipments?search=${'a'.repeat(9000)}`,
  ];

  for (const signedIn of [false, true]) {
    for (const url of longUrls) {
      it(`answers 414 URI_TOO_LONG for GET ${url.slice(0, 22)}… (${signedIn ? 'signed in' : 'signed out'})`, async () => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });
        expect(res.statusCode).toBe(414);
        expect(res.json()).toMatchObject({ code: 'URI_TOO_LONG', fieldErrors: { url: [expect.any(String)] } });
      });
    }
  }

  it('answers 414 to a signed-in POST with an over-long query, before the CSRF and body checks', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/rates?x=${'b'.repeat(9000)}`,
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(414);
    expect(res.json().code).toBe('URI_TOO_LONG');
  });

  it('counts bytes, not characters: 3,000 Chinese characters (9 KB as UTF-8, percent-encoded more) are too long', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipments?search=${encodeURIComponent('中'.repeat(3000))}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(414);
  });

  it('lets a URL just under the limit reach the route: signed out 401, signed in the field is named', async () => {
    const url = `/api/shipments?search=${'a'.repeat(MAX_URL_BYTES - 100)}`;
    const out = await ctx.app.inject({ method: 'GET', url });
    expect(out.statusCode).toBe(401);
    const signed = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().fieldErrors).toHaveProperty('search');
  });

  it('answers the same 414 JSON over a real connection, signed in or not', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const res = await fetch(`${address}/api/shipments?search=${'a'.repeat(9000)}`, { headers });
      expect(res.status).toBe(414);
      expect(((await res.json()) as { code: string }).code).toBe('URI_TOO_LONG');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it("past what Node reads (100 kB of query), 431 in the same JSON shape naming the headers, not Fastify's own", async () => {
    const address = ctx.app.server.listening
      ? ctx.app.listeningOrigin
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/bulk-imports?x=${'a'.repeat(100_000)}`, { headers: { cookie } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Answered on the socket, before any hook: the security headers all the same.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.json()).toEqual({
      message: 'The address and headers are too large',
      code: 'VALIDATION_ERROR',
      fieldErrors: { headers: ['The address and headers must be at most 16384 bytes together'] },
    });
  });
});
