import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type Db } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import type { TCardError, TSandboxCard } from '../../../shared/contracts/payments';
import { CardError, WebhookSignatureError, type PaymentIntentState, type WebhookEvent } from './index';
import { CARD_MESSAGES } from './sandbox-cards';
import {
  DISPUTE_DELAY_MS,
  SandboxRequestError,
  createSandboxPayments,
  retryDelayMs,
  type SandboxPayments,
} from './sandbox';

const START = '2026-03-15T12:00:00Z';
let database: Database;
let clock: ReturnType<typeof fixedClock>;
let sandbox: SandboxPayments;
const logLines: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  clock = fixedClock(START);
  const log = { info: (obj: object, msg: string) => logLines.push(JSON.stringify({ ...obj, msg })) };
  sandbox = createSandboxPayments({ db: database.db, clock, log: { ...log, warn: log.info } });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>, db: Db = database.db) => rowsOf<T>(await db.execute(query));

const card = (number: string, over: Partial<TSandboxCard> = {}): TSandboxCard => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.replace(/\D/g, '').startsWith('37') ? '1234' : '123',
  name: 'Ada Lovelace',
  ...over,
});

async function newCustomer(p: SandboxPayments = sandbox) {
  const userId = randomUUID();
  return p.createCustomer({ userId, email: `${userId}@example.com`, name: 'Ada' }, `customer-${userId}`);
}

async function newIntent(
  opts: { customerId?: string; save?: boolean; amountCents?: number; p?: SandboxPayments } = {},
) {
  const p = opts.p ?? sandbox;
  const customerId = opts.customerId ?? (await newCustomer(p));
  const intent = await p.createIntent({
    amountCents: opts.amountCents ?? 5_000,
    customerId,
    savePaymentMethod: opts.save ?? true,
    description: 'Wallet top-up',
    metadata: { userId: 'u-1', purpose: 'topup' },
    idempotencyKey: `intent-${randomUUID()}`,
  });
  return { ...intent, customerId };
}

async function cardError(promise: Promise<unknown>): Promise<CardError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CardError);
  return err as CardError;
}

async function requestError(promise: Promise<unknown>): Promise<SandboxRequestError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SandboxRequestError);
  return err as SandboxRequestError;
}

/** The events about one intent, in creation order (type and the object they carry). */
async function eventsOf(intentId: string) {
  const all = await rows<{ type: string; payload: string; delivered_at: unknown }>(
    sql`select type, payload, delivered_at from sandbox_payment_events order by seq`,
  );
  return all
    .map((r) => ({ type: r.type, delivered: r.delivered_at !== null, event: JSON.parse(r.payload) }))
    .filter(({ event }) => event.data.object.id === intentId || event.data.object.payment_intent === intentId);
}

/** Delivers every due event to a receiver that checks each signature as our webhook endpoint will. */
async function deliverAll(p: SandboxPayments = sandbox): Promise<WebhookEvent[]> {
  const received: WebhookEvent[] = [];
  await p.deliverDueEvents(async (rawBody, header) => {
    received.push(await p.verifyWebhook(Buffer.from(rawBody), header, clock.now()));
    return true;
  });
  return received;
}

