import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, users } from '../../src/server/db/schema/identity';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

const valid = {
  name: 'Marie Tremblay',
  company: 'Boulangerie du Coin',
  address1: '123 Rue Saint-Denis',
  address2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H2X 1Y4',
  country: 'CA',
};

describe(`billing (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const get = (u: User) => ctx.app.inject({ method: 'GET', url: '/api/billing', headers: u.headers });
  const put = (u: User, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/billing/address', headers: u.headers, payload: body as object });
  const orgIdOf = async (u: User) =>
    (await ctx.database.db.select({ id: users.organizationId }).from(users).where(eq(users.id, u.id)))[0].id;
  const auditsOf = (u: User) =>
    ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, u.id), eq(auditLogs.action, 'organization.billing_address')));
  /** A saved card as the payments module records one (provider id, brand, last 4, expiry; never a number). */
  const addCard = async (
    u: User,
    card: { pm: string; brand: string; last4: string; month: number; year: number; isDefault: boolean; at: string },
  ) => {
    await ctx.database.db.execute(sql`
      insert into payment_methods (id, user_id, provider, provider_method_id, brand, last4, exp_month, exp_year,
        fingerprint, is_default, created_at)
      values (${randomUUID()}, ${u.id}, 'sandbox', ${card.pm}, ${card.brand}, ${card.last4}, ${card.month},
        ${card.year}, ${`fp_${card.pm}`}, ${card.isDefault}, ${card.at}::timestamptz)`);
  };

  it('answers 401 to anonymous callers, whatever the body', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/billing', undefined],
      ['PUT', '/api/billing/address', valid],
      ['PUT', '/api/billing/address', { nonsense: true }],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing',
      headers: { cookie: 'voyageur_session=made-up' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('starts with no card and no address; the organization is created for an account without one', async () => {
    const u = await createSignedInUser(ctx);
    expect(await orgIdOf(u)).toBeNull();
    const res = await get(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ defaultCard: null, cardCount: 0, billingAddress: null });
    const orgId = await orgIdOf(u);
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    // A second read reuses it.
    await get(u);
    expect(await orgIdOf(u)).toBe(orgId);
  });

  it('saves the address (normalized), answers it, reads it back, and audits old and new values', async () => {
    const u = await createSignedInUser(ctx);
    const saved = await put(u, { ...valid, province: 'qc', postalCode: 'h2x1y4', country: 'ca' });
    expect(saved.statusCode).toBe(200);
    const expected = { ...valid, postalCode: 'H2X 1Y4' };
    expect(saved.json()).toEqual({ defaultCard: null, cardCount: 0, billingAddress: expected });
    expect((await get(u)).json().billingAddress).toEqual(expected);

    const orgId = await orgIdOf(u);
    const [row] = await ctx.database.db
      .execute(sql`select billing_address from organizations where id = ${orgId}`)
      .then((r) => (r as unknown as { rows: { billing_address: unknown }[] }).rows);
    expect(row.billing_address).toEqual(expected);

    let logs = await auditsOf(u);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      resourceType: 'organization',
      resourceId: orgId,
      oldValue: null,
      newValue: expected,
    });

    // Optional fields may be blank or null; country defaults to CA. A change is audited with both values.
    const next = { ...valid, company: null, address2: '', name: 'Marie T.', country: undefined };
    const changed = await put(u, next);
    expect(changed.statusCode).toBe(200);
    const after = { ...expected, company: '', address2: '', name: 'Marie T.' };
    expect(changed.json().billingAddress).toEqual(after);
    logs = await auditsOf(u);
    expect(logs).toHaveLength(2);
    const latest = logs.find((l) => (l.newValue as { name: string }).name === 'Marie T.')!;
    expect(latest.oldValue).toEqual(expected);
    expect(latest.newValue).toEqual(after);

    // Saving the same address again changes nothing and is not audited again.
    expect((await put(u, next)).statusCode).toBe(200);
    expect(await auditsOf(u)).toHaveLength(2);
  });

  it('takes a US address with a state and ZIP', async () => {
    const u = await createSignedInUser(ctx);
    const res = await put(u, {
      ...valid,
      city: 'Seattle',
      province: 'wa',
      postalCode: '98101',
      country: 'US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().billingAddress).toMatchObject({
      city: 'Seattle',
      province: 'WA',
      postalCode: '98101',
      country: 'US',
    });
  });

  it('refuses an invalid address with 400 and fieldErrors, and keeps the saved one', async () => {
    const u = await createSignedInUser(ctx);
    expect((await put(u, valid)).statusCode).toBe(200);
    const cases: [unknown, string[]][] = [
      [{}, ['name', 'address1', 'city', 'province', 'postalCode']],
      [{ ...valid, name: '  ' }, ['name']],
      [{ ...valid, city: 'Mont\nréal' }, ['city']],
      [{ ...valid, address1: 'x'.repeat(201) }, ['address1']],
      [{ ...valid, province: 'ZZ' }, ['province']],
      [{ ...valid, postalCode: '12345' }, ['postalCode']],
      // A Québec postal code does not belong to Ontario.
      [{ ...valid, province: 'ON' }, ['postalCode']],
      [{ ...valid, country: 'FR' }, ['country']],
      [{ ...valid, country: 'US', province: 'QC', postalCode: '98101' }, ['province']],
    ];
    for (const [body, fields] of cases) {
      const res = await put(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const json = res.json();
      expect(json.code).toBe('VALIDATION_ERROR');
      for (const field of fields) {
        expect(json.fieldErrors?.[field]?.length, `${field} in ${JSON.stringify(json)}`).toBeGreaterThan(0);
      }
    }
    // An unknown field is refused, not silently dropped.
    expect((await put(u, { ...valid, phone: '416-555-0100' })).statusCode).toBe(400);
    expect((await get(u)).json().billingAddress).toEqual(valid);
    expect(await auditsOf(u)).toHaveLength(1);
  });

  it("changes only the caller's organization", async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    expect((await put(b, { ...valid, name: 'Bea Other' })).statusCode).toBe(200);
    const orgsBefore = await ctx.database.db.select().from(organizations);
    expect((await put(a, valid)).statusCode).toBe(200);
    expect((await get(b)).json().billingAddress).toEqual({ ...valid, name: 'Bea Other' });
    expect((await get(a)).json().billingAddress).toEqual(valid);
    const orgA = await orgIdOf(a);
    const orgB = await orgIdOf(b);
    expect(orgA).not.toBe(orgB);
    // B's organization row is untouched by A's save.
    const [bBefore] = orgsBefore.filter((o) => o.id === orgB);
    const [bAfter] = await ctx.database.db.select().from(organizations).where(eq(organizations.id, orgB!));
    expect(bAfter).toEqual(bBefore);
    expect(await auditsOf(b)).toHaveLength(1);
  });

  it("answers the default card and the count from the user's saved cards only", async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await addCard(other, {
      pm: `pm_${randomUUID()}`,
      brand: 'amex',
      last4: '0005',
      month: 1,
      year: 2030,
      isDefault: true,
      at: '2026-01-01T00:00:00Z',
    });
    expect((await get(u)).json()).toMatchObject({ defaultCard: null, cardCount: 0 });

    const visa = `pm_${randomUUID()}`;
    const mc = `pm_${randomUUID()}`;
    await addCard(u, {
      pm: visa,
      brand: 'visa',
      last4: '4242',
      month: 12,
      year: 2030,
      isDefault: true,
      at: '2026-02-01T00:00:00Z',
    });
    await addCard(u, {
      pm: mc,
      brand: 'mastercard',
      last4: '4444',
      month: 3,
      year: 2031,
      isDefault: false,
      at: '2026-02-02T00:00:00Z',
    });
    let billing = (await get(u)).json();
    expect(billing.cardCount).toBe(2);
    // The same cards as the saved-cards list shows.
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/payment-methods', headers: u.headers })).json();
    expect(listed.paymentMethods).toHaveLength(2);
    expect(billing.defaultCard).toEqual(listed.paymentMethods.find((c: { isDefault: boolean }) => c.isDefault));
    expect(billing.defaultCard).toEqual({
      id: visa,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      isDefault: true,
      disputed: false,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      createdAt: '2026-02-01T00:00:00.000Z',
    });

    // Cards but none default: the count says so, the default is null.
    await ctx.database.db.execute(sql`update payment_methods set is_default = false where user_id = ${u.id}`);
    billing = (await get(u)).json();
    expect(billing).toMatchObject({ defaultCard: null, cardCount: 2 });

    // The PUT answers the same card part.
    await ctx.database.db.execute(sql`update payment_methods set is_default = true where provider_method_id = ${mc}`);
    const saved = (await put(u, valid)).json();
    expect(saved.cardCount).toBe(2);
    expect(saved.defaultCard).toMatchObject({
      id: mc,
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2031,
    });
  });
});
