import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

/**
 * Whatever a client sends, the server answers with a deliberate status, never a 500. Arbitrary JSON
 * (and near-miss shapes of the real bodies) goes to every endpoint that takes a body or a query.
 */
const ENDPOINTS: { method: 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE'; url: string }[] = [
  { method: 'POST', url: '/api/register' },
  { method: 'POST', url: '/api/login' },
  { method: 'POST', url: '/api/auth/send-otp' },
  { method: 'POST', url: '/api/auth/verify-otp' },
  { method: 'POST', url: '/api/forgot-password' },
  { method: 'POST', url: '/api/reset-password' },
  { method: 'PATCH', url: '/api/user/profile' },
  { method: 'PATCH', url: '/api/user/password' },
  { method: 'PATCH', url: '/api/user/locale' },
  { method: 'POST', url: '/api/user/email/confirm' },
  { method: 'DELETE', url: '/api/user/email/pending' },
  { method: 'PUT', url: '/api/user/notifications' },
  { method: 'PATCH', url: '/api/organization' },
  { method: 'POST', url: '/api/addresses' },
  { method: 'PUT', url: '/api/addresses/not-a-uuid' },
  { method: 'PUT', url: '/api/addresses/00000000-0000-4000-8000-000000000000' },
  { method: 'DELETE', url: '/api/addresses/%00' },
  { method: 'POST', url: '/api/rates/quote' },
  { method: 'POST', url: '/api/ai/parse-shipment' },
  { method: 'GET', url: '/api/admin/audit-logs?userId=x' },
  { method: 'GET', url: '/api/admin/audit-logs?userId=00000000-0000-4000-8000-000000000000&userId=x' },
  { method: 'DELETE', url: '/api/addresses/00000000-0000-4000-8000-000000000000' },
  { method: 'PUT', url: `/api/addresses/${'9'.repeat(400)}` },
  { method: 'GET', url: '/api/user/notifications?x=%00' },
  { method: 'POST', url: '/api/nothing-here' },
];

// Any code point, NUL and lone surrogates included.
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }));

const nearAddress = fc.record(
  {
    name: fc.oneof(text, fc.constant('Rachel Green')),
    streetAddress: text,
    address1: text,
    city: text,
    province: fc.oneof(fc.constantFrom('ON', 'QC', 'XX', 'on', ''), text),
    postalCode: fc.oneof(fc.constantFrom('M5V 3L9', 'H2X1Y4', 'ZZZ', ''), text),
    country: fc.oneof(fc.constantFrom('CA', 'US', 'FR'), text),
    phone: text,
  },
  { requiredKeys: [] },
);
const nearBody = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), text, fc.integer()),
    password: fc.oneof(text, fc.constant('password123'), fc.integer()),
    firstName: fc.oneof(text, fc.constant(null)),
    lastName: text,
    code: fc.oneof(text, fc.constant('123456'), fc.integer()),
    token: text,
    description: fc.oneof(text, fc.string({ unit: 'grapheme', maxLength: 300 })),
    fromAddress: fc.oneof(nearAddress, fc.anything()),
    toAddress: fc.oneof(nearAddress, fc.anything()),
    packageDetails: fc.oneof(
      fc.record(
        { weight: fc.double(), length: fc.double(), width: fc.double(), height: fc.double() },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
    locale: fc.oneof(fc.constantFrom('en', 'zh', 'fr'), fc.anything()),
    isDefault: fc.anything(),
  },
  { requiredKeys: [] },
);

describe(`no input answers 500 (${testDbKind})`, () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await createSignedInUser(ctx)).cookie;
  });
  afterAll(async () => ctx.close());

  it('answers every endpoint with a deliberate status for arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.oneof(
          nearBody,
          fc.jsonValue(),
          fc.json().map((j) => ({ raw: j })),
        ),
        fc.boolean(),
        async (endpoint, body, signedIn) => {
          const res = await ctx.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
            payload: endpoint.method === 'GET' ? undefined : JSON.stringify(body),
          });
          expect(
            res.statusCode,
            `${endpoint.method} ${endpoint.url} ${JSON.stringify(body)} -> ${res.body}`,
          ).toBeLessThan(500);
          expect(() => res.json()).not.toThrow();
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
  });
});

describe(`deeply nested and long-keyed JSON (${testDbKind})`, () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    cookie = (await createSignedInUser(ctx)).cookie;
  });
  afterAll(async () => ctx.close());

  const send = (url: string, payload: string) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload });

  it('answers 400 naming the nesting limit for 20 KB of nested arrays around a NUL, and for nested objects', async () => {
    const arrays = `${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`;
    const objects = `${'{"a":'.repeat(4000)}"\\u0000"${'}'.repeat(4000)}`;
    const plain = `${'['.repeat(65)}1${']'.repeat(65)}`;
    for (const payload of [arrays, objects, plain]) {
      for (const url of ['/api/login', '/api/addresses', '/api/ai/parse-shipment']) {
        const res = await send(url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({
          message: 'Invalid body: JSON must not be nested deeper than 64 levels',
          code: 'VALIDATION_ERROR',
          fieldErrors: { body: ['JSON must not be nested deeper than 64 levels'] },
        });
      }
    }
  });

  it('reads JSON nested up to the limit as before (a NUL in it is named by a shortened path)', async () => {
    const res = await send('/api/login', `${'['.repeat(64)}"\\u0000"${']'.repeat(64)}`);
    expect(res.statusCode).toBe(400);
    const [key] = Object.keys(res.json().fieldErrors);
    expect(key.length).toBeLessThanOrEqual(80);
    expect(key).toMatch(/^0\.0\.0\..*…$/);
    expect(res.json().message).toBe(`Invalid ${key}: text must not contain NUL characters`);
  });

  it('never echoes a kilobyte-long key path in the message or the field error key', async () => {
    const longKey = 'k'.repeat(2000);
    const res = await send('/api/login', JSON.stringify({ [longKey]: { [longKey]: 'a\u0000b' } }));
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(400);
    const [key] = Object.keys(res.json().fieldErrors);
    expect(key).toBe(`${'k'.repeat(79)}…`);
    expect(res.json().message).toBe(`Invalid ${key}: text must not contain NUL characters`);
  });

  it('still names a short field holding a NUL exactly', async () => {
    const res = await send('/api/login', JSON.stringify({ email: 'a@example.com', password: 'x\u0000y' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid password: text must not contain NUL characters',
      code: 'VALIDATION_ERROR',
      fieldErrors: { password: ['Text must not contain NUL characters'] },
    });
  });
});
