import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, users } from '../../src/server/db/schema/identity';
import { shipments } from '../../src/server/db/schema/orders';
import { rowsOf } from '../../src/server/db/client';
import { insertShipment } from './helpers/shipment-fixtures';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NOW = '2026-03-02T15:00:00Z';

describe(`admin pricing: discounts, price rules, margins (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp({ now: NOW });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const call = (u: User | null, method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: u?.headers, payload: payload as object | undefined });

  const count = async (table: 'discounts' | 'price_rules' | 'audit_logs') =>
    Number(
      rowsOf<{ n: string | number }>(await ctx.database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!
        .n,
    );

  const auditsFor = (action: string, resourceId: string) =>
    ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, resourceId)));

  async function organization(name: string): Promise<string> {
    const id = randomUUID();
    const at = ctx.clock.now();
    await ctx.database.db.insert(organizations).values({ id, name, address: '', createdAt: at, updatedAt: at });
    return id;
  }

  /** A customer who belongs to an organization of their own. */
  async function customer(orgName = `Org ${randomUUID().slice(0, 6)}`): Promise<User & { orgId: string }> {
    const u = await createSignedInUser(ctx);
    const orgId = await organization(orgName);
    await ctx.database.db.update(users).set({ organizationId: orgId }).where(eq(users.id, u.id));
    return { ...u, orgId };
  }

  const discountBody = (userId: string, over: Record<string, unknown> = {}) => ({
    userId,
    discountType: 'percentage',
    discountValue: '10',
    description: 'Loyal customer',
    ...over,
  });

  const ruleBody = (over: Record<string, unknown> = {}) => ({
    carrier: 'CA-UPS',
    serviceCode: null,
    organizationId: null,
    markupPercent: '10',
    markupFixed: '1.50',
    ...over,
  });

  // -------------------------------------------------------------------------------------------

  describe('who may call', () => {
    it('answers 401 to anonymous callers and 403 to end_user, staff and org_owner, changing nothing', async () => {
      const target = await customer();
      const d = await call(admin, 'POST', '/api/admin/discounts', discountBody(target.id));
      expect(d.statusCode).toBe(201);
      const discountId = d.json().discount.id as string;
      const r = await call(admin, 'POST', '/api/admin/price-rules', ruleBody({ carrier: 'CA-DHL' }));
      expect(r.statusCode).toBe(201);
      const ruleId = r.json().rule.id as string;

      const calls: [Method, string, unknown?][] = [
        ['GET', '/api/admin/discounts'],
        ['POST', '/api/admin/discounts', discountBody(target.id, { discountValue: '50' })],
        ['PUT', `/api/admin/discounts/${discountId}`, { discountType: 'percentage', discountValue: '99' }],
        ['DELETE', `/api/admin/discounts/${discountId}`],
        ['GET', '/api/admin/price-rules'],
        ['GET', '/api/admin/carrier-services'],
        ['POST', '/api/admin/price-rules', ruleBody({ carrier: 'CA-CP' })],
        ['PUT', `/api/admin/price-rules/${ruleId}`, ruleBody({ carrier: 'CA-DHL', markupPercent: '99' })],
        ['DELETE', `/api/admin/price-rules/${ruleId}`],
        ['GET', '/api/admin/margins'],
        ['GET', '/api/admin/margins?months=3'],
      ];
      const before = {
        discounts: await count('discounts'),
        rules: await count('price_rules'),
        audits: await count('audit_logs'),
        discount: (await call(admin, 'GET', '/api/admin/discounts')).json(),
        rulesList: (await call(admin, 'GET', '/api/admin/price-rules')).json(),
      };

      for (const [method, url, payload] of calls) {
        const anon = await call(null, method, url, payload);
        expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
        // Even a malformed body is refused for who is asking, before it is read.
        if (method === 'POST' || method === 'PUT') {
          expect((await call(null, method, url, { junk: true })).statusCode).toBe(401);
        }
      }
      for (const role of ['end_user', 'staff', 'org_owner'] as const) {
        const u = await createSignedInUser(ctx, { role });
        for (const [method, url, payload] of calls) {
          const res = await call(u, method, url, payload);
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
          if (method === 'POST' || method === 'PUT') {
            expect((await call(u, method, url, { junk: true })).statusCode, `${role} ${method} ${url} junk`).toBe(403);
          }
        }
      }

      expect(await count('discounts')).toBe(before.discounts);
      expect(await count('price_rules')).toBe(before.rules);
      expect(await count('audit_logs')).toBe(before.audits);
      expect((await call(admin, 'GET', '/api/admin/discounts')).json()).toEqual(before.discount);
      expect((await call(admin, 'GET', '/api/admin/price-rules')).json()).toEqual(before.rulesList);

      // Clean up for the tests below.
      expect((await call(admin, 'DELETE', `/api/admin/discounts/${discountId}`)).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/api/admin/price-rules/${ruleId}`)).statusCode).toBe(200);
    });
  });

  // -------------------------------------------------------------------------------------------

  describe('discounts', () => {
    it('creates a discount for the chosen user and their own organization, audited with the new value', async () => {
      const target = await customer('Maple Goods');
      const elsewhere = await organization('Someone Else Inc');
      const res = await call(
        admin,
        'POST',
        '/api/admin/discounts',
        discountBody(target.id, { organizationId: elsewhere, discountValue: 10.5 }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toContain('10.5%');
      expect(body.message).toContain(target.email);
      expect(body.discount).toMatchObject({
        organizationId: target.orgId,
        organization: { id: target.orgId, name: 'Maple Goods' },
        userId: target.id,
        user: { id: target.id, email: target.email, firstName: 'Test' },
        discountType: 'percentage',
        discountValue: '10.5',
        description: 'Loyal customer',
        validFrom: null,
        validTo: null,
        isActive: true,
        inEffect: true,
        createdAt: new Date(NOW).toISOString(),
      });
      const [row] = rowsOf<{ value_units: string | number; organization_id: string; created_by: string }>(
        await ctx.database.db.execute(
          sql`select value_units, organization_id, created_by from discounts where id = ${body.discount.id}`,
        ),
      );
      expect(Number(row!.value_units)).toBe(1050);
      expect(row!.organization_id).toBe(target.orgId);
      expect(row!.created_by).toBe(admin.id);

      const logs = await auditsFor('discount.create', body.discount.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        userId: admin.id,
        resourceType: 'discount',
        oldValue: null,
        newValue: {
          userId: target.id,
          organizationId: target.orgId,
          discountType: 'percentage',
          discountValue: '10.5',
          description: 'Loyal customer',
          validFrom: null,
          validTo: null,
          isActive: true,
        },
      });
      expect(logs[0]!.ipAddress).toBeTruthy();
    });

    it('takes a user without an organization (organization null) and a fixed amount in dollars', async () => {
      const loner = await createSignedInUser(ctx);
      const res = await call(
        admin,
        'POST',
        '/api/admin/discounts',
        discountBody(loner.id, { discountType: 'fixed_amount', discountValue: '5', organizationId: '' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().discount).toMatchObject({
        organizationId: null,
        organization: null,
        discountType: 'fixed_amount',
        discountValue: '5.00',
      });
      expect(res.json().message).toContain('$5.00');
    });

    it('accepts each range at its bounds and refuses past them, with the spec messages and nothing stored', async () => {
      const target = await customer();
      const ok: [string, string | number, string][] = [
        ['percentage', '0', '0'],
        ['percentage', 0, '0'],
        ['percentage', '100', '100'],
        ['percentage', '100.0', '100'],
        ['percentage', '99.9', '99.9'],
        ['percentage', '12.25', '12.25'],
        ['percentage', '10.50', '10.5'],
        ['fixed_amount', '0', '0.00'],
        ['fixed_amount', '10000', '10000.00'],
        ['fixed_amount', 10000, '10000.00'],
        ['fixed_amount', '9999.99', '9999.99'],
        ['fixed_amount', '0.01', '0.01'],
      ];
      for (const [discountType, discountValue, shown] of ok) {
        // One discount in force per customer: each value on a customer of its own.
        const res = await call(
          admin,
          'POST',
          '/api/admin/discounts',
          discountBody((await customer()).id, { discountType, discountValue }),
        );
        expect(res.statusCode, `${discountType} ${discountValue}`).toBe(201);
        expect(res.json().discount.discountValue).toBe(shown);
      }

      const stored = await count('discounts');
      const audits = await count('audit_logs');
      const bad: [Record<string, unknown>, string, string][] = [
        [{ discountValue: '100.1' }, 'discountValue', 'A percentage must be between 0 and 100'],
        [{ discountValue: 100.01 }, 'discountValue', 'A percentage must be between 0 and 100'],
        [{ discountValue: '101' }, 'discountValue', 'A percentage must be between 0 and 100'],
        [{ discountValue: '10.123' }, 'discountValue', 'A percentage must be between 0 and 100'],
        [
          { discountType: 'fixed_amount', discountValue: '10000.01' },
          'discountValue',
          'A fixed amount must be between $0 and $10,000',
        ],
        [
          { discountType: 'fixed_amount', discountValue: 50000 },
          'discountValue',
          'A fixed amount must be between $0 and $10,000',
        ],
        [
          { discountType: 'fixed_amount', discountValue: '1.005' },
          'discountValue',
          'A fixed amount must be between $0 and $10,000',
        ],
        [{ discountValue: '-1' }, 'discountValue', 'Discount value must be a positive number'],
        [{ discountValue: -0.5 }, 'discountValue', 'Discount value must be a positive number'],
        [
          { discountType: 'fixed_amount', discountValue: '-0.01' },
          'discountValue',
          'Discount value must be a positive number',
        ],
        [{ discountValue: '' }, 'discountValue', 'Discount value must be a positive number'],
        [{ discountValue: 'ten' }, 'discountValue', 'Discount value must be a positive number'],
        [{ discountValue: null }, 'discountValue', 'Discount value must be a positive number'],
        [{ discountType: 'bogus' }, 'discountType', 'Choose a discount type'],
        [{ validFrom: '2026-04-01', validTo: '2026-03-01' }, 'validTo', 'Valid from must be before valid to'],
        [
          { validFrom: '2026-04-01T12:00:00Z', validTo: '2026-04-01T12:00:00Z' },
          'validTo',
          'Valid from must be before valid to',
        ],
        [{ validFrom: '2026-02-30' }, 'validFrom', 'Valid from must be a date like 2026-03-31'],
        [{ validFrom: '2026-13-01' }, 'validFrom', 'Valid from must be a date like 2026-03-31'],
        [{ validFrom: '2026-01-32' }, 'validFrom', 'Valid from must be a date like 2026-03-31'],
        [{ validTo: '2026-00-10T10:00:00Z' }, 'validTo', 'Valid to must be a date like 2026-03-31'],
        [{ validTo: 'next week' }, 'validTo', 'Valid to must be a date like 2026-03-31'],
        [{ validTo: '2026-03-31T25:00:00Z' }, 'validTo', 'Valid to must be a date like 2026-03-31'],
        [{ validTo: '2026-03-31T12:00:00' }, 'validTo', 'Valid to must be a date like 2026-03-31'],
        [{ validFrom: '0050-01-01' }, 'validFrom', 'Valid from must be a date between 1900 and 2999'],
        [{ validTo: '9999-12-31' }, 'validTo', 'Valid to must be a date between 1900 and 2999'],
        [{ userId: undefined }, 'userId', 'Please select a specific user for this discount'],
        [{ userId: '' }, 'userId', 'Please select a specific user for this discount'],
        [{ userId: randomUUID() }, 'userId', 'Please select a specific user for this discount'],
        [{ isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
      ];
      for (const [over, field, message] of bad) {
        const res = await call(admin, 'POST', '/api/admin/discounts', discountBody(target.id, over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().fieldErrors?.[field], JSON.stringify(over)).toContain(message);
      }
      expect(await count('discounts')).toBe(stored);
      expect(await count('audit_logs')).toBe(audits);
    });

    it('stores Toronto days as their first and past-the-last instants and tells whether each is in effect now', async () => {
      // One discount in force per customer: each on a customer of its own.
      const create = async (over: Record<string, unknown>) => {
        const res = await call(admin, 'POST', '/api/admin/discounts', discountBody((await customer()).id, over));
        expect(res.statusCode, JSON.stringify(over)).toBe(201);
        return res.json().discount as {
          id: string;
          validFrom: string | null;
          validTo: string | null;
          inEffect: boolean;
        };
      };
      // Now is 2026-03-02 10:00 in Toronto (EST); daylight time starts on 8 March.
      const march = await create({ validFrom: '2026-03-01', validTo: '2026-03-31' });
      expect(march.validFrom).toBe('2026-03-01T05:00:00.000Z');
      expect(march.validTo).toBe('2026-04-01T04:00:00.000Z');
      expect(march.inEffect).toBe(true);

      const today = await create({ validFrom: '2026-03-02', validTo: '2026-03-02' });
      expect(today).toMatchObject({ validFrom: '2026-03-02T05:00:00.000Z', validTo: '2026-03-03T05:00:00.000Z' });
      expect(today.inEffect).toBe(true);

      expect((await create({ validFrom: '2026-03-03' })).inEffect).toBe(false);
      expect((await create({ validTo: '2026-03-01' })).inEffect).toBe(false);
      expect((await create({ isActive: false })).inEffect).toBe(false);
      expect((await create({ validFrom: '', validTo: null })).inEffect).toBe(true);
      // An exact instant is kept as given: it starts at 15:00Z, which is now.
      const exact = await create({ validFrom: '2026-03-02T10:00:00-05:00', validTo: '2026-03-02T15:00:01Z' });
      expect(exact).toMatchObject({ validFrom: '2026-03-02T15:00:00.000Z', validTo: '2026-03-02T15:00:01.000Z' });
      expect(exact.inEffect).toBe(true);
      const ended = await create({ validTo: '2026-03-02T15:00:00Z' });
      expect(ended.inEffect).toBe(false);

      // The list answers the same, and follows the clock.
      const list = (await call(admin, 'GET', '/api/admin/discounts')).json() as { id: string; inEffect: boolean }[];
      expect(list.find((d) => d.id === exact.id)!.inEffect).toBe(true);
      ctx.clock.advance(1000);
      try {
        const later = (await call(admin, 'GET', '/api/admin/discounts')).json() as { id: string; inEffect: boolean }[];
        expect(later.find((d) => d.id === exact.id)!.inEffect).toBe(false);
      } finally {
        ctx.clock.set(NOW);
      }
    });

    it('lists every discount newest first with user and organization', async () => {
      const a = await customer('Alpha Co');
      const b = await customer('Beta Co');
      const first = await call(admin, 'POST', '/api/admin/discounts', discountBody(a.id, { discountValue: '1' }));
      ctx.clock.advance(60_000);
      const second = await call(admin, 'POST', '/api/admin/discounts', discountBody(b.id, { discountValue: '2' }));
      ctx.clock.set(NOW);
      const res = await call(admin, 'GET', '/api/admin/discounts');
      expect(res.statusCode).toBe(200);
      const list = res.json() as {
        id: string;
        createdAt: string;
        user: { email: string };
        organization: { name: string };
      }[];
      expect(list.length).toBe(await count('discounts'));
      const created = list.map((d) => d.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(list[0]!.id).toBe(second.json().discount.id);
      expect(list[0]!.organization.name).toBe('Beta Co');
      expect(list.find((d) => d.id === first.json().discount.id)!.user.email).toBe(a.email);
    });

    it('edits a discount (customer unchanged) and deletes it, each audited with old and new values', async () => {
      const target = await customer('Gamma Co');
      const created = (await call(admin, 'POST', '/api/admin/discounts', discountBody(target.id))).json().discount;

      const edit = {
        discountType: 'fixed_amount',
        discountValue: '7.5',
        description: 'Spring promo',
        validFrom: '2026-03-01',
        validTo: '2026-03-31',
        isActive: false,
      };
      ctx.clock.advance(5_000);
      const res = await call(admin, 'PUT', `/api/admin/discounts/${created.id}`, edit);
      ctx.clock.set(NOW);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toContain(target.email);
      expect(res.json().discount).toMatchObject({
        id: created.id,
        userId: target.id,
        organizationId: target.orgId,
        discountType: 'fixed_amount',
        discountValue: '7.50',
        description: 'Spring promo',
        validFrom: '2026-03-01T05:00:00.000Z',
        validTo: '2026-04-01T04:00:00.000Z',
        isActive: false,
        inEffect: false,
        createdAt: created.createdAt,
      });
      const updates = await auditsFor('discount.update', created.id);
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({
        userId: admin.id,
        resourceType: 'discount',
        oldValue: { userId: target.id, discountType: 'percentage', discountValue: '10', isActive: true, validTo: null },
        newValue: {
          userId: target.id,
          discountType: 'fixed_amount',
          discountValue: '7.50',
          description: 'Spring promo',
          validFrom: '2026-03-01T05:00:00.000Z',
          validTo: '2026-04-01T04:00:00.000Z',
          isActive: false,
        },
      });

      // The same values again change nothing and write no second entry.
      expect((await call(admin, 'PUT', `/api/admin/discounts/${created.id}`, edit)).statusCode).toBe(200);
      expect(await auditsFor('discount.update', created.id)).toHaveLength(1);

      // The customer cannot change on edit; the ranges are the same; the stored discount stays.
      const other = await customer();
      for (const [body, field] of [
        [{ ...edit, userId: other.id }, 'body'],
        [{ ...edit, discountType: 'percentage', discountValue: '100.1' }, 'discountValue'],
        [{ ...edit, discountValue: '10000.01' }, 'discountValue'],
        [{ ...edit, discountValue: '-1' }, 'discountValue'],
        [{ ...edit, validFrom: '2026-04-01', validTo: '2026-03-31' }, 'validTo'],
        [{ ...edit, validTo: '2026-02-29' }, 'validTo'],
      ] as const) {
        const bad = await call(admin, 'PUT', `/api/admin/discounts/${created.id}`, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(bad.json().fieldErrors ?? {})).toContain(field);
      }
      const unchanged = (await call(admin, 'GET', '/api/admin/discounts'))
        .json()
        .find((d: { id: string }) => d.id === created.id);
      expect(unchanged).toMatchObject({ userId: target.id, discountValue: '7.50', isActive: false });

      // Unknown and malformed ids.
      expect((await call(admin, 'PUT', `/api/admin/discounts/${randomUUID()}`, edit)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/api/admin/discounts/${randomUUID()}`)).statusCode).toBe(404);
      expect((await call(admin, 'PUT', '/api/admin/discounts/not-an-id', edit)).statusCode).toBe(400);

      const del = await call(admin, 'DELETE', `/api/admin/discounts/${created.id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: expect.stringContaining(target.email) });
      const deletes = await auditsFor('discount.delete', created.id);
      expect(deletes).toHaveLength(1);
      expect(deletes[0]).toMatchObject({
        userId: admin.id,
        oldValue: { userId: target.id, discountValue: '7.50', description: 'Spring promo' },
        newValue: null,
      });
      expect((await call(admin, 'DELETE', `/api/admin/discounts/${created.id}`)).statusCode).toBe(404);
      expect(
        (await call(admin, 'GET', '/api/admin/discounts')).json().some((d: { id: string }) => d.id === created.id),
      ).toBe(false);
    });
  });

  // -------------------------------------------------------------------------------------------

  describe('price rules', () => {
    it('creates rules per carrier, service and organization; a taken scope is a 409 naming the rule', async () => {
      const orgId = await organization('Northwind Traders');
      const all = await call(admin, 'POST', '/api/admin/price-rules', ruleBody({ description: 'Base markup' }));
      expect(all.statusCode).toBe(201);
      expect(all.json().message).toContain('UPS');
      expect(all.json().rule).toMatchObject({
        carrier: 'CA-UPS',
        serviceCode: null,
        organizationId: null,
        organization: null,
        markupPercent: '10',
        markupFixed: '1.50',
        isActive: true,
        description: 'Base markup',
        createdAt: new Date(NOW).toISOString(),
        updatedAt: new Date(NOW).toISOString(),
      });
      const allId = all.json().rule.id as string;
      const created = await auditsFor('price_rule.create', allId);
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        userId: admin.id,
        resourceType: 'price_rule',
        oldValue: null,
        newValue: {
          carrier: 'CA-UPS',
          serviceCode: null,
          organizationId: null,
          markupPercent: '10',
          markupFixed: '1.50',
          isActive: true,
          description: 'Base markup',
        },
      });

      // The service code is matched to the carrier's own spelling.
      const one = await call(
        admin,
        'POST',
        '/api/admin/price-rules',
        ruleBody({ serviceCode: 'ups.11', markupPercent: 12.5 }),
      );
      expect(one.statusCode).toBe(201);
      expect(one.json().rule).toMatchObject({ serviceCode: 'UPS.11', markupPercent: '12.5' });

      const forOrg = await call(
        admin,
        'POST',
        '/api/admin/price-rules',
        ruleBody({ serviceCode: 'UPS.11', organizationId: orgId, markupFixed: 0 }),
      );
      expect(forOrg.statusCode).toBe(201);
      expect(forOrg.json().rule).toMatchObject({
        organizationId: orgId,
        organization: { id: orgId, name: 'Northwind Traders' },
        markupFixed: '0.00',
      });
      expect(forOrg.json().message).toContain('Northwind Traders');

      const orgAll = await call(admin, 'POST', '/api/admin/price-rules', ruleBody({ organizationId: orgId }));
      expect(orgAll.statusCode).toBe(201);

      const rules = await count('price_rules');
      const audits = await count('audit_logs');
      // Each scope once: everyone/all services, everyone/UPS.11 (any spelling), the organization's.
      for (const [over, mentions] of [
        [{ markupPercent: '50' }, ['UPS', 'all services', 'all organizations', allId.slice(0, 8)]],
        [{ serviceCode: 'UPS.11', markupPercent: '1' }, ['UPS', 'UPS.11', 'all organizations', '12.5%']],
        [{ serviceCode: 'Ups.11' }, ['UPS.11']],
        [{ serviceCode: 'UPS.11', organizationId: orgId }, ['UPS.11', 'Northwind Traders']],
        [{ serviceCode: '', organizationId: orgId }, ['all services', 'Northwind Traders']],
      ] as const) {
        const res = await call(admin, 'POST', '/api/admin/price-rules', ruleBody(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(409);
        expect(res.json().code).toBe('CONFLICT');
        for (const m of mentions) expect(res.json().message, JSON.stringify(over)).toContain(m);
        expect(res.json().message).toContain('already exists');
      }
      expect(await count('price_rules')).toBe(rules);
      expect(await count('audit_logs')).toBe(audits);
    });

    it('lets only one of two simultaneous creates take a scope; the other gets the 409', async () => {
      const body = ruleBody({ carrier: 'CA-Fedex', serviceCode: 'FDX.PRIORITY_OVERNIGHT' });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call(admin, 'POST', '/api/admin/price-rules', body)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 201)!.json().rule.id as string;
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().message).toContain(winner.slice(0, 8));
      }
      expect(await auditsFor('price_rule.create', winner)).toHaveLength(1);
      expect((await call(admin, 'DELETE', `/api/admin/price-rules/${winner}`)).statusCode).toBe(200);
    });

    it('checks the service against what the carrier sells and the organization against those that exist', async () => {
      const rules = await count('price_rules');
      const bad: [Record<string, unknown>, string, string][] = [
        [{ carrier: 'CA-CP', serviceCode: 'UPS.11' }, 'serviceCode', 'Canada Post offers no service UPS.11'],
        [{ carrier: 'CA-DHL', serviceCode: 'DOM.RP' }, 'serviceCode', 'DHL offers no service DOM.RP'],
        [{ serviceCode: 'UPS.99' }, 'serviceCode', 'UPS.11'],
        [{ organizationId: randomUUID() }, 'organizationId', 'No organization has this id'],
        [{ organizationId: 'acme' }, 'organizationId', 'organizationId must be an organization id'],
        [{ carrier: 'CA-XYZ' }, 'carrier', 'Choose a carrier'],
        [{ carrier: undefined }, 'carrier', 'Choose a carrier'],
      ];
      for (const [over, field, message] of bad) {
        const res = await call(admin, 'POST', '/api/admin/price-rules', ruleBody(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().fieldErrors?.[field]?.join(' '), JSON.stringify(over)).toContain(message);
      }
      expect(await count('price_rules')).toBe(rules);
    });

    it('lists what each carrier sells, the codes the rules are checked against', async () => {
      const res = await call(admin, 'GET', '/api/admin/carrier-services');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { carrier: string; carrierName: string; services: { code: string; name: string }[] }[];
      expect(list.map((c) => [c.carrier, c.carrierName])).toEqual([
        ['CA-CP', 'Canada Post'],
        ['CA-PUROLATOR', 'Purolator'],
        ['CA-UPS', 'UPS'],
        ['CA-Fedex', 'FedEx'],
        ['CA-DHL', 'DHL'],
      ]);
      expect(list.find((c) => c.carrier === 'CA-UPS')?.services).toEqual([
        { code: 'UPS.11', name: 'UPS Standard' },
        { code: 'UPS.02', name: 'UPS Expedited' },
        { code: 'UPS.13', name: 'UPS Express Saver' },
        { code: 'UPS.01', name: 'UPS Express' },
        // Across the border and abroad (issue 25).
        { code: 'UPS.11.US', name: 'UPS Standard to the U.S.' },
        { code: 'UPS.08', name: 'UPS Worldwide Expedited' },
        { code: 'UPS.65', name: 'UPS Worldwide Express Saver' },
      ]);
      // Every listed code makes a rule (for an organization of its own, clear of the rules above).
      const organizationId = await organization('Carrier services check');
      for (const { carrier, services } of list) {
        for (const { code } of services) {
          const body = ruleBody({ carrier, serviceCode: code, organizationId });
          const made = await call(admin, 'POST', '/api/admin/price-rules', body);
          expect(made.statusCode, `${carrier} ${code}`).toBe(201);
          const id = made.json().rule.id as string;
          expect((await call(admin, 'DELETE', `/api/admin/price-rules/${id}`)).statusCode).toBe(200);
        }
      }
      const user = await createSignedInUser(ctx, { role: 'end_user' });
      expect((await call(user, 'GET', '/api/admin/carrier-services')).statusCode).toBe(403);
    });

    it('accepts markups at their bounds and refuses past them', async () => {
      const carriers = ['CA-CP', 'CA-PUROLATOR', 'CA-Fedex'];
      const within: Record<string, unknown>[] = [
        { markupPercent: '500', markupFixed: '1000' },
        { markupPercent: 0, markupFixed: '0' },
        { markupPercent: '0.01', markupFixed: '999.99' },
      ];
      for (const [i, over] of within.entries()) {
        const res = await call(admin, 'POST', '/api/admin/price-rules', ruleBody({ carrier: carriers[i], ...over }));
        expect(res.statusCode, JSON.stringify(over)).toBe(201);
      }
      const listed = (await call(admin, 'GET', '/api/admin/price-rules')).json() as {
        carrier: string;
        serviceCode: string | null;
        organizationId: string | null;
        markupPercent: string;
        markupFixed: string;
      }[];
      expect(listed.find((r) => r.carrier === 'CA-CP' && !r.serviceCode && !r.organizationId)).toMatchObject({
        markupPercent: '500',
        markupFixed: '1000.00',
      });

      const rules = await count('price_rules');
      const beyond: [Record<string, unknown>, string, string][] = [
        [{ markupPercent: '500.01' }, 'markupPercent', 'Markup percent must be between 0 and 500'],
        [{ markupPercent: 501 }, 'markupPercent', 'Markup percent must be between 0 and 500'],
        [{ markupPercent: '-1' }, 'markupPercent', 'Markup percent must be between 0 and 500'],
        [{ markupPercent: '1.234' }, 'markupPercent', 'Markup percent must be between 0 and 500'],
        [{ markupPercent: '' }, 'markupPercent', 'Markup percent must be between 0 and 500'],
        [{ markupFixed: '1000.01' }, 'markupFixed', 'Fixed markup must be between $0 and $1,000'],
        [{ markupFixed: '-0.01' }, 'markupFixed', 'Fixed markup must be an amount like 12.34'],
        [{ markupFixed: 'one' }, 'markupFixed', 'Fixed markup must be an amount like 12.34'],
        [{ markupFixed: undefined }, 'markupFixed', 'Fixed markup must be an amount like 12.34'],
      ];
      for (const [over, field, message] of beyond) {
        const res = await call(admin, 'POST', '/api/admin/price-rules', ruleBody({ carrier: 'CA-DHL', ...over }));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().fieldErrors?.[field], JSON.stringify(over)).toContain(message);
      }
      expect(await count('price_rules')).toBe(rules);
    });

    it('lists rules by carrier, then service (all first), then organization (everyone first)', async () => {
      const res = await call(admin, 'GET', '/api/admin/price-rules');
      expect(res.statusCode).toBe(200);
      const list = res.json() as {
        carrier: string;
        serviceCode: string | null;
        organization: { name: string } | null;
      }[];
      expect(list.length).toBe(await count('price_rules'));
      const carriers = ['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL'];
      const keys = list.map((r) => [carriers.indexOf(r.carrier), r.serviceCode ?? '', r.organization?.name ?? '']);
      const sorted = [...keys].sort(
        (a, b) =>
          (a[0] as number) - (b[0] as number) ||
          String(a[1]).localeCompare(String(b[1])) ||
          String(a[2]).localeCompare(String(b[2])),
      );
      expect(keys).toEqual(sorted);
      const ups = list
        .filter((r) => r.carrier === 'CA-UPS')
        .map((r) => `${r.serviceCode}|${r.organization?.name ?? '*'}`);
      expect(ups).toEqual(['null|*', 'null|Northwind Traders', 'UPS.11|*', 'UPS.11|Northwind Traders']);
    });

    it('edits a rule (409 when moved onto a taken scope) and deletes it, audited with old and new values', async () => {
      const made = await call(
        admin,
        'POST',
        '/api/admin/price-rules',
        ruleBody({ carrier: 'CA-Fedex', serviceCode: 'FDX.GROUND', markupPercent: '5' }),
      );
      expect(made.statusCode).toBe(201);
      const id = made.json().rule.id as string;

      ctx.clock.advance(10_000);
      const res = await call(
        admin,
        'PUT',
        `/api/admin/price-rules/${id}`,
        ruleBody({
          carrier: 'CA-Fedex',
          serviceCode: 'FDX.ECONOMY',
          markupPercent: '7.5',
          markupFixed: '2',
          isActive: false,
        }),
      );
      ctx.clock.set(NOW);
      expect(res.statusCode).toBe(200);
      expect(res.json().rule).toMatchObject({
        id,
        serviceCode: 'FDX.ECONOMY',
        markupPercent: '7.5',
        markupFixed: '2.00',
        isActive: false,
        createdAt: new Date(NOW).toISOString(),
        updatedAt: new Date(new Date(NOW).getTime() + 10_000).toISOString(),
      });
      const updates = await auditsFor('price_rule.update', id);
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({
        userId: admin.id,
        oldValue: { serviceCode: 'FDX.GROUND', markupPercent: '5', markupFixed: '1.50', isActive: true },
        newValue: { serviceCode: 'FDX.ECONOMY', markupPercent: '7.5', markupFixed: '2.00', isActive: false },
      });

      // Moving it onto the FedEx all-services rule made earlier is refused; it keeps its own scope.
      const taken = await call(admin, 'PUT', `/api/admin/price-rules/${id}`, ruleBody({ carrier: 'CA-Fedex' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toContain('FedEx, all services, all organizations');
      // Saving it onto its own scope is fine.
      const same = await call(
        admin,
        'PUT',
        `/api/admin/price-rules/${id}`,
        ruleBody({ carrier: 'CA-Fedex', serviceCode: 'FDX.ECONOMY', markupPercent: '8', markupFixed: '2' }),
      );
      expect(same.statusCode).toBe(200);
      expect(same.json().rule).toMatchObject({ serviceCode: 'FDX.ECONOMY', markupPercent: '8', isActive: true });

      expect((await call(admin, 'PUT', `/api/admin/price-rules/${randomUUID()}`, ruleBody())).statusCode).toBe(404);
      expect(
        (
          await call(
            admin,
            'PUT',
            `/api/admin/price-rules/${id}`,
            ruleBody({ carrier: 'CA-Fedex', markupFixed: '5000' }),
          )
        ).statusCode,
      ).toBe(400);

      const del = await call(admin, 'DELETE', `/api/admin/price-rules/${id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().message).toContain('FedEx');
      const deletes = await auditsFor('price_rule.delete', id);
      expect(deletes).toHaveLength(1);
      expect(deletes[0]).toMatchObject({
        oldValue: { carrier: 'CA-Fedex', serviceCode: 'FDX.ECONOMY', markupPercent: '8', markupFixed: '2.00' },
        newValue: null,
      });
      expect((await call(admin, 'DELETE', `/api/admin/price-rules/${id}`)).statusCode).toBe(404);
      // The freed scope can be taken again.
      expect(
        (
          await call(
            admin,
            'POST',
            '/api/admin/price-rules',
            ruleBody({ carrier: 'CA-Fedex', serviceCode: 'FDX.ECONOMY' }),
          )
        ).statusCode,
      ).toBe(201);
    });
  });

  // -------------------------------------------------------------------------------------------

  describe('whatever an admin sends', () => {
    it('answers a deliberate status, never a 500, to near-miss and arbitrary bodies and queries', async () => {
      const target = await customer();
      const orgId = await organization('Fuzz Org');
      const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 20 }));
      const day = fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(
          ([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        );
      const instant = fc
        .tuple(day, fc.integer({ min: 0, max: 25 }), fc.constantFrom('Z', '+14:00', '-12:00', '+23:59', '-05:00'))
        .map(([d, h, z]) => `${d}T${String(h).padStart(2, '0')}:00:00${z}`);
      const date = fc.oneof(day, instant, text, fc.constant(null), fc.constant(''), fc.anything());
      const amount = fc.oneof(
        fc.constantFrom('0', '100', '100.1', '10000', '10000.01', '-1', '1e3', '0.001', '', ' 5 ', 'NaN'),
        fc.double(),
        fc.integer(),
        text,
        fc.anything(),
      );
      const discount = fc.record(
        {
          userId: fc.oneof(fc.constant(target.id), fc.uuid(), text, fc.anything()),
          organizationId: fc.oneof(fc.constant(orgId), fc.uuid(), fc.constant(''), fc.constant(null), text),
          discountType: fc.oneof(fc.constantFrom('percentage', 'fixed_amount', 'other'), fc.anything()),
          discountValue: amount,
          description: fc.oneof(text, fc.string({ minLength: 490, maxLength: 520 }), fc.anything()),
          validFrom: date,
          validTo: date,
          isActive: fc.oneof(fc.boolean(), fc.anything()),
        },
        { requiredKeys: [] },
      );
      const rule = fc.record(
        {
          carrier: fc.oneof(fc.constantFrom('CA-UPS', 'CA-CP', 'CA-DHL', 'ca-ups', 'XX'), fc.anything()),
          serviceCode: fc.oneof(fc.constantFrom('UPS.11', 'DOM.RP', 'dhl.p', '', 'UPS.99'), text, fc.constant(null)),
          organizationId: fc.oneof(fc.constant(orgId), fc.uuid(), fc.constant(''), fc.constant(null), text),
          markupPercent: amount,
          markupFixed: amount,
          isActive: fc.oneof(fc.boolean(), fc.anything()),
          description: fc.oneof(text, fc.anything()),
        },
        { requiredKeys: [] },
      );
      const existing = (await call(admin, 'POST', '/api/admin/discounts', discountBody(target.id))).json().discount.id;
      const targets: [Method, string, 'discount' | 'rule' | 'none'][] = [
        ['POST', '/api/admin/discounts', 'discount'],
        ['PUT', `/api/admin/discounts/${existing}`, 'discount'],
        ['PUT', `/api/admin/discounts/${randomUUID()}`, 'discount'],
        ['POST', '/api/admin/price-rules', 'rule'],
        ['PUT', `/api/admin/price-rules/${randomUUID()}`, 'rule'],
        ['DELETE', '/api/admin/price-rules/not-an-id', 'none'],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets),
          discount,
          rule,
          fc.jsonValue(),
          fc.boolean(),
          async ([method, url, kind], d, r, raw, useRaw) => {
            const body = useRaw ? raw : kind === 'discount' ? d : kind === 'rule' ? r : undefined;
            const res = await ctx.app.inject({
              method,
              url,
              headers: { 'content-type': 'application/json', ...admin.headers },
              payload: body === undefined ? undefined : JSON.stringify(body),
            });
            expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
            expect(() => res.json()).not.toThrow();
          },
        ),
        { numRuns: 400, seed: 20260302 },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(text, fc.integer().map(String)), async (months) => {
          const res = await call(admin, 'GET', `/api/admin/margins?months=${encodeURIComponent(months)}`);
          expect(res.statusCode, months).toBeLessThan(500);
        }),
        { numRuns: 100, seed: 20260302 },
      );
    });
  });

  // -------------------------------------------------------------------------------------------

  describe('margin report', () => {
    type Month = { month: string; orders: number; revenue: string; carrierCost: string; margin: string };
    const cents = (s: string) => Math.round(Number(s) * 100);

    it('adds up per Toronto month, newest first, with empty months as zeros and a total of the months', async () => {
      const u = await createSignedInUser(ctx);
      const ship = async (at: string, price: number, cost: number, status?: 'delivered' | 'failed' | 'cancelled') => {
        const row = await insertShipment(ctx.database.db, u.id, { createdAt: new Date(at), priceCents: price, status });
        await ctx.database.db
          .update(shipments)
          .set({ carrierPriceCents: cost, markupCents: Math.max(price - cost, 0) })
          .where(eq(shipments.id, row.id));
      };
      // Now: 2026-03-02 10:00 Toronto.
      await ship('2026-03-01T03:00:00Z', 2000, 1500); // 28 Feb 22:00 in Toronto → February
      await ship('2026-03-01T05:00:00Z', 1200, 1000); // 1 March 00:00 in Toronto → March
      await ship('2026-03-02T14:00:00Z', 3000, 2500, 'delivered');
      await ship('2026-03-02T14:30:00Z', 900, 1000); // sold below cost (a discount): negative margin
      await ship('2026-03-02T12:00:00Z', 5000, 4000, 'failed'); // not counted
      await ship('2026-02-10T12:00:00Z', 4000, 3000, 'cancelled'); // not counted
      await ship('2026-02-01T04:59:59Z', 800, 700); // 31 Jan 23:59:59 in Toronto → January
      await ship('2025-04-01T04:00:00Z', 700, 600); // 1 April 2025 00:00 EDT → the 12th month back
      await ship('2025-04-01T03:59:59Z', 999, 1); // 31 March 2025 → only in a 13-month report
      await ship('2026-04-01T12:00:00Z', 5555, 1); // next month (not yet): never reported

      const res = await call(admin, 'GET', '/api/admin/margins');
      expect(res.statusCode).toBe(200);
      const report = res.json() as { months: Month[]; total: Omit<Month, 'month'> };
      expect(report.months).toHaveLength(12);
      expect(report.months.map((m) => m.month)).toEqual([
        '2026-03',
        '2026-02',
        '2026-01',
        '2025-12',
        '2025-11',
        '2025-10',
        '2025-09',
        '2025-08',
        '2025-07',
        '2025-06',
        '2025-05',
        '2025-04',
      ]);
      const byMonth = Object.fromEntries(report.months.map((m) => [m.month, m]));
      expect(byMonth['2026-03']).toEqual({
        month: '2026-03',
        orders: 3,
        revenue: '51.00',
        carrierCost: '45.00',
        margin: '6.00',
      });
      expect(byMonth['2026-02']).toEqual({
        month: '2026-02',
        orders: 1,
        revenue: '20.00',
        carrierCost: '15.00',
        margin: '5.00',
      });
      expect(byMonth['2026-01']).toEqual({
        month: '2026-01',
        orders: 1,
        revenue: '8.00',
        carrierCost: '7.00',
        margin: '1.00',
      });
      expect(byMonth['2025-04']).toEqual({
        month: '2025-04',
        orders: 1,
        revenue: '7.00',
        carrierCost: '6.00',
        margin: '1.00',
      });
      expect(byMonth['2025-12']).toEqual({
        month: '2025-12',
        orders: 0,
        revenue: '0.00',
        carrierCost: '0.00',
        margin: '0.00',
      });

      for (const m of report.months) expect(cents(m.revenue) - cents(m.carrierCost), m.month).toBe(cents(m.margin));
      const sum = (k: 'revenue' | 'carrierCost' | 'margin') => report.months.reduce((s, m) => s + cents(m[k]), 0);
      expect(report.total).toEqual({ orders: 6, revenue: '86.00', carrierCost: '73.00', margin: '13.00' });
      expect(report.total.orders).toBe(report.months.reduce((s, m) => s + m.orders, 0));
      expect(cents(report.total.revenue)).toBe(sum('revenue'));
      expect(cents(report.total.carrierCost)).toBe(sum('carrierCost'));
      expect(cents(report.total.margin)).toBe(sum('margin'));

      const thirteen = (await call(admin, 'GET', '/api/admin/margins?months=13')).json() as typeof report;
      expect(thirteen.months).toHaveLength(13);
      expect(thirteen.months[12]).toEqual({
        month: '2025-03',
        orders: 1,
        revenue: '9.99',
        carrierCost: '0.01',
        margin: '9.98',
      });
      expect(thirteen.total).toEqual({ orders: 7, revenue: '95.99', carrierCost: '73.01', margin: '22.98' });

      const one = (await call(admin, 'GET', '/api/admin/margins?months=1')).json() as typeof report;
      expect(one.months).toEqual([byMonth['2026-03']]);
      expect(one.total).toEqual({ orders: 3, revenue: '51.00', carrierCost: '45.00', margin: '6.00' });

      const all = (await call(admin, 'GET', '/api/admin/margins?months=24')).json() as typeof report;
      expect(all.months).toHaveLength(24);
      expect(all.months[23]!.month).toBe('2024-04');
      expect(all.total.orders).toBe(7);
    });

    it('takes months from 1 to 24 only', async () => {
      for (const months of ['0', '25', '-1', '1.5', 'abc', '', '100']) {
        const res = await call(admin, 'GET', `/api/admin/margins?months=${months}`);
        expect(res.statusCode, months).toBe(400);
        expect(res.json().fieldErrors?.months).toEqual(['months must be a whole number from 1 to 24']);
      }
    });

    it('counts a month in Toronto time across the change to daylight time', async () => {
      // In April (EDT) the month starts at 04:00Z, not 05:00Z.
      ctx.clock.set('2026-04-01T04:00:00Z');
      try {
        const report = (await call(admin, 'GET', '/api/admin/margins?months=2')).json() as { months: Month[] };
        expect(report.months.map((m) => m.month)).toEqual(['2026-04', '2026-03']);
        // The 1 April 12:00Z shipment falls in April.
        expect(report.months[0]).toMatchObject({ orders: 1, revenue: '55.55', carrierCost: '0.01', margin: '55.54' });
      } finally {
        ctx.clock.set(NOW);
      }
      ctx.clock.set('2026-04-01T03:59:59Z');
      try {
        const report = (await call(admin, 'GET', '/api/admin/margins?months=1')).json() as { months: Month[] };
        expect(report.months.map((m) => m.month)).toEqual(['2026-03']);
      } finally {
        ctx.clock.set(NOW);
      }
    });
  });
});
