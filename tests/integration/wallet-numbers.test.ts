/**
 * Issue 22, "Numbers that disagree": the wallet's month (the spec's spend and the refunds of the
 * month, one read) beside the dashboard's net figure; a charge's description names the carrier
 * once; the audit entries of balance changes and charges carry the admin's description, and a
 * card's entries name the card (brand and last four) rather than its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import type { TRateOption } from '../../src/shared/contracts/rates';
import type { TAuditLogEntry } from '../../src/shared/contracts/settings';
import type { TTransaction } from '../../src/shared/contracts/wallet';
import { parseCents } from '../../src/shared/money';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;
const cents = (s: string) => parseCents(s)!;
const dollars = (c: number) => (c / 100).toFixed(2);

describe(`wallet and dashboard figures, descriptions, audit (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp({ now: '2026-03-10T15:00:00Z' });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  async function orderWith(u: User, pick: (o: TRateOption) => boolean) {
    const option = (await quote(ctx, u.headers)).find(pick);
    expect(option, 'a quote of that carrier').toBeTruthy();
    const res = await post('/api/shipments', u.headers, orderBody(option!));
    expect(res.statusCode, res.body).toBe(201);
    return { option: option!, shipment: res.json() as { id: string; orderCode: string } };
  }
  const voidLabel = async (u: User, id: string) => {
    const res = await post(`/api/shipments/${id}/void`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
  };

  describe('the month on the wallet card and on the dashboard', () => {
    it("answers this month's shipping charges and refunds in one read; the dashboard's net splits the same way", async () => {
      const u = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, u.id, '500.00');
      // An order of last month voided this month: its refund is this month's, its charge is not
      // (28 February 23:30 in Toronto, voided an hour later on 1 March).
      ctx.clock.set('2026-03-01T04:30:00Z');
      const february = await orderWith(u, (o) => o.carrier === 'CA-Fedex');
      ctx.clock.set('2026-03-01T05:30:00Z');
      await voidLabel(u, february.shipment.id);
      ctx.clock.set('2026-03-10T15:00:00Z');
      const ups = await orderWith(u, (o) => o.carrier === 'CA-UPS');
      const cp = await orderWith(u, (o) => o.carrier === 'CA-CP');
      await voidLabel(u, cp.shipment.id);

      const month = await get('/api/wallet/month', u.headers);
      expect(month.statusCode, month.body).toBe(200);
      const charged = cents(ups.option.total) + cents(cp.option.total);
      const refunded = cents(cp.option.total) + cents(february.option.total);
      expect(month.json()).toEqual({
        month: '2026-03',
        shippingCharged: dollars(charged),
        refunded: dollars(refunded),
      });

      // The dashboard's month: the orders placed this month, net of their refunds.
      const stats = (await get('/api/dashboard/stats?period=monthly', u.headers)).json();
      expect(stats).toMatchObject({
        totalSpend: ups.option.total,
        totalCharged: dollars(charged),
        totalRefunded: cp.option.total,
      });

      // Nothing of another user's, nothing without a session.
      const other = await createSignedInUser(ctx);
      expect((await get('/api/wallet/month', other.headers)).json()).toEqual({
        month: '2026-03',
        shippingCharged: '0.00',
        refunded: '0.00',
      });
      expect((await get('/api/wallet/month', {})).statusCode).toBe(401);

      // Next month starts from nothing (Toronto calendar: 1 April 00:30 in Toronto is 04:30 UTC).
      ctx.clock.set('2026-04-01T04:30:00Z');
      expect((await get('/api/wallet/month', u.headers)).json()).toEqual({
        month: '2026-04',
        shippingCharged: '0.00',
        refunded: '0.00',
      });
      ctx.clock.set('2026-03-10T15:00:00Z');
    });
  });

  describe('a charge names its carrier once', () => {
    it("'UPS Standard — order …' (not 'UPS UPS Standard'), 'Canada Post <service> — order …'", async () => {
      const u = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, u.id, '500.00');
      const ups = await orderWith(u, (o) => o.carrier === 'CA-UPS' && o.serviceName.startsWith('UPS '));
      const cp = await orderWith(u, (o) => o.carrier === 'CA-CP' && !o.serviceName.startsWith('Canada Post'));
      const list = (await get('/api/transactions', u.headers)).json() as TTransaction[];
      const charge = (code: string) => list.find((t) => t.type === 'shipping_charge' && t.reference === code)!;
      expect(charge(ups.shipment.orderCode).description).toBe(
        `${ups.option.serviceName} — order ${ups.shipment.orderCode}`,
      );
      expect(charge(ups.shipment.orderCode).description).not.toMatch(/^UPS UPS/);
      expect(charge(cp.shipment.orderCode).description).toBe(
        `Canada Post ${cp.option.serviceName} — order ${cp.shipment.orderCode}`,
      );
    });
  });

  describe('the audit view', () => {
    const auditOf = async (userId: string) =>
      (await get(`/api/admin/audit-logs?userId=${userId}`, admin.headers)).json() as TAuditLogEntry[];

    it("keeps the admin's description on add-balance, edit-balance and a card charge", async () => {
      const u = await createSignedInUser(ctx);
      const added = await post('/api/admin/add-balance', admin.headers, {
        userId: u.id,
        amount: '40.00',
        description: 'Goodwill credit for the late parcel',
      });
      expect(added.statusCode, added.body).toBe(200);
      ctx.clock.advance(1000);
      const edited = await post('/api/admin/edit-balance', admin.headers, {
        userId: u.id,
        newBalance: '25.00',
        description: 'Corrected after the duplicate credit',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      ctx.clock.advance(1000);
      // A saved card (a top-up with it), then the admin charges it.
      const intent = (
        await post('/api/create-payment-intent', u.headers, { amount: 10, savePaymentMethod: true })
      ).json();
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
        payload: {
          clientSecret: intent.clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Tremblay' },
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(
        (await post('/api/confirm-payment', u.headers, { paymentIntentId: intent.paymentIntentId })).statusCode,
      ).toBe(200);
      const [card] = (await get('/api/payment-methods', u.headers)).json().paymentMethods as { id: string }[];
      ctx.clock.advance(1000);
      const charged = await post('/api/admin/charge-customer', admin.headers, {
        userId: u.id,
        paymentMethodId: card!.id,
        amount: '12.00',
        description: 'March storage fee',
      });
      expect(charged.statusCode, charged.body).toBe(200);

      const entries = await auditOf(u.id);
      const details = (action: string) => entries.filter((e) => e.action === action).map((e) => e.details);
      expect(details('admin.add_balance')).toEqual(['Goodwill credit for the late parcel']);
      expect(details('admin.edit_balance')).toEqual(['Corrected after the duplicate credit']);
      expect(details('wallet.adjustment')).toEqual([
        'Corrected after the duplicate credit',
        'Goodwill credit for the late parcel',
      ]);
      expect(details('wallet.admin_charge')).toEqual(['March storage fee']);
    });

    it("names a card's entries by brand and last four, from the stored card or, once deleted, from the entry", async () => {
      const u = await createSignedInUser(ctx);
      for (const number of ['4242424242424242', '5555555555554444']) {
        const intent = (
          await post('/api/create-payment-intent', u.headers, { amount: 10, savePaymentMethod: true })
        ).json();
        await ctx.app.inject({
          method: 'POST',
          url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
          payload: {
            clientSecret: intent.clientSecret,
            card: { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Tremblay' },
          },
        });
        await post('/api/confirm-payment', u.headers, { paymentIntentId: intent.paymentIntentId });
        ctx.clock.advance(1000);
      }
      const cards = (await get('/api/payment-methods', u.headers)).json().paymentMethods as {
        id: string;
        last4: string;
      }[];
      const visa = cards.find((c) => c.last4 === '4242')!;
      const mastercard = cards.find((c) => c.last4 === '4444')!;
      expect(visa.id).toMatch(/^(pm|card)_/);
      const setDefault = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/payment-methods/${mastercard.id}/set-default`,
        headers: u.headers,
      });
      expect(setDefault.statusCode, setDefault.body).toBe(200);
      ctx.clock.advance(1000);
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/payment-methods/${visa.id}`,
        headers: u.headers,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      const entries = await auditOf(u.id);
      const byAction = (action: string) => entries.find((e) => e.action === action)!;
      expect(byAction('payment_method.set_default')).toMatchObject({
        resourceType: 'payment_method',
        resourceId: mastercard.id,
        card: { brand: 'mastercard', last4: '4444' },
      });
      // The Visa is no longer stored: its entry's own label names it.
      expect(byAction('payment_method.delete')).toMatchObject({
        resourceId: visa.id,
        card: { brand: 'visa', last4: '4242' },
      });
      // Entries about something else carry no card.
      expect(entries.filter((e) => e.resourceType !== 'payment_method').every((e) => e.card === null)).toBe(true);
    });
  });
});