describe('customers and intents', () => {
  it('creates a customer once per idempotency key', async () => {
    const a = await sandbox.createCustomer({ userId: 'u-a', email: 'a@example.com', name: 'A' }, 'cust-key-1');
    const b = await sandbox.createCustomer({ userId: 'u-a', email: 'a@example.com', name: 'A' }, 'cust-key-1');
    expect(a).toMatch(/^cus_sbx_[A-Za-z0-9]{24}$/);
    expect(b).toBe(a);
  });

  it('creates an intent once per idempotency key, with the same client secret, storing only its hash', async () => {
    const customerId = await newCustomer();
    const input = {
      amountCents: 12_345,
      customerId,
      savePaymentMethod: true,
      description: 'Wallet top-up',
      metadata: { userId: 'u-1' },
      idempotencyKey: `intent-${randomUUID()}`,
    };
    const first = await sandbox.createIntent(input);
    const again = await sandbox.createIntent(input);
    expect(first.id).toMatch(/^pi_sbx_[A-Za-z0-9]{24}$/);
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_[0-9a-f]{32}$`));
    expect(first.status).toBe('requires_payment_method');
    expect(again).toEqual(first);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_payment_intents where idempotency_key = ${input.idempotencyKey}`,
    );
    expect(n).toBe(1);
    const stored = await rows<{ t: string }>(
      sql`select t::text as t from sandbox_payment_intents t where id = ${first.id}`,
    );
    expect(stored[0].t).not.toContain(first.clientSecret.split('_secret_')[1]);

    expect(await sandbox.retrieveIntent(first.id)).toEqual({
      id: first.id,
      status: 'requires_payment_method',
      amountCents: 12_345,
      currency: 'cad',
      customerId,
      paymentMethod: null,
      amountRefundedCents: 0,
      disputed: false,
      lastError: null,
      metadata: { userId: 'u-1' },
    });
    expect(await sandbox.retrieveIntent('pi_sbx_nothing')).toBeNull();
  });

  it('refuses an unknown customer and an amount under the minimum', async () => {
    const base = {
      savePaymentMethod: false,
      description: '',
      metadata: {},
      idempotencyKey: `intent-${randomUUID()}`,
    };
    const noCustomer = await requestError(
      sandbox.createIntent({ ...base, amountCents: 1_000, customerId: 'cus_sbx_missing' }),
    );
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.info).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    const customerId = await newCustomer();
    const small = await requestError(sandbox.createIntent({ ...base, amountCents: 49, customerId }));
    expect(small.info.code).toBe('amount_too_small');
    const fraction = await requestError(sandbox.createIntent({ ...base, amountCents: 10.5, customerId }));
    expect(fraction.info.code).toBe('parameter_invalid_integer');
  });
});

