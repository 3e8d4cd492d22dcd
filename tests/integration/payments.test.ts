import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { deliverSandboxEvents } from '../../src/server/modules/payments/sandbox-delivery';
import type { SandboxPayments } from '../../src/server/providers/payments/sandbox';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;

const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const card = (number: string, cvc = '123') => ({ number, expMonth: 12, expYear: 2030, cvc, name: 'Ada Tremblay' });

describe(`card top-ups and saved cards (${testDbKind})`, () => {
  let ctx: TestContext;
  let sandbox: SandboxPayments;
  const logLines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
    sandbox = ctx.providers.payments as SandboxPayments;
  });
  afterAll(async () => ctx.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const createIntent = (u: User, amount: unknown, extra: object = {}) =>
    inject('POST', '/api/create-payment-intent', u.headers, { amount, savePaymentMethod: true, ...extra });

  const sandboxConfirm = (intent: { paymentIntentId: string; clientSecret: string }, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
      payload: { clientSecret: intent.clientSecret, ...body },
    });

  const confirmPayment = (u: User, paymentIntentId: string) =>
    inject('POST', '/api/confirm-payment', u.headers, { paymentIntentId });

  const balance = async (u: User) => (await inject('GET', '/api/wallet', u.headers)).json().balance as string;
  const ledger = async (u: User) =>
    rowsOf<{ type: string; direction: string; status: string; amount_cents: string | number }>(
      await ctx.database.db.execute(
        sql`select type, direction, status, amount_cents from wallet_transactions where user_id = ${u.id} order by seq`,
      ),
    ).map((r) => `${r.type}:${r.direction}:${r.status}:${Number(r.amount_cents)}`);

  /** Lets the sandbox's immediate webhook delivery (queued after each confirm) run. */
  const settle = () => new Promise((r) => setTimeout(r, 50));

  async function topUp(u: User, amount: number, number = VISA) {
    const created = await createIntent(u, amount);
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json();
    const paid = await sandboxConfirm(intent, { card: card(number) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    const confirmed = await confirmPayment(u, intent.paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await settle();
    return { intent, confirmed: confirmed.json() };
  }

  it('creates an intent for $10.00 to $10,000.00 and refuses amounts past either bound, naming the field', async () => {
    const u = await createSignedInUser(ctx);
    for (const ok of [10, '10.00', 10000, '10000.00', 50.5]) {
      const res = await createIntent(u, ok);
      expect(res.statusCode, `${ok}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.clientSecret).toMatch(/_secret_/);
      expect(body.paymentIntentId).toMatch(/^pi_/);
      expect(body.provider).toBe('sandbox');
      expect(body.currency).toBe('CAD');
    }
    for (const bad of [9.99, '9.99', 10000.01, 0, -50, 'fifty', null, '1e3', 10.001]) {
      const res = await createIntent(u, bad);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain('amount');
    }
    expect((await inject('POST', '/api/create-payment-intent', {}, { amount: 50 })).statusCode).toBe(401);
    expect(await balance(u)).toBe('0.00');
  });

  it('tops up $50 with 4242…: credited once as a topup, the card saved as the default', async () => {
    const u = await createSignedInUser(ctx);
    const { intent, confirmed } = await topUp(u, 50);
    expect(confirmed.success).toBe(true);
    expect(confirmed.balance).toBe('50.00');
    expect(confirmed.transaction).toMatchObject({
      type: 'topup',
      direction: 'credit',
      amount: '50.00',
      status: 'completed',
    });
    expect(confirmed.transaction.reference).toBe(intent.paymentIntentId);
    expect(await balance(u)).toBe('50.00');
    expect(await ledger(u)).toEqual(['topup:credit:completed:5000']);
    const again = await confirmPayment(u, intent.paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(again.json().credited).toBe(false);
    expect(again.json().transaction.id).toBe(confirmed.transaction.id);
    const cards = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, isDefault: true });
    expect(cards[0].card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000000000009987', 'card_declined', 'Your card was declined.'],
    ['4242424242424241', 'incorrect_number', 'Your card number is incorrect.'],
  ])('a payment with %s answers 402 %s and credits nothing', async (number, code, message) => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 50)).json();
    const res = await sandboxConfirm(intent, { card: card(number) });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toMatchObject({ type: 'card_error', code, message });
    await settle();
    const confirmed = await confirmPayment(u, intent.paymentIntentId);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().code).toBe('PAYMENT_NOT_COMPLETED');
    expect(await balance(u)).toBe('0.00');
    expect((await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods).toEqual([]);
  });

  it('the decline reasons name insufficient funds and a lost card', async () => {
    const u = await createSignedInUser(ctx);
    const a = (await createIntent(u, 50)).json();
    expect((await sandboxConfirm(a, { card: card('4000000000009995') })).json().error.declineCode).toBe(
      'insufficient_funds',
    );
    const b = (await createIntent(u, 50)).json();
    expect((await sandboxConfirm(b, { card: card('4000000000009987') })).json().error.declineCode).toBe('lost_card');
  });

  it('the authentication card: approve credits, fail does not', async () => {
    const u = await createSignedInUser(ctx);
    const ok = (await createIntent(u, 25)).json();
    const step = await sandboxConfirm(ok, { card: card('4000002760003184') });
    expect(step.json()).toMatchObject({ status: 'requires_action', nextAction: { type: 'sandbox_authentication' } });
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${ok.paymentIntentId}/authenticate`,
      payload: { clientSecret: ok.clientSecret, outcome: 'approve' },
    });
    expect(approved.json().status).toBe('succeeded');
    expect((await confirmPayment(u, ok.paymentIntentId)).statusCode).toBe(200);

    const no = (await createIntent(u, 25)).json();
    await sandboxConfirm(no, { card: card('4000002760003184') });
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${no.paymentIntentId}/authenticate`,
      payload: { clientSecret: no.clientSecret, outcome: 'fail' },
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error.code).toBe('payment_intent_authentication_failure');
    await settle();
    expect((await confirmPayment(u, no.paymentIntentId)).statusCode).toBe(409);
    expect(await balance(u)).toBe('25.00');
  });

  it('pays again with the saved card (no number sent)', async () => {
    const u = await createSignedInUser(ctx);
    await topUp(u, 20);
    const [saved] = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    const intent = (await createIntent(u, 30)).json();
    const paid = await sandboxConfirm(intent, { paymentMethodId: saved.id });
    expect(paid.json().status).toBe('succeeded');
    expect((await confirmPayment(u, intent.paymentIntentId)).statusCode).toBe(200);
    expect(await balance(u)).toBe('50.00');
    // The same card paid twice is one saved card.
    expect((await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods).toHaveLength(1);
    // Another user cannot pay with it.
    const other = await createSignedInUser(ctx);
    const theirs = (await createIntent(other, 30)).json();
    expect((await sandboxConfirm(theirs, { paymentMethodId: saved.id })).statusCode).toBe(400);
  });

  it('the sandbox confirm refuses a wrong client secret and an intent already paid', async () => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 50)).json();
    const wrong = await sandboxConfirm(
      { ...intent, clientSecret: `${intent.paymentIntentId}_secret_nope` },
      { card: card(VISA) },
    );
    expect(wrong.statusCode).toBe(404);
    expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
    expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(400);
    await settle();
  });

  it('the sandbox confirm names the bad field, reads only whole numbers as expiry, and allows 10 tries per intent', async () => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 50)).json();
    const fields = async (body: object) => (await sandboxConfirm(intent, body)).json().fieldErrors ?? {};
    expect(Object.keys(await fields({ card: { ...card(VISA), number: 4242424242424242 } }))).toEqual(['card.number']);
    expect(Object.keys(await fields({ card: { ...card(VISA), expMonth: true } }))).toEqual(['card.expMonth']);
    expect(Object.keys(await fields({ card: { ...card(VISA), expYear: '0x7ee' } }))).toEqual(['card.expYear']);
    expect(Object.keys(await fields({ card: { ...card(VISA), cvc: '1'.repeat(9) } }))).toEqual(['card.cvc']);
    expect(Object.keys(await fields({}))).toEqual(['card']);
    expect(Object.keys(await fields({ card: card(VISA), paymentMethodId: 'pm_x' }))).toEqual(['card']);
    const other = (await createIntent(u, 50)).json();
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await sandboxConfirm(other, { card: card('4000000000000002') })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 402)).toBe(true);
    expect(answers[10]).toBe(429);
    expect(await balance(u)).toBe('0.00');
  });

  it('confirm-payment called 20 times at once credits once', async () => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 75)).json();
    expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirmPayment(u, intent.paymentIntentId)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().transaction.id)).size).toBe(1);
    await settle();
    expect(await balance(u)).toBe('75.00');
    expect(await ledger(u)).toEqual(['topup:credit:completed:7500']);
  });

  it('a confirm that read the intent before the payment and waited for the lock does not undo the credit', async () => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 35)).json();
    const early = await sandbox.retrieveIntent(intent.paymentIntentId);
    expect(early!.status).toBe('requires_payment_method');
    expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
    expect((await confirmPayment(u, intent.paymentIntentId)).statusCode).toBe(200);
    // The next read answers what the provider said before the payment, as a slow call would hold it.
    const real = sandbox.retrieveIntent.bind(sandbox);
    let stale = true;
    sandbox.retrieveIntent = async (id: string) => {
      if (stale && id === intent.paymentIntentId) {
        stale = false;
        return early;
      }
      return real(id);
    };
    try {
      const late = await confirmPayment(u, intent.paymentIntentId);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json().credited).toBe(false);
    } finally {
      sandbox.retrieveIntent = real;
    }
    await settle();
    expect(await balance(u)).toBe('35.00');
    expect(await ledger(u)).toEqual(['topup:credit:completed:3500']);
    const [w] = rowsOf<{ flagged_at: unknown }>(
      await ctx.database.db.execute(sql`select flagged_at from wallets where user_id = ${u.id}`),
    );
    expect(w!.flagged_at).toBeNull();
  });

  it('set-default and delete racing over several cards never deadlock (200, or 404 for the card just deleted)', async () => {
    const u = await createSignedInUser(ctx);
    for (const n of [VISA, MASTERCARD, '6011111111111117', '4000056655665556']) await topUp(u, 10, n);
    const cards = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods as { id: string }[];
    expect(cards).toHaveLength(4);
    const calls = Array.from({ length: 24 }, (_, i) =>
      inject('PATCH', `/api/payment-methods/${cards[i % 4]!.id}/set-default`, u.headers),
    );
    const deleted = inject('DELETE', `/api/payment-methods/${cards[3]!.id}`, u.headers);
    const answers = await Promise.all(calls);
    expect((await deleted).statusCode).toBe(200);
    answers.forEach((a, i) => {
      // Making the card being deleted the default may come after its deletion: then it is not found.
      const allowed = i % 4 === 3 ? [200, 404] : [200];
      expect(allowed, a.body).toContain(a.statusCode);
    });
    const after = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods as {
      isDefault: boolean;
    }[];
    expect(after).toHaveLength(3);
    expect(after.filter((c) => c.isDefault)).toHaveLength(1);
  });

  it('the webhook alone credits a paid intent, and confirm afterwards finds it credited', async () => {
    const u = await createSignedInUser(ctx);
    const intent = (await createIntent(u, 40)).json();
    expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
    // The provider records its event after answering and the confirm route hands it to our webhook
    // off the request; either that delivery or ours (whichever claims the event) credits the wallet.
    await expect
      .poll(
        async () => {
          await deliverSandboxEvents(ctx.app, sandbox);
          return balance(u);
        },
        { timeout: 10_000 },
      )
      .toBe('40.00');
    const confirmed = (await confirmPayment(u, intent.paymentIntentId)).json();
    expect(confirmed.credited).toBe(false);
    expect(await ledger(u)).toEqual(['topup:credit:completed:4000']);
  });

  describe('signed webhooks', () => {
    const secret = async () =>
      rowsOf<{ value: string }>(
        await ctx.database.db.execute(sql`select value from sandbox_payment_settings where key = 'webhook_secret'`),
      )[0]!.value;
    const sign = (body: string, key: string, t: number) =>
      `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
    const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
    const event = (type: string, intentId: string, id = `evt_test_${randomUUID()}`) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        created: now(),
        data: {
          object: { id: intentId, object: 'payment_intent', amount: 6000, currency: 'cad', status: 'succeeded' },
        },
      });
    const post = (body: string, signature: string | undefined) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
        payload: body,
      });

    it('applies an event once, refuses bad signatures and old timestamps, and reads out-of-order events by the provider state', async () => {
      const u = await createSignedInUser(ctx);
      const intent = (await createIntent(u, 60)).json();
      expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
      const key = await secret();

      const bad = event('payment_intent.succeeded', intent.paymentIntentId);
      expect((await post(bad, sign(bad, 'whsec_wrong', now()))).statusCode).toBe(400);
      expect((await post(bad, undefined)).statusCode).toBe(400);
      expect((await post(bad, sign(`${bad} `, key, now()))).statusCode).toBe(400);
      expect((await post(bad, sign(bad, key, now() - 301))).statusCode).toBe(400);
      expect((await post(bad, sign(bad, key, now() + 301))).statusCode).toBe(400);

      // A failure reported for an intent the provider says succeeded: the provider's state wins.
      const late = event('payment_intent.payment_failed', intent.paymentIntentId);
      expect((await post(late, sign(late, key, now()))).statusCode).toBe(200);
      const good = event('payment_intent.succeeded', intent.paymentIntentId);
      const first = await post(good, sign(good, key, now() - 299));
      expect(first.statusCode, first.body).toBe(200);
      const replay = await post(good, sign(good, key, now()));
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      await settle();
      await deliverSandboxEvents(ctx.app, sandbox);
      expect(await balance(u)).toBe('60.00');
      expect(await ledger(u)).toEqual(['topup:credit:completed:6000']);
    });

    it('confirm and webhooks racing credit once', async () => {
      const u = await createSignedInUser(ctx);
      const intent = (await createIntent(u, 90)).json();
      expect((await sandboxConfirm(intent, { card: card(VISA) })).statusCode).toBe(200);
      const key = await secret();
      const hooks = Array.from({ length: 5 }, () => {
        const body = event('payment_intent.succeeded', intent.paymentIntentId);
        return post(body, sign(body, key, now()));
      });
      const confirms = Array.from({ length: 5 }, () => confirmPayment(u, intent.paymentIntentId));
      const all = await Promise.all([...hooks, ...confirms, deliverSandboxEvents(ctx.app, sandbox)]);
      for (const a of all.slice(0, 10)) expect((a as { statusCode: number }).statusCode).toBe(200);
      await settle();
      expect(await ledger(u)).toEqual(['topup:credit:completed:9000']);
    });
  });

  it("another user's intent and cards: confirm 404, set-default and delete 403, unknown card 404", async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const { intent } = await topUp(a, 15);
    expect((await confirmPayment(b, intent.paymentIntentId)).statusCode).toBe(404);
    const [aCard] = (await inject('GET', '/api/payment-methods', a.headers)).json().paymentMethods;
    for (const [method, url] of [
      ['PATCH', `/api/payment-methods/${aCard.id}/set-default`],
      ['DELETE', `/api/payment-methods/${aCard.id}`],
    ] as const) {
      const res = await inject(method, url, b.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You don't have permission to modify this payment method");
    }
    expect((await inject('PATCH', '/api/payment-methods/pm_nope/set-default', b.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/payment-methods/pm_nope', b.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/payment-methods', b.headers)).json().paymentMethods).toEqual([]);
    expect(await balance(b)).toBe('0.00');
    expect((await inject('GET', '/api/payment-methods', a.headers)).json().paymentMethods).toHaveLength(1);
  });

  it('the only card cannot be deleted; a second card can become default and the first be deleted', async () => {
    const u = await createSignedInUser(ctx);
    await topUp(u, 10);
    const [only] = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    const refused = await inject('DELETE', `/api/payment-methods/${only.id}`, u.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Cannot delete the only payment method');
    await topUp(u, 10, MASTERCARD);
    let cards = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    expect(cards.map((c: { last4: string; isDefault: boolean }) => [c.last4, c.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const second = cards[1];
    cards = (await inject('PATCH', `/api/payment-methods/${second.id}/set-default`, u.headers)).json().paymentMethods;
    expect(cards[0]).toMatchObject({ last4: '4444', isDefault: true });
    expect(cards.filter((c: { isDefault: boolean }) => c.isDefault)).toHaveLength(1);
    cards = (await inject('DELETE', `/api/payment-methods/${only.id}`, u.headers)).json().paymentMethods;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ last4: '4444', isDefault: true });
    // Two deletes at once of the two last cards leave one.
    await topUp(u, 10, VISA);
    const both = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    const answers = await Promise.all(
      both.map((c: { id: string }) => inject('DELETE', `/api/payment-methods/${c.id}`, u.headers)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods).toHaveLength(1);
  });

  it('a dispute after the credit takes the money back as its own entry, flags the wallet and says why', async () => {
    const u = await createSignedInUser(ctx);
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const { intent } = await topUp(u, 50, '4000000000000259');
    expect(await balance(u)).toBe('50.00');
    // The user spends part of it before the dispute arrives.
    const spent = await inject('POST', '/api/admin/edit-balance', admin.headers, { userId: u.id, newBalance: '20.00' });
    expect(spent.statusCode, spent.body).toBe(200);
    ctx.clock.advance(5_000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await settle();
    expect(await balance(u)).toBe('0.00');
    expect(await ledger(u)).toEqual([
      'topup:credit:completed:5000',
      'adjustment:debit:completed:3000',
      'topup:debit:completed:2000',
      'topup:debit:pending:3000',
    ]);
    const [wallet] = rowsOf<{ flagged_at: unknown; flag_reason: string }>(
      await ctx.database.db.execute(sql`select flagged_at, flag_reason from wallets where user_id = ${u.id}`),
    );
    expect(wallet!.flagged_at).not.toBeNull();
    expect(wallet!.flag_reason).toContain('dispute');
    expect(wallet!.flag_reason).toContain(intent.paymentIntentId);
    const [entry] = rowsOf<{ details: string; new_value: { uncoveredCents: number } }>(
      await ctx.database.db.execute(
        sql`select details, new_value from audit_logs where action = 'wallet.flagged' and user_id = ${u.id}`,
      ),
    );
    expect(entry!.new_value.uncoveredCents).toBe(3000);
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
    // Delivered again: nothing more is taken.
    await deliverSandboxEvents(ctx.app, sandbox);
    await confirmPayment(u, intent.paymentIntentId);
    expect((await ledger(u)).length).toBe(4);
  });

  it('a card deleted after its payment does not come back when a later event about that payment arrives', async () => {
    const u = await createSignedInUser(ctx);
    const { intent } = await topUp(u, 30, '4000000000000259');
    await topUp(u, 10, MASTERCARD);
    const disputed = (await inject('GET', '/api/payment-methods', u.headers))
      .json()
      .paymentMethods.find((c: { last4: string }) => c.last4 === '0259');
    expect((await inject('DELETE', `/api/payment-methods/${disputed.id}`, u.headers)).statusCode).toBe(200);
    ctx.clock.advance(5_000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await confirmPayment(u, intent.paymentIntentId);
    const cards = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    expect(cards.map((c: { last4: string }) => c.last4)).toEqual(['4444']);
  });

  it('a refund at the provider after the credit is debited once', async () => {
    const u = await createSignedInUser(ctx);
    const { intent } = await topUp(u, 80);
    await sandbox.refund(intent.paymentIntentId, 3000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await confirmPayment(u, intent.paymentIntentId);
    expect(await balance(u)).toBe('50.00');
    expect(await ledger(u)).toEqual(['topup:credit:completed:8000', 'topup:debit:completed:3000']);
  });

  describe('admin charges a saved card', () => {
    const charge = (headers: Headers, body: object) => inject('POST', '/api/admin/charge-customer', headers, body);

    it('charges off-session and credits an admin_charge once; ranges and the description are checked', async () => {
      const admin = await createSignedInUser(ctx, { role: 'admin' });
      const u = await createSignedInUser(ctx);
      await topUp(u, 10);
      const [saved] = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
      const base = { userId: u.id, paymentMethodId: saved.id, description: 'Monthly plan' };
      for (const [amount, ok] of [
        [0.99, false],
        [1, true],
        [50000.01, false],
        ['', false],
      ] as const) {
        const res = await charge(admin.headers, { ...base, amount });
        expect(res.statusCode, `${amount}: ${res.body}`).toBe(ok ? 200 : 400);
      }
      expect(
        (await charge(admin.headers, { ...base, amount: 5, description: ' ' })).json().fieldErrors.description,
      ).toEqual(['Description is required']);
      const res = await charge(admin.headers, { ...base, amount: '25.00' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().balance).toBe('36.00');
      expect(await ledger(u)).toEqual([
        'topup:credit:completed:1000',
        'admin_charge:credit:completed:100',
        'admin_charge:credit:completed:2500',
      ]);
      const [entry] = rowsOf<{ user_id: string; action: string }>(
        await ctx.database.db.execute(
          sql`select user_id, action from audit_logs where action = 'wallet.admin_charge' and resource_id = (select id::text from wallets where user_id = ${u.id}) order by created_at desc limit 1`,
        ),
      );
      expect(entry).toEqual({ user_id: admin.id, action: 'wallet.admin_charge' });
      // Not an admin: 403, nothing charged.
      const staff = await createSignedInUser(ctx, { role: 'staff' });
      expect((await charge(staff.headers, { ...base, amount: 5 })).statusCode).toBe(403);
      expect((await charge(u.headers, { ...base, amount: 5 })).statusCode).toBe(403);
      // Another customer's card: 404.
      const other = await createSignedInUser(ctx);
      expect((await charge(admin.headers, { ...base, userId: other.id, amount: 5 })).statusCode).toBe(404);
      expect(await balance(u)).toBe('36.00');
    });

    it('the same Idempotency-Key charges once however often it is sent; another body under it is refused', async () => {
      const admin = await createSignedInUser(ctx, { role: 'admin' });
      const u = await createSignedInUser(ctx);
      await topUp(u, 10);
      const [saved] = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
      const body = { userId: u.id, paymentMethodId: saved.id, amount: '3.33', description: 'Monthly plan' };
      const headers = { ...admin.headers, 'idempotency-key': `charge-${randomUUID()}` };
      const answers = await Promise.all([1, 2, 3].map(() => charge(headers, body)));
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok.length, answers.map((a) => a.body).join('\n')).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect([200, 409]).toContain(a.statusCode);
      expect(new Set(ok.map((a) => a.json().transactionId)).size).toBe(1);
      const again = await charge(headers, body);
      expect(again.statusCode).toBe(200);
      expect(again.json().transactionId).toBe(ok[0]!.json().transactionId);
      expect((await charge(headers, { ...body, amount: '4.00' })).statusCode).toBe(409);
      expect((await charge({ ...admin.headers, 'idempotency-key': 'bad key with spaces' }, body)).statusCode).toBe(400);
      expect(await ledger(u)).toEqual(['topup:credit:completed:1000', 'admin_charge:credit:completed:333']);
    });

    it('a card that needs authentication is declined off-session: 402 with the reason, nothing changed, the attempt audited', async () => {
      const admin = await createSignedInUser(ctx, { role: 'admin' });
      const u = await createSignedInUser(ctx);
      const intent = (await createIntent(u, 10)).json();
      await sandboxConfirm(intent, { card: card('4000002760003184') });
      await ctx.app.inject({
        method: 'POST',
        url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/authenticate`,
        payload: { clientSecret: intent.clientSecret, outcome: 'approve' },
      });
      await confirmPayment(u, intent.paymentIntentId);
      await settle();
      const [saved] = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
      const before = await ledger(u);
      const res = await charge(admin.headers, {
        userId: u.id,
        paymentMethodId: saved.id,
        amount: 40,
        description: 'Plan',
      });
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json().error).toMatchObject({ type: 'card_error', code: 'card_declined' });
      expect(res.json().message).toMatch(/declined/);
      expect(await ledger(u)).toEqual(before);
      expect(await balance(u)).toBe('10.00');
      const [audit] = rowsOf<{ n: number }>(
        await ctx.database.db.execute(
          sql`select count(*)::int as n from audit_logs where action = 'payment.charge_declined' and resource_id = ${u.id}`,
        ),
      );
      expect(audit!.n).toBe(1);
    });
  });

  it('no full card number or CVC in any answer, log line or table', async () => {
    const u = await createSignedInUser(ctx);
    const number = '5555555555554444';
    const intent = (await createIntent(u, 12)).json();
    const paid = await sandboxConfirm(intent, { card: { ...card(number), cvc: '987' } });
    expect(paid.body).not.toContain(number);
    const confirmed = await confirmPayment(u, intent.paymentIntentId);
    expect(confirmed.body).not.toContain(number);
    const cards = await inject('GET', '/api/payment-methods', u.headers);
    expect(cards.body).not.toContain(number);
    await settle();
    const logs = logLines.join('\n');
    expect(logs).not.toContain(number);
    expect(logs).not.toMatch(/"cvc"/i);
    const tables = rowsOf<{ name: string }>(
      await ctx.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    ).map((r) => r.name);
    for (const table of tables) {
      const rows = rowsOf<{ t: string }>(
        await ctx.database.db.execute(sql.raw(`select t::text as t from "${table}" t`)),
      );
      for (const row of rows) {
        expect(row.t, table).not.toContain(number);
        expect(row.t, table).not.toMatch(/"cvc"\s*:/i);
      }
    }
  });
});

describe(`card payments switched off (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PAYMENTS_PROVIDER: 'none' } });
  });
  afterAll(async () => ctx.close());

  it('answers 501 with a message, and the config says none', async () => {
    const u = await createSignedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: u.headers,
      payload: { amount: 50 },
    });
    expect(res.statusCode).toBe(501);
    expect(res.json().message).toMatch(/temporarily unavailable/);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/payments/config', headers: u.headers });
    expect(config.json()).toEqual({ provider: 'none', publishableKey: null });
    const cards = await ctx.app.inject({ method: 'GET', url: '/api/payment-methods', headers: u.headers });
    expect(cards.json()).toEqual({ paymentMethods: [] });
  });
});
