/**
 * Issue 22, "Money and trust" item 2: a chargeback the wallet could not cover is paid before anything
 * else; wallets on hold (decision 021). Every step is followed by the ledger check the CLI runs
 * (`ledger:verify` → verifyLedger).
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

const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const DISPUTED = '4000000000000259';
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Tremblay' });
const cents = (s: string) => parseCents(s)!;
const dollars = (c: number) => (c / 100).toFixed(2);

describe(`uncovered chargebacks and wallet holds (${testDbKind})`, () => {
  let ctx: TestContext;
  let sandbox: SandboxPayments;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp();
    sandbox = ctx.providers.payments as SandboxPayments;
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const settle = () => new Promise((r) => setTimeout(r, 50));
  const ledgerHolds = async () => expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  const balance = async (u: User) => (await inject('GET', '/api/wallet', u.headers)).json().balance as string;
  const ledger = async (u: User) =>
    rowsOf<{ type: string; direction: string; status: string; amount_cents: string | number }>(
      await ctx.database.db.execute(
        sql`select type, direction, status, amount_cents from wallet_transactions where user_id = ${u.id} order by seq`,
      ),
    ).map((r) => `${r.type}:${r.direction}:${r.status}:${Number(r.amount_cents)}`);
  const shipmentCount = async (u: User) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${u.id}`),
    )[0]!.n;
  const adminUser = async (u: User) =>
    (await inject('GET', '/api/admin/users', admin.headers)).json().find((x: { id: string }) => x.id === u.id);
  const auditOf = async (action: string, userId: string) =>
    rowsOf<{ user_id: string; details: string | null; new_value: Record<string, unknown> }>(
      await ctx.database.db.execute(sql`
        select user_id, details, new_value from audit_logs
        where action = ${action} and new_value->>'userId' = ${userId} order by created_at, id`),
    );

  /** Pays an intent at the (sandbox) provider, then asks our server to credit it. */
  async function pay(u: User, amount: string | number, payWith: object) {
    const created = await inject('POST', '/api/create-payment-intent', u.headers, {
      amount,
      savePaymentMethod: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
      payload: { clientSecret: intent.clientSecret, ...payWith },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    const confirmed = await inject('POST', '/api/confirm-payment', u.headers, {
      paymentIntentId: intent.paymentIntentId,
    });
    await settle();
    return { intent, confirmed };
  }

  /** A user who topped up $50 with the dispute card, spent $30, and whose bank then charged the $50 back. */
  async function userOwing30(): Promise<User> {
    const u = await createSignedInUser(ctx);
    const first = await pay(u, 50, { card: card(DISPUTED) });
    expect(first.confirmed.statusCode, first.confirmed.body).toBe(200);
    await ledgerHolds();
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
    await ledgerHolds();
    return u;
  }

  const order = async (u: User) => {
    const [cheapest] = await quote(ctx, u.headers);
    return {
      option: cheapest!,
      res: await inject(
        'POST',
        '/api/shipments',
        { ...u.headers, 'idempotency-key': randomUUID() },
        orderBody(cheapest!),
      ),
    };
  };

  it('a dispute the balance cannot cover holds the wallet by itself; the admin sees what is owed; orders answer 403 WALLET_ON_HOLD and charge nothing', async () => {
    const u = await userOwing30();
    const listed = await adminUser(u);
    expect(listed.wallet.owed).toBe('30.00');
    expect(listed.wallet.hold).toMatchObject({ kind: 'uncovered_debit' });
    expect((await auditOf('wallet.hold', u.id)).map((a) => a.new_value.owedCents)).toEqual([3000]);

    const before = await ledger(u);
    const { res } = await order(u);
    expect(res.statusCode, res.body).toBe(403);
    const body = res.json();
    expect(body.code).toBe('WALLET_ON_HOLD');
    // Why, and what to do.
    expect(body.message).toContain('30.00 CAD');
    expect(body.message).toMatch(/disputed/);
    expect(body.message).toMatch(/Top up with another card/);
    expect(body.message).toMatch(/contact support/);
    expect(body.walletHold).toEqual({ kind: 'uncovered_debit', owed: '30.00' });
    expect(body.message).toMatch(/Nothing was charged/);
    expect((await inject('GET', '/api/wallet', u.headers)).json()).toEqual({
      balance: '0.00',
      currency: 'CAD',
      hold: { kind: 'uncovered_debit', owed: '30.00' },
    });
    expect(await ledger(u)).toEqual(before);
    expect(await shipmentCount(u)).toBe(0);
    await ledgerHolds();
  });

  it('a top-up from the disputed card is refused with a card error that says why, credited nothing and refunded — a new card entry or the saved one', async () => {
    const u = await userOwing30();
    const before = await ledger(u);

    const again = await pay(u, 50, { card: card(DISPUTED) });
    expect(again.confirmed.statusCode, again.confirmed.body).toBe(402);
    expect(again.confirmed.json()).toMatchObject({
      code: 'CARD_ERROR',
      error: { type: 'card_error', code: 'card_disputed' },
    });
    expect(again.confirmed.json().error.message).toMatch(/dispute \(chargeback\).*another card/);
    expect(await balance(u)).toBe('0.00');
    expect(await ledger(u)).toEqual(before);
    // The card was charged at the provider: we gave it back.
    expect((await sandbox.retrieveIntent(again.intent.paymentIntentId))!.amountRefundedCents).toBe(5000);
    await ledgerHolds();

    // The same card as the saved payment method (its identity, not its number).
    const saved = (await inject('GET', '/api/payment-methods', u.headers))
      .json()
      .paymentMethods.find((c: { last4: string }) => c.last4 === '0259');
    expect(saved).toBeTruthy();
    const bySaved = await pay(u, 20, { paymentMethodId: saved.id });
    expect(bySaved.confirmed.statusCode, bySaved.confirmed.body).toBe(402);
    expect(bySaved.confirmed.json().error.code).toBe('card_disputed');
    expect((await sandbox.retrieveIntent(bySaved.intent.paymentIntentId))!.amountRefundedCents).toBe(2000);

    // Webhooks of those payments (and the refunds) arriving later credit nothing either.
    ctx.clock.advance(5_000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await settle();
    expect(await ledger(u)).toEqual(before);
    expect(await balance(u)).toBe('0.00');
    expect(await auditOf('payment.refused', u.id)).toHaveLength(2);
    await ledgerHolds();

    // An admin cannot charge that card off-session either.
    const charged = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/charge-customer',
      headers: admin.headers,
      payload: { userId: u.id, paymentMethodId: saved.id, amount: '25.00', description: 'Recovery' },
    });
    expect(charged.statusCode, charged.body).toBe(402);
    expect(charged.json().error.code).toBe('card_disputed');
    expect(await ledger(u)).toEqual(before);
    await ledgerHolds();
  });

  it('a disputed saved card is marked disputed, stops being the default (another card is), and cannot be made default again', async () => {
    const u = await createSignedInUser(ctx);
    const cards = async () =>
      (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods as {
        id: string;
        last4: string;
        isDefault: boolean;
        disputed?: boolean;
      }[];
    await pay(u, 50, { card: card(DISPUTED) });
    await pay(u, 10, { card: card(VISA) });
    expect((await cards()).map((c) => [c.last4, c.isDefault, c.disputed])).toEqual([
      ['0259', true, false],
      ['4242', false, false],
    ]);
    ctx.clock.advance(5_000);
    await deliverSandboxEvents(ctx.app, sandbox);
    await settle();
    // The other card is the default now (listed first); the disputed one says so and comes last.
    const after = await cards();
    expect(after.map((c) => [c.last4, c.isDefault, c.disputed])).toEqual([
      ['4242', true, false],
      ['0259', false, true],
    ]);
    const disputedId = after.find((c) => c.last4 === '0259')!.id;
    const makeDefault = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/payment-methods/${disputedId}/set-default`,
      headers: u.headers,
    });
    expect(makeDefault.statusCode, makeDefault.body).toBe(409);
    expect(makeDefault.json().message).toMatch(/dispute/);
    expect((await cards()).find((c) => c.isDefault)!.last4).toBe('4242');
    await ledgerHolds();
  });

  it('when the disputed card was the only one, no card is the default until a new card is saved, which becomes it', async () => {
    const u = await userOwing30();
    const only = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    expect(only).toMatchObject([{ last4: '0259', isDefault: false, disputed: true }]);
    await pay(u, 40, { card: card(MASTERCARD) });
    const now = (await inject('GET', '/api/payment-methods', u.headers)).json().paymentMethods;
    expect(now).toMatchObject([
      { last4: '4444', isDefault: true, disputed: false },
      { last4: '0259', isDefault: false, disputed: true },
    ]);
  });

  it('a top-up from another card pays the pending debit first with its own entry, completes it, lifts the hold, and only the rest is spendable', async () => {
    const u = await userOwing30();
    const [pending] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select id from wallet_transactions where user_id = ${u.id} and status = 'pending'`,
      ),
    );
    // Top up 30.00 + the cheapest order's price − 0.01: after the debt, one cent short of that order.
    const [cheapest] = await quote(ctx, u.headers);
    const price = cents(cheapest!.total);
    const topup = 3000 + price - 1;
    const paid = await pay(u, dollars(topup), { card: card(MASTERCARD) });
    expect(paid.confirmed.statusCode, paid.confirmed.body).toBe(200);
    expect(paid.confirmed.json().balance).toBe(dollars(price - 1));
    expect(await balance(u)).toBe(dollars(price - 1));
    expect(await ledger(u)).toEqual([
      'topup:credit:completed:5000',
      'adjustment:debit:completed:3000',
      'topup:debit:completed:2000',
      'topup:debit:pending:3000',
      `topup:credit:completed:${topup}`,
      'topup:debit:completed:3000',
    ]);
    const [settlement] = rowsOf<{ settles_id: string; idempotency_key: string; description: string }>(
      await ctx.database.db.execute(sql`
        select settles_id, idempotency_key, description from wallet_transactions
        where user_id = ${u.id} and settles_id is not null`),
    );
    expect(settlement!.settles_id).toBe(pending!.id);
    expect(settlement!.description).toMatch(/^Chargeback paid from a top-up \(Mastercard •••• 4444\)/);
    const [marked] = rowsOf<{ status: string; settled_at: unknown }>(
      await ctx.database.db.execute(sql`select status, settled_at from wallet_transactions where id = ${pending!.id}`),
    );
    expect(marked!.settled_at).not.toBeNull();
    // The user sees the pending entry paid by later top-ups ('settled'), never as money taken: the
    // completed entries alone add up to the balance (the payment is the entry that moved the money).
    const history = (await inject('GET', '/api/transactions', u.headers)).json() as {
      id: string;
      status: string;
      amount: string;
      direction: string;
    }[];
    expect(history.find((t) => t.id === pending!.id)!.status).toBe('settled');
    expect(history.filter((t) => t.status === 'pending')).toEqual([]);
    const completedSum = history
      .filter((t) => t.status === 'completed')
      .reduce((sum, t) => sum + (t.direction === 'debit' ? -cents(t.amount) : cents(t.amount)), 0);
    expect(dollars(completedSum)).toBe(await balance(u));
    const paged = (await inject('GET', '/api/transactions?page=1&limit=20', u.headers)).json();
    expect(paged.data.find((t: { id: string }) => t.id === pending!.id).status).toBe('settled');
    await ledgerHolds();

    // Paid: the hold lifted by itself (audited), nothing owed any more.
    const listed = await adminUser(u);
    expect(listed.wallet.owed).toBeUndefined();
    expect(listed.wallet.hold).toBeUndefined();
    expect(await auditOf('wallet.hold_lifted', u.id)).toHaveLength(1);

    // Only the rest is spendable: the order costs one cent more than is left.
    const short = await order(u);
    expect(short.res.statusCode, short.res.body).toBe(402);
    expect(short.res.json().code).toBe('INSUFFICIENT_BALANCE');
    await ledgerHolds();
    const one = await inject('POST', '/api/admin/add-balance', admin.headers, { userId: u.id, amount: '1.00' });
    expect(one.statusCode, one.body).toBe(200);
    const placed = await order(u);
    expect(placed.res.statusCode, placed.res.body).toBe(201);
    expect(await balance(u)).toBe(dollars(price - 1 + 100 - cents(placed.option.total)));
    await ledgerHolds();

    // Another top-up pays nothing more: the debt was paid once.
    await pay(u, 10, { card: card(VISA) });
    const settlements = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from wallet_transactions where user_id = ${u.id} and settles_id is not null`,
      ),
    );
    expect(settlements[0]!.n).toBe(1);
    await ledgerHolds();
  });

  it('a top-up smaller than the debt pays part of it; the hold stays until the rest is paid', async () => {
    const u = await userOwing30();
    const part = await pay(u, 10, { card: card(VISA) });
    expect(part.confirmed.statusCode, part.confirmed.body).toBe(200);
    expect(await balance(u)).toBe('0.00');
    expect((await adminUser(u)).wallet).toMatchObject({ owed: '20.00', hold: { kind: 'uncovered_debit' } });
    const { res } = await order(u);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('20.00 CAD');
    await ledgerHolds();
    await pay(u, 25, { card: card(MASTERCARD) });
    expect(await balance(u)).toBe('5.00');
    const after = (await adminUser(u)).wallet;
    expect([after.hold, after.owed]).toEqual([undefined, undefined]);
    expect(await ledger(u)).toEqual([
      'topup:credit:completed:5000',
      'adjustment:debit:completed:3000',
      'topup:debit:completed:2000',
      'topup:debit:pending:3000',
      'topup:credit:completed:1000',
      'topup:debit:completed:1000',
      'topup:credit:completed:2500',
      'topup:debit:completed:2000',
    ]);
    await ledgerHolds();
  });

  it('an admin puts a wallet on hold and lifts it, with a reason, audited; orders on the held wallet answer 403 and charge nothing', async () => {
    const u = await createSignedInUser(ctx);
    const funded = await inject('POST', '/api/admin/add-balance', admin.headers, { userId: u.id, amount: '200.00' });
    expect(funded.statusCode).toBe(200);
    const url = `/api/admin/users/${u.id}/wallet-hold`;

    const held = await inject('PUT', url, admin.headers, {
      onHold: true,
      reason: 'Orders to a reshipper under review',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().user.wallet.hold).toMatchObject({
      kind: 'admin',
      reason: 'Orders to a reshipper under review',
    });
    const [entry] = await auditOf('wallet.hold', u.id);
    expect(entry).toMatchObject({ user_id: admin.id, details: 'Orders to a reshipper under review' });
    await ledgerHolds();

    const before = await ledger(u);
    const { res } = await order(u);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('WALLET_ON_HOLD');
    expect(res.json().message).toMatch(/on hold.*Contact support/);
    // Why (the admin's reason, which the dialog says the customer sees), what to do, nothing charged.
    expect(res.json().message).toContain('Orders to a reshipper under review');
    expect(res.json().message).toMatch(/Nothing was charged/);
    expect(res.json().walletHold).toEqual({
      kind: 'admin',
      owed: '0.00',
      reason: 'Orders to a reshipper under review',
    });
    // The wallet read says so too, before any order.
    const wallet = (await inject('GET', '/api/wallet', u.headers)).json();
    expect(wallet.hold).toEqual({ kind: 'admin', owed: '0.00', reason: 'Orders to a reshipper under review' });
    expect(await ledger(u)).toEqual(before);
    expect(await balance(u)).toBe('200.00');
    expect(await shipmentCount(u)).toBe(0);
    await ledgerHolds();

    // Holding again changes nothing (no second audit entry).
    const twice = await inject('PUT', url, admin.headers, { onHold: true, reason: 'again' });
    expect(twice.json().message).toMatch(/already on hold/);
    expect(await auditOf('wallet.hold', u.id)).toHaveLength(1);

    const lifted = await inject('PUT', url, admin.headers, { onHold: false, reason: 'Reviewed with the customer' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().user.wallet.hold).toBeUndefined();
    expect((await inject('GET', '/api/wallet', u.headers)).json().hold).toBeUndefined();
    expect(await auditOf('wallet.hold_lifted', u.id)).toMatchObject([
      { user_id: admin.id, details: 'Reviewed with the customer' },
    ]);
    const after = await order(u);
    expect(after.res.statusCode, after.res.body).toBe(201);
    await ledgerHolds();
  });

  it('an admin hold replaces the automatic one: paying the debt no longer lifts it', async () => {
    const u = await userOwing30();
    const url = `/api/admin/users/${u.id}/wallet-hold`;
    expect((await inject('PUT', url, admin.headers, { onHold: true, reason: 'Fraud review' })).statusCode).toBe(200);
    await pay(u, 50, { card: card(MASTERCARD) });
    expect(await balance(u)).toBe('20.00');
    const listed = await adminUser(u);
    expect(listed.wallet.hold).toMatchObject({ kind: 'admin', reason: 'Fraud review' });
    expect(listed.wallet.owed).toBeUndefined();
    expect((await order(u)).res.statusCode).toBe(403);
    await ledgerHolds();
  });

  it('hold and lift are admin only; the body is checked field by field; an unknown user is 404', async () => {
    const u = await createSignedInUser(ctx);
    const staff = await createSignedInUser(ctx, { role: 'staff' });
    const url = `/api/admin/users/${u.id}/wallet-hold`;
    const body = { onHold: true, reason: 'x' };
    expect((await inject('PUT', url, {}, body)).statusCode).toBe(401);
    expect((await inject('PUT', url, u.headers, body)).statusCode).toBe(403);
    expect((await inject('PUT', url, staff.headers, body)).statusCode).toBe(403);
    expect((await auditOf('wallet.hold', u.id)).length).toBe(0);
    const noReason = await inject('PUT', url, admin.headers, { onHold: true });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fieldErrors)).toEqual(['reason']);
    const blank = await inject('PUT', url, admin.headers, { onHold: true, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toEqual(['Reason is required']);
    const notBool = await inject('PUT', url, admin.headers, { onHold: 'yes', reason: 'x' });
    expect(Object.keys(notBool.json().fieldErrors)).toEqual(['onHold']);
    const extra = await inject('PUT', url, admin.headers, { ...body, balance: '0' });
    expect(extra.statusCode).toBe(400);
    expect((await inject('PUT', '/api/admin/users/nope/wallet-hold', admin.headers, body)).statusCode).toBe(400);
    const unknown = await inject('PUT', `/api/admin/users/${randomUUID()}/wallet-hold`, admin.headers, body);
    expect(unknown.statusCode).toBe(404);
    // Never on oneself (as Deactivate): neither put nor lifted, nothing audited.
    const self = await inject('PUT', `/api/admin/users/${admin.id}/wallet-hold`, admin.headers, body);
    expect(self.statusCode, self.body).toBe(409);
    expect(self.json().message).toMatch(/your own wallet/);
    const selfLift = await inject('PUT', `/api/admin/users/${admin.id}/wallet-hold`, admin.headers, {
      onHold: false,
      reason: 'x',
    });
    expect(selfLift.statusCode).toBe(409);
    expect((await adminUser(admin)).wallet.hold).toBeUndefined();
    expect(await auditOf('wallet.hold', admin.id)).toEqual([]);
  });

  it('the ledger stays append-only: a pending debit can only be marked settled, once, and nothing else changes', async () => {
    const u = await userOwing30();
    const [pending] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select id from wallet_transactions where user_id = ${u.id} and status = 'pending'`,
      ),
    );
    const refused = async (q: ReturnType<typeof sql>) => {
      await expect(ctx.database.db.execute(q)).rejects.toThrow();
    };
    await refused(sql`update wallet_transactions set amount_cents = 1 where id = ${pending!.id}`);
    await refused(sql`update wallet_transactions set status = 'completed' where id = ${pending!.id}`);
    await refused(sql`update wallet_transactions set settled_at = now(), amount_cents = 1 where id = ${pending!.id}`);
    await refused(
      sql`update wallet_transactions set settled_at = now() where user_id = ${u.id} and status = 'completed'`,
    );
    await refused(sql`delete from wallet_transactions where id = ${pending!.id}`);
    await ledgerHolds();
  });
});
