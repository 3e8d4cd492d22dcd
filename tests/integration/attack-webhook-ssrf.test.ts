/**
 * Webhook URLs a hostile client tries for server-side request forgery (decision 034): every IPv6
 * form that carries an IPv4 address is refused when the endpoint is saved, the IPv4-translated
 * ::ffff:0:a.b.c.d (SIIT) among them, through both the session call and the public API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

describe(`webhook URLs carrying a private IPv4 address are refused (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  const urls = [
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:0:127.0.0.1]/hook',
    'https://[::ffff:0:169.254.169.254]/latest/meta-data',
    'https://[0:0:0:0:ffff:0:a00:1]/hook',
  ];

  it('answers 400 naming url for each, and keeps no endpoint', async () => {
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: user.headers,
      payload: { name: 'k', mode: 'live' },
    });
    const bearer = { authorization: `Bearer ${key.json().key}` };
    for (const url of urls) {
      const session = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: user.headers,
        payload: { url, events: ['shipment.created'] },
      });
      expect(session.statusCode, `${url}: ${session.body}`).toBe(400);
      expect(session.json().fieldErrors.url[0]).toMatch(/public address/);
      const v1 = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: bearer,
        payload: { url, events: ['shipment.created'] },
      });
      expect(v1.statusCode, `${url}: ${v1.body}`).toBe(400);
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: user.headers });
    expect(list.json()).toEqual([]);
  });
});
