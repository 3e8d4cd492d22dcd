import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

const WEBHOOK_SECRET = 'whsec_test_integration';
const stripe = new Stripe('sk_test_unused');

/** With Stripe configured (no network: only calls that need no Stripe request are made here). */
describe(`Stripe configured (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_integration',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_integration',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
  });
  afterAll(async () => ctx.close());

  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const post = (payload: string, header?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      payload,
    });
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'customer.created',
      created: nowSeconds(),
      data: { object: { id: 'cus_1' } },
    });

  it('tells the web to use Stripe with the publishable key, and the CSP allows Stripe only now', async () => {
    const u = await createSignedInUser(ctx);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/payments/config', headers: u.headers });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_integration' });
    const page = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    // The sandbox's own routes do not exist with Stripe.
    const sandbox = await ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-intents/pi_1/confirm',
      payload: { clientSecret: 'x', paymentMethodId: 'pm_1' },
    });
    expect(sandbox.statusCode).toBe(404);
    expect((await post(event('evt_sbx'), 't=1,v1=00')).statusCode).toBe(400);
  });

  it('verifies the signature over the raw body with a 300 s tolerance and applies each event id once', async () => {
    const payload = event('evt_integration_1');
    const header = (body: string, timestamp = nowSeconds(), secret = WEBHOOK_SECRET) =>
      stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
    const first = await post(payload, header(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await post(payload, header(payload))).json()).toEqual({ received: true, duplicate: true });
    expect((await post(payload)).statusCode).toBe(400);
    expect((await post(payload, header(payload, nowSeconds(), 'whsec_other'))).statusCode).toBe(400);
    expect((await post(payload, header(payload, nowSeconds() - 301))).statusCode).toBe(400);
    const tampered = payload.replace('cus_1', 'cus_2');
    expect((await post(tampered, header(payload))).statusCode).toBe(400);
    // Whitespace is part of what was signed: the same JSON re-serialised is not the same body.
    const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await post(reformatted, header(payload))).statusCode).toBe(400);
  });
});

describe(`Stripe not configured (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('keeps the CSP to our own origin and refuses Stripe webhooks', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).not.toContain('stripe');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
