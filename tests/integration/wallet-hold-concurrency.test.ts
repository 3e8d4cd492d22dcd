/**
 * Decision 021 under load, on real PostgreSQL (several connections, real row locks): concurrent
 * top-ups and orders on a wallet that owes an uncovered chargeback never pay the debt twice, never
 * let an order spend owed money, and never lose or create a cent. PGlite has one connection (it
 * serialises everything), so this runs only with TEST_DB=postgres and TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { deliverSandboxEvents } from '../../src/server/modules/payments/sandbox-delivery';
import type { SandboxPayments } from '../../src/server/providers/payments/sandbox';
import { parseCents } from '../../src/shared/money';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;

const DISPUTED = '4000000000000259';
const OTHER_CARDS = ['5555555555554444', '4242424242424242', '378282246310005', '6011111111111117'];
/** Dollars of the concurrent top-ups: the first two alone would each pay only part of the $30 owed. */
const AMOUNTS = [20, 20, 40, 40];
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.startsWith('37') ? '1234' : '123',
  name: 'Ada Tremblay',
});

describe.skipIf(testDbKind !== 'postgres')(`uncovered chargebacks under concurrency (${testDbKind})`, () => {
  let ctx: TestContext;
  let sandbox: SandboxPayments;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp();
    sandbox = ctx.providers.payments as SandboxPayments;
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx?.close());

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const settle = () => new Promise((r) => setTimeout(r, 50));

  async function topUp(u: User, amount: number, number: string) {
    const created = await inject('POST', '/api/create-payment-intent', u.headers, { amount, savePaymentMethod: false });
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
      payload: { clientSecret: intent.clientSecret, card: card(number) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return inject('POST', '/api/confirm-payment', u.headers, { paymentIntentId: intent.paymentIntentId });
  }

  /** $50 from the dispute card, $30 spent, then the $50 charged back: $30 owed, balance 0, held. */
  async function userOwing30(): Promise<User> {
    const u = await createSignedInUser(ctx);
    expect((await topUp(u, 50, DISPUTED)).statusCode).toBe(200);
    await settle();
    const spent = await inject('POST', '/api/admin/edit-balance', admin.headers, { userId: u.id, newBalance: '20.00' });
    expect(spent.statusCode, spent.body).toBe(200);
    ctx.clock.advance(5_000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await settle();
    expect((await inject('GET', '/api/wallet', u.headers)).json().balance).toBe('0.00');
    return u;
  }

  it.each([1, 2, 3])(
    'round %i: four top-ups and orders at once pay the 30.00 owed once, before any order, and every cent adds up',
    async () => {
      const u = await userOwing30();
      const [option] = await quote(ctx, u.headers);
      const price = parseCents(option!.total)!;

      let topupsDone = false;
      const topups = Promise.all(OTHER_CARDS.map((number, i) => topUp(u, AMOUNTS[i]!, number))).finally(() => {
        topupsDone = true;
      });
      // Four ordering loops for as long as the top-ups run, and once more after: orders before any
      // credit (held), between two credits, and after the last.
      const placeOrder = () =>
        inject('POST', '/api/shipments', { ...u.headers, 'idempotency-key': randomUUID() }, orderBody(option!));
      const loops = Array.from({ length: 4 }, async () => {
        const answers = [];
        while (!topupsDone) {
          answers.push(await placeOrder());
          await new Promise((r) => setTimeout(r, 10));
        }
        answers.push(await placeOrder());
        return answers;
      });
      const [topupAnswers, orderAnswers] = await Promise.all([topups, Promise.all(loops).then((a) => a.flat())]);
      await settle();
      // Webhooks of the same payments arriving afterwards change nothing.
      await deliverSandboxEvents(ctx.app, sandbox);

      for (const a of topupAnswers) expect(a.statusCode, a.body).toBe(200);
      for (const a of orderAnswers) {
        expect([201, 402, 403], a.body).toContain(a.statusCode);
        if (a.statusCode === 402) expect(a.json().code).toBe('INSUFFICIENT_BALANCE');
        if (a.statusCode === 403) expect(a.json().code).toBe('WALLET_ON_HOLD');
      }
      const placed = orderAnswers.filter((a) => a.statusCode === 201).length;

      const entries = rowsOf<{
        seq: string | number;
        type: string;
        direction: string;
        status: string;
        amount_cents: string | number;
        settles_id: string | null;
        settled_at: unknown;
      }>(
        await ctx.database.db.execute(sql`
          select seq, type, direction, status, amount_cents, settles_id, settled_at
          from wallet_transactions where user_id = ${u.id} order by seq`),
      );
      const pending = entries.filter((e) => e.status === 'pending');
      expect(pending).toHaveLength(1);
      expect(Number(pending[0]!.amount_cents)).toBe(3000);
      expect(pending[0]!.settled_at).not.toBeNull();
      const settlements = entries.filter((e) => e.settles_id !== null);
      // Paid exactly once in all, by the first one or two top-ups to commit.
      expect(settlements.reduce((s, e) => s + Number(e.amount_cents), 0)).toBe(3000);
      expect(settlements.length).toBeLessThanOrEqual(2);
      // No order spent money owed: every charge comes after the debt was paid in full.
      const charges = entries.filter((e) => e.type === 'shipping_charge');
      expect(charges).toHaveLength(placed);
      const paidAt = Math.max(...settlements.map((e) => Number(e.seq)));
      for (const c of charges) expect(Number(c.seq)).toBeGreaterThan(paidAt);
      // Not a cent lost or made: 50 in, 30 spent, 20 charged back, 30 owed paid, 120 in, the orders.
      const expected = 5000 - 3000 - 2000 + 12_000 - 3000 - placed * price;
      expect((await inject('GET', '/api/wallet', u.headers)).json().balance).toBe((expected / 100).toFixed(2));
      expect(expected).toBeGreaterThanOrEqual(0);
      // An order refused for the balance was refused when the rest could not pay it.
      if (orderAnswers.some((a) => a.statusCode === 402)) expect(expected).toBeLessThan(price);
      expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
    },
    120_000,
  );
});