describe('confirming with each test card', () => {
  it.each([
    ['4242424242424242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['3782 822463 10005', 'amex', '0005'],
    ['6011-1111-1111-1117', 'discover', '1117'],
  ] as const)('%s succeeds', async (number, brand, last4) => {
    const intent = await newIntent();
    const status = await sandbox.confirm(intent.id, intent.clientSecret, { card: card(number) });
    expect(status).toEqual({ id: intent.id, status: 'succeeded', nextAction: null });
    const state = await sandbox.retrieveIntent(intent.id);
    expect(state).toMatchObject({ status: 'succeeded', lastError: null, disputed: false, amountRefundedCents: 0 });
    expect(state?.paymentMethod).toMatchObject({
      brand,
      last4,
      expMonth: 12,
      expYear: 2030,
      customerId: intent.customerId,
    });
    expect(state?.paymentMethod?.id).toMatch(/^pm_sbx_/);
    const events = await eventsOf(intent.id);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    expect(events[0].event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: 5_000,
          currency: 'cad',
          status: 'succeeded',
          customer: intent.customerId,
          metadata: { userId: 'u-1', purpose: 'topup' },
          last_payment_error: null,
        },
      },
    });
    expect(events[0].event.id).toMatch(/^evt_sbx_/);
  });

  const declines: [string, Partial<TCardError>][] = [
    ['4000000000000002', { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }],
    [
      '4000000000009995',
      { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    ['4000000000009987', { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' }],
    ['4000000000000069', { code: 'expired_card', message: 'Your card has expired.' }],
    ['4000000000000127', { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
    ['4000000000000119', { code: 'processing_error', message: CARD_MESSAGES.processingError }],
    ['4111111111111111', { code: 'card_declined', message: CARD_MESSAGES.liveCard }],
  ];
  it.each(declines)(
    '%s declines, keeps the decline on the intent and sends payment_failed',
    async (number, expected) => {
      const intent = await newIntent();
      const err = await cardError(sandbox.confirm(intent.id, intent.clientSecret, { card: card(number) }));
      expect(err.info).toMatchObject({ type: 'card_error', ...expected });
      expect(err.message).toBe(expected.message);
      expect(err.intent).toMatchObject({ id: intent.id, status: 'requires_payment_method', lastError: err.info });
      const state = await sandbox.retrieveIntent(intent.id);
      expect(state).toMatchObject({ status: 'requires_payment_method', lastError: err.info });
      // The card that tried is on the intent, but a declined card is not saved on the customer.
      expect(state?.paymentMethod).toMatchObject({ last4: number.slice(-4), customerId: null });
      expect(await sandbox.listCards(intent.customerId)).toEqual([]);
      const events = await eventsOf(intent.id);
      expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
      expect(events[0].event.data.object).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: expected.code, message: expected.message },
      });
    },
  );

  it('after a decline the same intent can be paid with another card', async () => {
    const intent = await newIntent();
    await cardError(sandbox.confirm(intent.id, intent.clientSecret, { card: card('4000000000000002') }));
    const ok = await sandbox.confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') });
    expect(ok.status).toBe('succeeded');
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', lastError: null });
    expect((await eventsOf(intent.id)).map((e) => e.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it.each([
    [{ number: '4242424242424241' }, 'incorrect_number', 'number'],
    [{ expMonth: 13 }, 'invalid_expiry_month', 'expiry'],
    [{ expYear: 2019 }, 'invalid_expiry_year', 'expiry'],
    [{ expYear: 2026, expMonth: 2 }, 'expired_card', 'expiry'],
    [{ cvc: '12' }, 'invalid_cvc', 'cvc'],
  ] as const)('a card refused before charging (%o → %s) leaves the intent as it was', async (over, code, param) => {
    const intent = await newIntent();
    const err = await cardError(
      sandbox.confirm(intent.id, intent.clientSecret, { card: card('4242424242424242', over) }),
    );
    expect(err.info).toMatchObject({ type: 'card_error', code, param });
    expect(err.intent).toMatchObject({ status: 'requires_payment_method', lastError: null, paymentMethod: null });
    expect(await eventsOf(intent.id)).toEqual([]);
  });

  it('refuses an unknown intent, a wrong client secret and an intent that already succeeded', async () => {
    const intent = await newIntent();
    const other = await newIntent();
    const good = { card: card('4242424242424242') };
    const missing = await requestError(sandbox.confirm('pi_sbx_missing', 'pi_sbx_missing_secret_x', good));
    expect(missing.status).toBe(404);
    expect(missing.info).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    for (const secret of [other.clientSecret, `${intent.id}_secret_${'0'.repeat(32)}`, '', intent.id]) {
      const wrong = await requestError(sandbox.confirm(intent.id, secret, good));
      expect(wrong.status).toBe(404);
      expect(wrong.info.code).toBe('resource_missing');
    }
    await sandbox.confirm(intent.id, intent.clientSecret, good);
    const twice = await requestError(sandbox.confirm(intent.id, intent.clientSecret, good));
    expect(twice.status).toBe(400);
    expect(twice.info).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
    expect(twice.info.message).toContain('status of succeeded');
    expect((await eventsOf(intent.id)).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });
});

describe('authentication (4000002760003184)', () => {
  const AUTH = '4000002760003184';

  it('asks for authentication; approving succeeds and saves the card', async () => {
    const intent = await newIntent({ save: true });
    const first = await sandbox.confirm(intent.id, intent.clientSecret, { card: card(AUTH) });
    expect(first).toEqual({ id: intent.id, status: 'requires_action', nextAction: { type: 'sandbox_authentication' } });
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_action' });
    expect(await sandbox.listCards(intent.customerId)).toEqual([]);
    expect(await eventsOf(intent.id)).toEqual([]);

    const done = await sandbox.authenticate(intent.id, intent.clientSecret, 'approve');
    expect(done).toEqual({ id: intent.id, status: 'succeeded', nextAction: null });
    const cards = await sandbox.listCards(intent.customerId);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '3184', customerId: intent.customerId });
    expect((await eventsOf(intent.id)).map((e) => e.type)).toEqual(['payment_intent.succeeded']);

    const again = await requestError(sandbox.authenticate(intent.id, intent.clientSecret, 'approve'));
    expect(again.info.code).toBe('payment_intent_unexpected_state');
  });

  it('failing it returns the intent to requires_payment_method with the failure and a payment_failed event', async () => {
    const intent = await newIntent({ save: true });
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card(AUTH) });
    const err = await cardError(sandbox.authenticate(intent.id, intent.clientSecret, 'fail'));
    expect(err.info).toEqual({
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    expect(err.intent).toMatchObject({ status: 'requires_payment_method', lastError: err.info });
    expect(await sandbox.listCards(intent.customerId)).toEqual([]);
    expect((await eventsOf(intent.id)).map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
  });

  it('refuses authentication for an intent that asks for none, and a wrong secret', async () => {
    const intent = await newIntent();
    const notNow = await requestError(sandbox.authenticate(intent.id, intent.clientSecret, 'approve'));
    expect(notNow).toMatchObject({ status: 400, info: { code: 'payment_intent_unexpected_state' } });
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card(AUTH) });
    const wrong = await requestError(sandbox.authenticate(intent.id, `${intent.id}_secret_nope`, 'approve'));
    expect(wrong.status).toBe(404);
  });
});

describe('saved cards', () => {
  it('a card paid with savePaymentMethod is the customer’s; without it, it stays unattached', async () => {
    const customerId = await newCustomer();
    const saved = await newIntent({ customerId, save: true });
    await sandbox.confirm(saved.id, saved.clientSecret, {
      card: card('5555555555554444', { expMonth: 4, expYear: 31 }),
    });
    clock.advance(1_000);
    const notSaved = await newIntent({ customerId, save: false });
    await sandbox.confirm(notSaved.id, notSaved.clientSecret, { card: card('4242424242424242') });

    const cards = await sandbox.listCards(customerId);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 4, expYear: 2031, customerId });
    expect(cards[0].fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const unattached = (await sandbox.retrieveIntent(notSaved.id))!.paymentMethod!;
    expect(unattached.customerId).toBeNull();
    expect(await sandbox.retrieveCard(unattached.id)).toMatchObject({ customerId: null, last4: '4242' });
    expect(await sandbox.retrieveCard('pm_sbx_missing')).toBeNull();
  });

  it('the same number gives the same fingerprint; another number another', async () => {
    const fingerprints: string[] = [];
    for (const number of ['4242424242424242', '4242 4242 4242 4242', '5555555555554444']) {
      const intent = await newIntent();
      await sandbox.confirm(intent.id, intent.clientSecret, { card: card(number) });
      fingerprints.push((await sandbox.retrieveIntent(intent.id))!.paymentMethod!.fingerprint!);
    }
    expect(fingerprints[0]).toBe(fingerprints[1]);
    expect(fingerprints[2]).not.toBe(fingerprints[0]);
  });

  it('pays again with a saved card; refuses a card of another customer or an unattached one', async () => {
    const customerId = await newCustomer();
    const first = await newIntent({ customerId });
    await sandbox.confirm(first.id, first.clientSecret, { card: card('4242424242424242') });
    const [saved] = await sandbox.listCards(customerId);

    const second = await newIntent({ customerId, amountCents: 2_500 });
    expect(await sandbox.confirm(second.id, second.clientSecret, { paymentMethodId: saved.id })).toMatchObject({
      status: 'succeeded',
    });
    expect(await sandbox.retrieveIntent(second.id)).toMatchObject({
      status: 'succeeded',
      amountCents: 2_500,
      paymentMethod: { id: saved.id },
    });
    expect(await sandbox.listCards(customerId)).toHaveLength(1);

    const stranger = await newIntent();
    const notTheirs = await requestError(
      sandbox.confirm(stranger.id, stranger.clientSecret, { paymentMethodId: saved.id }),
    );
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.info).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such PaymentMethod: '${saved.id}'`,
      param: 'payment_method',
    });
    const loose = await newIntent({ save: false });
    await sandbox.confirm(loose.id, loose.clientSecret, { card: card('4242424242424242') });
    const looseCard = (await sandbox.retrieveIntent(loose.id))!.paymentMethod!;
    const retry = await newIntent({ customerId: loose.customerId });
    const unattached = await requestError(
      sandbox.confirm(retry.id, retry.clientSecret, { paymentMethodId: looseCard.id }),
    );
    expect(unattached.info.code).toBe('resource_missing');
  });

  it('a saved card behaves as its number does (declined, or asks for authentication every time)', async () => {
    const customerId = await newCustomer();
    const first = await newIntent({ customerId });
    await sandbox.confirm(first.id, first.clientSecret, { card: card('4000002760003184') });
    await sandbox.authenticate(first.id, first.clientSecret, 'approve');
    const [authCard] = await sandbox.listCards(customerId);
    const second = await newIntent({ customerId });
    expect(await sandbox.confirm(second.id, second.clientSecret, { paymentMethodId: authCard.id })).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'sandbox_authentication' },
    });
  });

  it('lists newest first and detaches (then refuses to detach again)', async () => {
    const customerId = await newCustomer();
    for (const number of ['4242424242424242', '5555555555554444']) {
      const intent = await newIntent({ customerId });
      await sandbox.confirm(intent.id, intent.clientSecret, { card: card(number) });
      clock.advance(1_000);
    }
    const cards = await sandbox.listCards(customerId);
    expect(cards.map((c) => c.last4)).toEqual(['4444', '4242']);
    await sandbox.detachCard(cards[0].id);
    expect((await sandbox.listCards(customerId)).map((c) => c.last4)).toEqual(['4242']);
    expect(await sandbox.retrieveCard(cards[0].id)).toMatchObject({ customerId: null });
    expect((await requestError(sandbox.detachCard(cards[0].id))).status).toBe(400);
    expect((await requestError(sandbox.detachCard('pm_sbx_missing'))).status).toBe(404);
    // A detached card cannot pay for its former customer either.
    const intent = await newIntent({ customerId });
    expect(
      (await requestError(sandbox.confirm(intent.id, intent.clientSecret, { paymentMethodId: cards[0].id }))).info.code,
    ).toBe('resource_missing');
  });
});

describe('off-session charges of a saved card', () => {
  async function customerWithCard(number: string) {
    const customerId = await newCustomer();
    const intent = await newIntent({ customerId });
    const status = await sandbox.confirm(intent.id, intent.clientSecret, { card: card(number) });
    if (status.status === 'requires_action') await sandbox.authenticate(intent.id, intent.clientSecret, 'approve');
    const [saved] = await sandbox.listCards(customerId);
    return { customerId, paymentMethodId: saved.id };
  }
  const chargeInput = (
    c: { customerId: string; paymentMethodId: string },
    idempotencyKey = `charge-${randomUUID()}`,
  ) => ({
    ...c,
    amountCents: 7_500,
    description: 'Admin charge',
    metadata: { purpose: 'admin_charge' },
    idempotencyKey,
  });

  it('succeeds once per idempotency key', async () => {
    const c = await customerWithCard('4242424242424242');
    const input = chargeInput(c);
    const state = await sandbox.chargeSavedCard(input);
    expect(state).toMatchObject({
      status: 'succeeded',
      amountCents: 7_500,
      customerId: c.customerId,
      paymentMethod: { id: c.paymentMethodId },
      metadata: { purpose: 'admin_charge' },
    });
    expect(state.id).toMatch(/^pi_sbx_/);
    const again = await sandbox.chargeSavedCard(input);
    expect(again).toEqual(state);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_payment_intents where idempotency_key = ${input.idempotencyKey}`,
    );
    expect(n).toBe(1);
    expect((await eventsOf(state.id)).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('declines a card that needs authentication (nobody is there), and answers the same on a replay', async () => {
    const c = await customerWithCard('4000002760003184');
    const input = chargeInput(c);
    const err = await cardError(sandbox.chargeSavedCard(input));
    expect(err.info).toEqual({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    expect(err.intent).toMatchObject({ status: 'requires_payment_method', lastError: err.info });
    const replay = await cardError(sandbox.chargeSavedCard(input));
    expect(replay.info).toEqual(err.info);
    expect(replay.intent?.id).toBe(err.intent?.id);
    expect((await eventsOf(err.intent!.id)).map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
  });

  it('refuses a card that is not the customer’s (a CardError of type invalid_request_error, as the interface says)', async () => {
    const c = await customerWithCard('4242424242424242');
    const other = await newCustomer();
    const err = await cardError(
      sandbox.chargeSavedCard(chargeInput({ customerId: other, paymentMethodId: c.paymentMethodId })),
    );
    expect(err.info).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });
});

describe('webhook delivery', () => {
  it('delivers in creation order, signed so verifyWebhook accepts them, each once', async () => {
    await deliverAll();
    const a = await newIntent();
    const b = await newIntent();
    await cardError(sandbox.confirm(a.id, a.clientSecret, { card: card('4000000000000002') }));
    await sandbox.confirm(b.id, b.clientSecret, { card: card('4242424242424242') });
    await sandbox.confirm(a.id, a.clientSecret, { card: card('4242424242424242') });
    const received = await deliverAll();
    expect(received.map((e) => [e.paymentIntentId, e.type])).toEqual([
      [a.id, 'payment_intent.payment_failed'],
      [b.id, 'payment_intent.succeeded'],
      [a.id, 'payment_intent.succeeded'],
    ]);
    expect(received[0]).toMatchObject({ providerType: 'payment_intent.payment_failed', createdAt: clock.now() });
    expect(await deliverAll()).toEqual([]);
    expect((await eventsOf(a.id)).every((e) => e.delivered)).toBe(true);
  });

  it('retries an event the endpoint did not accept, after a backoff', async () => {
    await deliverAll();
    const intent = await newIntent();
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') });
    const bodies: string[] = [];
    expect(
      await sandbox.deliverDueEvents(async (raw) => {
        bodies.push(raw);
        return false;
      }),
    ).toBe(0);
    expect(bodies).toHaveLength(1);
    // Not again before the backoff.
    clock.advance(retryDelayMs(1) - 1);
    expect(await deliverAll()).toEqual([]);
    // A throwing endpoint counts as not accepted too.
    clock.advance(1);
    expect(await sandbox.deliverDueEvents(async () => Promise.reject(new Error('connection refused')))).toBe(0);
    clock.advance(retryDelayMs(2));
    const headers: string[] = [];
    expect(
      await sandbox.deliverDueEvents(async (raw, header) => {
        bodies.push(raw);
        headers.push(header);
        return true;
      }),
    ).toBe(1);
    expect(bodies[1]).toBe(bodies[0]);
    // Signed at delivery time, not at creation time.
    expect(headers[0]).toMatch(new RegExp(`^t=${Math.floor(clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`));
    const [row] = await rows<{ attempts: number; delivered_at: unknown }>(
      sql`select attempts, delivered_at from sandbox_payment_events where payload like ${`%${intent.id}%`}`,
    );
    expect(row.attempts).toBe(3);
    expect(row.delivered_at).not.toBeNull();
    expect(logLines.some((l) => l.includes('will retry'))).toBe(true);
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });

  it('the sandbox webhook secret is made once, kept in settings, and another secret does not verify', async () => {
    const secrets = await rows<{ value: string }>(
      sql`select value from sandbox_payment_settings where key = 'webhook_secret'`,
    );
    expect(secrets).toHaveLength(1);
    expect(secrets[0].value).toMatch(/^whsec_sbx_[0-9a-f]{48}$/);
    // A second provider on the same database (another process) reads the same secret.
    const twin = createSandboxPayments({ db: database.db, clock });
    const intent = await newIntent();
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') });
    const received = await deliverAll(twin);
    expect(received.map((e) => e.paymentIntentId)).toContain(intent.id);

    const body = '{"id":"evt_x","object":"event","type":"x","created":1,"data":{"object":{"id":"x","object":"x"}}}';
    const { signatureHeader } = await import('./sandbox-webhooks');
    await expect(
      sandbox.verifyWebhook(
        Buffer.from(body),
        signatureHeader('whsec_sbx_someone_else', body, clock.now()),
        clock.now(),
      ),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      sandbox.verifyWebhook(Buffer.from(body), signatureHeader(secrets[0].value, body, clock.now()), clock.now()),
    ).resolves.toMatchObject({ id: 'evt_x', type: 'other' });
  });
});

describe('disputes (4000000000000259)', () => {
  it('succeeds, then a dispute event about 2 s later; once delivered the intent is disputed', async () => {
    await deliverAll();
    const intent = await newIntent();
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card('4000000000000259') });
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', disputed: false });

    const seen: WebhookEvent[] = [];
    const states: (PaymentIntentState | null)[] = [];
    const receive = async (raw: string, header: string) => {
      const event = await sandbox.verifyWebhook(Buffer.from(raw), header, clock.now());
      seen.push(event);
      // What our webhook handler would ask the provider while handling the event.
      states.push(await sandbox.retrieveIntent(intent.id));
      return true;
    };
    await sandbox.deliverDueEvents(receive);
    expect(seen.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    clock.advance(DISPUTE_DELAY_MS - 1);
    await sandbox.deliverDueEvents(receive);
    expect(seen).toHaveLength(1);
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ disputed: false });

    clock.advance(1);
    await sandbox.deliverDueEvents(receive);
    expect(seen.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'charge.dispute.created']);
    expect(seen[1]).toMatchObject({ paymentIntentId: intent.id, providerType: 'charge.dispute.created' });
    expect(states[1]).toMatchObject({ disputed: true });
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', disputed: true });
    const dispute = (await eventsOf(intent.id)).find((e) => e.type === 'charge.dispute.created')!;
    expect(dispute.event.data.object).toMatchObject({
      id: intent.id.replace(/^pi_/, 'dp_'),
      object: 'dispute',
      payment_intent: intent.id,
      amount: 5_000,
      reason: 'fraudulent',
    });
    // A disputed charge cannot be refunded.
    expect((await requestError(sandbox.refund(intent.id))).info.code).toBe('charge_disputed');
  });
});

describe('refunds (operator)', () => {
  it('refunds part, then the rest by default, with a charge.refunded event each time', async () => {
    const intent = await newIntent({ amountCents: 10_000 });
    await sandbox.confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') });
    expect((await requestError(sandbox.refund(intent.id, 10_001))).info.code).toBe('amount_too_large');
    expect((await requestError(sandbox.refund(intent.id, 0))).info.code).toBe('parameter_invalid_integer');
    expect(await sandbox.refund(intent.id, 2_500)).toMatchObject({ amountRefundedCents: 2_500, status: 'succeeded' });
    expect(await sandbox.refund(intent.id)).toMatchObject({ amountRefundedCents: 10_000 });
    expect((await requestError(sandbox.refund(intent.id))).info.code).toBe('charge_already_refunded');
    const refunds = (await eventsOf(intent.id)).filter((e) => e.type === 'charge.refunded');
    expect(refunds.map((e) => e.event.data.object)).toMatchObject([
      {
        id: intent.id.replace(/^pi_/, 'ch_'),
        object: 'charge',
        payment_intent: intent.id,
        amount: 10_000,
        amount_refunded: 2_500,
        refunded: false,
      },
      { object: 'charge', payment_intent: intent.id, amount_refunded: 10_000, refunded: true },
    ]);
    const received = await deliverAll();
    expect(received.filter((e) => e.type === 'charge.refunded').map((e) => e.paymentIntentId)).toEqual([
      intent.id,
      intent.id,
    ]);
  });

  it('refuses an intent that has not succeeded and an unknown one', async () => {
    const intent = await newIntent();
    expect((await requestError(sandbox.refund(intent.id))).info.code).toBe('payment_intent_unexpected_state');
    expect((await requestError(sandbox.refund('pi_sbx_missing'))).status).toBe(404);
  });
});

describe('no card number or CVC is kept', () => {
  it('after paying with 4242424242424242 / 123 (and others) no sandbox table row holds the number or the CVC', async () => {
    const cvcs = ['123', '8731', '402'];
    const numbers = ['4242424242424242', '378282246310005', '4000002760003184', '4000000000000002'];
    const a = await newIntent();
    await sandbox.confirm(a.id, a.clientSecret, { card: card('4242 4242 4242 4242', { cvc: cvcs[0] }) });
    const b = await newIntent();
    await sandbox.confirm(b.id, b.clientSecret, { card: card('378282246310005', { cvc: cvcs[1] }) });
    const c = await newIntent();
    await sandbox.confirm(c.id, c.clientSecret, { card: card('4000002760003184', { cvc: cvcs[2] }) });
    await cardError(sandbox.authenticate(c.id, c.clientSecret, 'fail'));
    const d = await newIntent();
    await cardError(sandbox.confirm(d.id, d.clientSecret, { card: card('4000000000000002', { cvc: cvcs[0] }) }));
    await sandbox.deliverDueEvents(async () => false);

    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_name like 'sandbox_payment%' order by 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'sandbox_payment_customers',
      'sandbox_payment_events',
      'sandbox_payment_intents',
      'sandbox_payment_methods',
      'sandbox_payment_settings',
    ]);
    const texts: string[] = [];
    for (const { table_name } of tables) {
      const all = await rows<{ t: string }>(sql`select t::text as t from ${sql.identifier(table_name)} t`);
      texts.push(...all.map((r) => r.t));
    }
    expect(texts.length).toBeGreaterThan(20);
    // The dump does hold the cards' rows (last 4 and the cardholder's name).
    expect(texts.some((t) => t.includes('4242') && t.includes('Ada Lovelace'))).toBe(true);
    // The card's lines hold last 4 and expiry (so the form can show them), nothing longer of the number.
    const haystack = [...texts, ...logLines];
    for (const number of numbers) {
      for (const text of haystack) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.slice(0, 12));
      }
    }
    // The CVC as a value on its own (random ids and hashes may hold the same digits inside them; a UUID's
    // dash-separated group is such an id part: 'intent-…-8731-…' failed a CI run).
    const withoutUuids = haystack.map((t) =>
      t.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'),
    );
    for (const cvc of cvcs) {
      const alone = new RegExp(`(^|[^0-9A-Za-z])${cvc}([^0-9A-Za-z]|$)`);
      for (const text of withoutUuids) expect(text, text).not.toMatch(alone);
    }
  });
});

// The claims under several processes: only on a real PostgreSQL server (CI sets TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL with two processes', () => {
  let pgDatabases: Database[] = [];
  let dropDb: () => Promise<void> = async () => undefined;
  let one: SandboxPayments;
  let two: SandboxPayments;

  beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `voyageur_sbx_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base.toString());
    url.pathname = `/${name}`;
    const first = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    const second = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    pgDatabases = [first, second];
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    one = createSandboxPayments({ db: first.db, clock });
    two = createSandboxPayments({ db: second.db, clock });
  }, 60_000);

  afterAll(async () => {
    for (const d of pgDatabases) await d.close();
    await dropDb();
  });

  it('two deliverers at once send each event exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const intent = await newIntent({ p: i % 2 ? one : two });
      await (i % 2 ? one : two).confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') });
      ids.push(intent.id);
    }
    const sent: string[] = [];
    const send = (p: SandboxPayments) => async (raw: string, header: string) => {
      const event = await p.verifyWebhook(Buffer.from(raw), header, clock.now());
      await new Promise((r) => setTimeout(r, 2));
      sent.push(event.id);
      return true;
    };
    const [n1, n2] = await Promise.all([one.deliverDueEvents(send(one)), two.deliverDueEvents(send(two))]);
    expect(n1 + n2).toBe(60);
    expect(new Set(sent).size).toBe(60);
    expect(sent).toHaveLength(60);
  });

  it('confirms at once: one charge, the others refused; the same idempotency key at once: one intent', async () => {
    const intent = await newIntent({ p: one });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? one : two).confirm(intent.id, intent.clientSecret, { card: card('4242424242424242') }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SandboxRequestError);
    }
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sandbox_payment_events where payload like ${`%${intent.id}%`}`,
      pgDatabases[0].db,
    );
    expect(n).toBe(1);

    const customerId = await newCustomer(one);
    const key = `intent-${randomUUID()}`;
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? one : two).createIntent({
          amountCents: 1_000,
          customerId,
          savePaymentMethod: true,
          description: '',
          metadata: {},
          idempotencyKey: key,
        }),
      ),
    );
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    expect(new Set(made.map((m) => m.clientSecret)).size).toBe(1);
  });
});
