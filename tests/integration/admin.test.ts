import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { call, nextIp } from './helpers/auth-client';
import { fund, orderBody, quote, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { parseCents, centsToDecimal } from '../../src/shared/money';
import type { TAdminShipment, TAdminStats, TAdminUser, TCustomerWithPayments } from '../../src/shared/contracts/admin';
import type { TAuditLogEntry } from '../../src/shared/contracts/settings';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const cents = (s: string) => parseCents(s)!;

async function rows<T>(ctx: TestContext, query: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(query));
}

async function insertOrganization(ctx: TestContext, name: string, email: string | null): Promise<string> {
  const id = randomUUID();
  await ctx.database.db.execute(sql`
    insert into organizations (id, name, address, email, created_at, updated_at)
    values (${id}, ${name}, '1 Front St, Toronto', ${email}, ${ctx.clock.now().toISOString()}::timestamptz,
      ${ctx.clock.now().toISOString()}::timestamptz)`);
  return id;
}

const joinOrganization = (ctx: TestContext, userId: string, organizationId: string) =>
  ctx.database.db.execute(sql`update users set organization_id = ${organizationId} where id = ${userId}`);

async function insertCard(
  ctx: TestContext,
  userId: string,
  card: { provider?: string; id: string; brand: string; last4: string; isDefault: boolean; at: string },
) {
  await ctx.database.db.execute(sql`
    insert into payment_methods (id, user_id, provider, provider_method_id, brand, last4, exp_month, exp_year,
      fingerprint, is_default, created_at)
    values (${randomUUID()}, ${userId}, ${card.provider ?? 'sandbox'}, ${card.id}, ${card.brand}, ${card.last4}, 4, 2031,
      null, ${card.isDefault}, ${card.at}::timestamptz)`);
}

/** What no refused call may change: users, sessions, wallets, the ledger, audit, discounts, rules, cards. */
async function snapshot(ctx: TestContext): Promise<Record<string, string>> {
  const read = async (q: SQL) => JSON.stringify(await rows(ctx, q));
  return {
    users: await read(sql`select id, role, is_active, organization_id, updated_at from users order by id`),
    sessions: await read(sql`select id, user_id, expires_at from sessions order by id`),
    wallets: await read(sql`select user_id, balance_cents, flagged_at from wallets order by user_id`),
    ledger: await read(sql`select count(*)::int as n from wallet_transactions`),
    audit: await read(sql`select count(*)::int as n from audit_logs`),
    discounts: await read(sql`select * from discounts order by id`),
    priceRules: await read(sql`select * from price_rules order by id`),
    intents: await read(sql`select count(*)::int as n from payment_intents`),
    cards: await read(sql`select * from payment_methods order by id`),
    shipments: await read(sql`select count(*)::int as n from shipments`),
  };
}

describe(`admin back-office: access, users, roles, status, audit (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const get = (url: string, who: { cookie: string }) => call(ctx, 'GET', url, undefined, { cookie: who.cookie });
  const put = (url: string, body: unknown, who: { cookie: string }, ip?: string) =>
    call(ctx, 'PUT', url, body, { cookie: who.cookie, ip });

  describe('every admin call is refused to the other roles, with nothing changed', () => {
    let victim: SignedIn;
    let discountId: string;
    let ruleId: string;

    beforeAll(async () => {
      victim = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, victim.id, '40.00');
      await insertCard(ctx, victim.id, {
        id: 'pm_matrix_1',
        brand: 'visa',
        last4: '4242',
        isDefault: true,
        at: '2026-03-01T00:00:00Z',
      });
      const now = ctx.clock.now().toISOString();
      discountId = randomUUID();
      await ctx.database.db.execute(sql`
        insert into discounts (id, user_id, discount_type, value_units, description, is_active, created_at, updated_at)
        values (${discountId}, ${victim.id}, 'percentage', 1000, 'matrix', true, ${now}::timestamptz, ${now}::timestamptz)`);
      ruleId = randomUUID();
      await ctx.database.db.execute(sql`
        insert into price_rules (id, carrier, service_code, markup_bp, markup_fixed_cents, is_active, description,
          created_at, updated_at)
        values (${ruleId}, 'CA-CP', null, 1000, 100, true, 'matrix', ${now}::timestamptz, ${now}::timestamptz)`);
    });

    /** Every admin call of contracts/admin.ts and contracts/wallet.ts, each with a body that would change something. */
    const calls = (self: SignedIn): [Method, string, unknown][] => [
      ['GET', '/api/admin/stats', undefined],
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users-with-wallets', undefined],
      ['GET', '/api/admin/organizations', undefined],
      ['PUT', `/api/admin/users/${self.id}/role`, { role: 'admin' }],
      ['PUT', `/api/admin/users/${victim.id}/role`, { role: 'staff' }],
      ['PUT', `/api/admin/users/${admin.id}/status`, { isActive: false }],
      ['PUT', `/api/admin/users/${victim.id}/status`, { isActive: false }],
      ['GET', '/api/admin/audit-logs', undefined],
      ['GET', `/api/admin/audit-logs?userId=${admin.id}`, undefined],
      ['GET', '/api/admin/shipments', undefined],
      ['GET', '/api/admin/shipments?search=a&page=1&limit=10', undefined],
      ['GET', '/api/admin/customers-with-payments', undefined],
      [
        'POST',
        '/api/admin/charge-customer',
        { userId: victim.id, paymentMethodId: 'pm_matrix_1', amount: '25.00', description: 'matrix' },
      ],
      ['GET', '/api/admin/discounts', undefined],
      ['POST', '/api/admin/discounts', { userId: self.id, discountType: 'percentage', discountValue: '100' }],
      ['PUT', `/api/admin/discounts/${discountId}`, { discountType: 'percentage', discountValue: '100' }],
      ['DELETE', `/api/admin/discounts/${discountId}`, undefined],
      ['GET', '/api/admin/price-rules', undefined],
      ['POST', '/api/admin/price-rules', { carrier: 'CA-UPS', markupPercent: '0', markupFixed: '0' }],
      ['PUT', `/api/admin/price-rules/${ruleId}`, { carrier: 'CA-CP', markupPercent: '0', markupFixed: '0' }],
      ['DELETE', `/api/admin/price-rules/${ruleId}`, undefined],
      ['GET', '/api/admin/margins', undefined],
      ['GET', '/api/admin/margins?months=3', undefined],
      ['POST', '/api/admin/add-balance', { userId: self.id, amount: '1000.00', description: 'matrix' }],
      ['POST', '/api/admin/edit-balance', { userId: victim.id, newBalance: '0.00', description: 'matrix' }],
    ];

    for (const role of ['end_user', 'staff', 'org_owner'] as const) {
      it(`${role}: 403 FORBIDDEN on every call`, async () => {
        const self = await createSignedInUser(ctx, { role });
        const before = await snapshot(ctx);
        for (const [method, url, body] of calls(self)) {
          const res = await call(ctx, method, url, body, { cookie: self.cookie });
          expect.soft(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBe(403);
          expect.soft(res.json().code, `${role} ${method} ${url}`).toBe('FORBIDDEN');
        }
        expect(await snapshot(ctx)).toEqual(before);
      });
    }

    it('anonymous: 401 on every call', async () => {
      const self = await createSignedInUser(ctx);
      const before = await snapshot(ctx);
      for (const [method, url, body] of calls(self)) {
        const res = await call(ctx, method, url, body);
        expect.soft(res.statusCode, `anonymous ${method} ${url}: ${res.body}`).toBe(401);
        expect.soft(res.json().code, `anonymous ${method} ${url}`).toBe('UNAUTHENTICATED');
      }
      expect(await snapshot(ctx)).toEqual(before);
    });
  });

  describe('users and organizations', () => {
    it('lists every user newest first with organization, wallet and flags; both lists agree', async () => {
      ctx.clock.advance(60_000);
      const member = await createSignedInUser(ctx, { role: 'org_owner' });
      const org = await insertOrganization(ctx, 'Maple Freight', 'ops@maple.example');
      await joinOrganization(ctx, member.id, org);
      await fund(ctx, admin.headers, member.id, '12.34');
      await ctx.database.db.execute(
        sql`update wallets set flagged_at = ${ctx.clock.now().toISOString()}::timestamptz, flag_reason = 'Card payment disputed' where user_id = ${member.id}`,
      );

      const res = await get('/api/admin/users', admin);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as TAdminUser[];
      expect(list[0]).toEqual({
        id: member.id,
        firstName: 'Test',
        lastName: expect.any(String),
        email: member.email,
        role: 'org_owner',
        organizationId: org,
        organization: { id: org, name: 'Maple Freight' },
        isActive: true,
        emailVerified: true,
        createdAt: ctx.clock.now().toISOString(),
        walletBalance: '12.34',
        wallet: { balance: '12.34', flaggedAt: ctx.clock.now().toISOString(), flagReason: 'Card payment disputed' },
      });
      const times = list.map((u) => u.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(list.find((u) => u.id === admin.id)).toMatchObject({
        role: 'admin',
        organization: null,
        walletBalance: '0.00',
      });

      const withWallets = await get('/api/admin/users-with-wallets', admin);
      expect(withWallets.statusCode).toBe(200);
      expect(withWallets.json()).toEqual(list);

      const orgs = await get('/api/admin/organizations', admin);
      expect(orgs.statusCode).toBe(200);
      expect(orgs.json()).toContainEqual({
        id: org,
        name: 'Maple Freight',
        address: '1 Front St, Toronto',
        email: 'ops@maple.example',
        userCount: 1,
        createdAt: ctx.clock.now().toISOString(),
      });
      const empty = await insertOrganization(ctx, 'Nobody Inc', null);
      const again = (await get('/api/admin/organizations', admin)).json() as { id: string; userCount: number }[];
      expect(again.find((o) => o.id === empty)).toMatchObject({ userCount: 0, email: null });
    });

    it('lists customers with saved cards (any provider), default card first, with balance and organization', async () => {
      const carded = await createSignedInUser(ctx);
      const org = await insertOrganization(ctx, 'Card Co', null);
      await joinOrganization(ctx, carded.id, org);
      await fund(ctx, admin.headers, carded.id, '5.00');
      await insertCard(ctx, carded.id, {
        id: 'pm_old',
        brand: 'mastercard',
        last4: '4444',
        isDefault: false,
        at: '2026-01-01T00:00:00Z',
      });
      await insertCard(ctx, carded.id, {
        id: 'pm_default',
        brand: 'visa',
        last4: '4242',
        isDefault: true,
        at: '2026-02-01T00:00:00Z',
      });
      await insertCard(ctx, carded.id, {
        provider: 'stripe',
        id: 'pm_stripe',
        brand: 'amex',
        last4: '0005',
        isDefault: false,
        at: '2026-01-15T00:00:00Z',
      });
      const cardless = await createSignedInUser(ctx);

      const res = await get('/api/admin/customers-with-payments', admin);
      expect(res.statusCode, res.body).toBe(200);
      const customers = res.json() as TCustomerWithPayments[];
      expect(customers.find((c) => c.userId === cardless.id)).toBeUndefined();
      expect(customers.find((c) => c.userId === carded.id)).toEqual({
        userId: carded.id,
        name: expect.stringMatching(/^Test User\d+$/),
        email: carded.email,
        isActive: true,
        organization: { name: 'Card Co' },
        wallet: { balance: '5.00' },
        paymentMethods: [
          { id: 'pm_default', isDefault: true, card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
          {
            id: 'pm_old',
            isDefault: false,
            card: { brand: 'mastercard', last4: '4444', exp_month: 4, exp_year: 2031 },
          },
          { id: 'pm_stripe', isDefault: false, card: { brand: 'amex', last4: '0005', exp_month: 4, exp_year: 2031 } },
        ],
      });
    });
  });

  describe('role changes', () => {
    it('changes a role, answers the user, and writes the audit entry with old, new, actor and IP', async () => {
      const u = await createSignedInUser(ctx);
      ctx.clock.advance(1000);
      const res = await put(`/api/admin/users/${u.id}/role`, { role: 'staff' }, admin, '203.0.113.7');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`Role of ${u.email} changed from End User to Staff`);
      expect(res.json().user).toMatchObject({ id: u.id, role: 'staff', isActive: true });
      // The user sees the new role on their next call.
      expect((await get('/api/user', u)).json().role).toBe('staff');

      const audit = (await get(`/api/admin/audit-logs?userId=${admin.id}`, admin)).json() as TAuditLogEntry[];
      expect(audit[0]).toMatchObject({
        user: { email: admin.email },
        action: 'user.role_change',
        resourceType: 'user',
        resourceId: u.id,
        oldValue: { role: 'end_user' },
        newValue: { role: 'staff' },
        ipAddress: '203.0.113.7',
        createdAt: ctx.clock.now().toISOString(),
      });
    });

    it('the same role again changes nothing and writes no audit entry', async () => {
      const u = await createSignedInUser(ctx, { role: 'staff' });
      const before = await snapshot(ctx);
      const res = await put(`/api/admin/users/${u.id}/role`, { role: 'staff' }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('staff');
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('answers 404 for an unknown user and 400 for a bad id or role, changing nothing', async () => {
      const u = await createSignedInUser(ctx);
      const before = await snapshot(ctx);
      const unknown = await put(`/api/admin/users/${randomUUID()}/role`, { role: 'staff' }, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('NOT_FOUND');
      expect((await put('/api/admin/users/not-an-id/role', { role: 'staff' }, admin)).statusCode).toBe(400);
      for (const body of [{ role: 'superuser' }, {}, { role: 'staff', extra: 1 }, { role: null }]) {
        const bad = await put(`/api/admin/users/${u.id}/role`, body, admin);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('every one of the four roles can be given', async () => {
      const u = await createSignedInUser(ctx);
      for (const role of ['staff', 'org_owner', 'admin', 'end_user'] as const) {
        const res = await put(`/api/admin/users/${u.id}/role`, { role }, admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().user.role).toBe(role);
      }
    });
  });

  describe('activation', () => {
    it('deactivation signs the user out at once, keeps the balance, refuses sign-in; activation lets them back', async () => {
      const u = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, u.id, '25.00');
      expect((await get('/api/wallet', u)).statusCode).toBe(200);
      ctx.clock.advance(1000);

      const off = await put(`/api/admin/users/${u.id}/status`, { isActive: false }, admin, '198.51.100.4');
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().user).toMatchObject({ id: u.id, isActive: false, walletBalance: '25.00' });
      expect(off.json().message).toContain('deactivated');

      expect((await get('/api/wallet', u)).statusCode).toBe(401);
      expect((await get('/api/user', u)).statusCode).toBe(401);
      expect(await rows(ctx, sql`select id from sessions where user_id = ${u.id}`)).toEqual([]);
      const login = await call(ctx, 'POST', '/api/login', { email: u.email, password: u.password }, { ip: nextIp() });
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('ACCOUNT_DISABLED');

      // Balances of inactive users cannot be changed (spec §6); the balance stays as it was.
      const add = await call(
        ctx,
        'POST',
        '/api/admin/add-balance',
        { userId: u.id, amount: '5.00' },
        { cookie: admin.cookie },
      );
      expect(add.statusCode).toBe(409);

      const audit = (await get(`/api/admin/audit-logs?userId=${admin.id}`, admin)).json() as TAuditLogEntry[];
      expect(audit[0]).toMatchObject({
        action: 'user.deactivate',
        resourceType: 'user',
        resourceId: u.id,
        oldValue: { isActive: true },
        newValue: { isActive: false },
        ipAddress: '198.51.100.4',
      });

      ctx.clock.advance(1000);
      const on = await put(`/api/admin/users/${u.id}/status`, { isActive: true }, admin);
      expect(on.statusCode).toBe(200);
      expect(on.json().user).toMatchObject({ isActive: true, walletBalance: '25.00' });
      const after = (await get(`/api/admin/audit-logs?userId=${admin.id}`, admin)).json() as TAuditLogEntry[];
      expect(after[0]).toMatchObject({
        action: 'user.activate',
        oldValue: { isActive: false },
        newValue: { isActive: true },
      });
      const back = await call(ctx, 'POST', '/api/login', { email: u.email, password: u.password }, { ip: nextIp() });
      expect(back.statusCode, back.body).toBe(200);
      await expect(verifyLedger(ctx.database.db)).resolves.toMatchObject({ breaks: [] });
    });

    it('an admin cannot deactivate themselves; the same status again changes nothing', async () => {
      const before = await snapshot(ctx);
      const self = await put(`/api/admin/users/${admin.id}/status`, { isActive: false }, admin);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe('You cannot deactivate your own account');
      expect((await get('/api/admin/stats', admin)).statusCode).toBe(200);
      const u = await createSignedInUser(ctx);
      const mid = await snapshot(ctx);
      const same = await put(`/api/admin/users/${u.id}/status`, { isActive: true }, admin);
      expect(same.statusCode).toBe(200);
      expect(await snapshot(ctx)).toEqual(mid);
      expect(before.audit).toEqual(mid.audit);
      const bad = await put(`/api/admin/users/${u.id}/status`, { isActive: 'no' }, admin);
      expect(bad.statusCode).toBe(400);
      const unknown = await put(`/api/admin/users/${randomUUID()}/status`, { isActive: false }, admin);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('audit view', () => {
    it('answers the latest 50 entries newest first, and one user\u2019s entries with ?userId', async () => {
      const other = await createSignedInUser(ctx, { role: 'admin' });
      const target = await createSignedInUser(ctx);
      const roles = ['staff', 'end_user'] as const;
      for (let i = 0; i < 56; i++) {
        ctx.clock.advance(1000);
        const res = await put(`/api/admin/users/${target.id}/role`, { role: roles[i % 2] }, admin);
        expect(res.statusCode).toBe(200);
      }
      ctx.clock.advance(1000);
      expect((await put(`/api/admin/users/${target.id}/role`, { role: 'org_owner' }, other)).statusCode).toBe(200);

      const all = (await get('/api/admin/audit-logs', admin)).json() as TAuditLogEntry[];
      expect(all).toHaveLength(50);
      const times = all.map((e) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all[0]).toMatchObject({
        user: { email: other.email },
        newValue: { role: 'org_owner' },
        oldValue: { role: 'end_user' },
      });
      expect(all[1]).toMatchObject({
        user: { email: admin.email },
        newValue: { role: 'end_user' },
        oldValue: { role: 'staff' },
      });

      const mine = (await get(`/api/admin/audit-logs?userId=${admin.id}`, admin)).json() as TAuditLogEntry[];
      expect(mine).toHaveLength(50);
      expect(mine.every((e) => e.user?.email === admin.email)).toBe(true);
      const theirs = (await get(`/api/admin/audit-logs?userId=${other.id}`, admin)).json() as TAuditLogEntry[];
      expect(theirs).toHaveLength(1);
      expect(theirs[0]).toMatchObject({ action: 'user.role_change', resourceId: target.id });
      const nobody = await get(`/api/admin/audit-logs?userId=${randomUUID()}`, admin);
      expect(nobody.json()).toEqual([]);
    });
  });
});

describe(`admin back-office: the last active admin (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const activeAdmins = async () =>
    rows<{ id: string }>(ctx, sql`select id from users where role = 'admin' and is_active order by id`);

  it('cannot be demoted (nor demote themselves), with nothing changed', async () => {
    const only = await createSignedInUser(ctx, { role: 'admin' });
    const before = await snapshot(ctx);
    const res = await call(
      ctx,
      'PUT',
      `/api/admin/users/${only.id}/role`,
      { role: 'end_user' },
      { cookie: only.cookie },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(res.json().message).toMatch(/last active admin cannot be demoted/);
    expect(await snapshot(ctx)).toEqual(before);
    // With another active admin, demoting oneself is allowed; an inactive admin does not count.
    const spare = await createSignedInUser(ctx, { role: 'admin' });
    await ctx.database.db.execute(sql`update users set is_active = false where id = ${spare.id}`);
    const still = await call(
      ctx,
      'PUT',
      `/api/admin/users/${only.id}/role`,
      { role: 'staff' },
      { cookie: only.cookie },
    );
    expect(still.statusCode).toBe(409);
    const offAdmin = await call(
      ctx,
      'PUT',
      `/api/admin/users/${spare.id}/role`,
      { role: 'staff' },
      { cookie: only.cookie },
    );
    expect(offAdmin.statusCode, 'an inactive admin can be demoted').toBe(200);
    expect(await activeAdmins()).toEqual([{ id: only.id }]);
  });

  it('two demotions at once of the two admins leave one admin', async () => {
    const a = await createSignedInUser(ctx, { role: 'admin' });
    const b = await createSignedInUser(ctx, { role: 'admin' });
    // Leave exactly a and b as active admins.
    await ctx.database.db.execute(
      sql`update users set role = 'staff' where role = 'admin' and id <> ${a.id} and id <> ${b.id}`,
    );
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([
        call(ctx, 'PUT', `/api/admin/users/${b.id}/role`, { role: 'end_user' }, { cookie: a.cookie }),
        call(ctx, 'PUT', `/api/admin/users/${a.id}/role`, { role: 'end_user' }, { cookie: b.cookie }),
      ]);
      const statuses = [x.statusCode, y.statusCode].sort();
      // The loser either saw the winner's demotion (409) or lost its own admin role first (403).
      expect(statuses[0], `${x.body} ${y.body}`).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const left = await activeAdmins();
      expect(left).toHaveLength(1);
      // Restore the other admin for the next round.
      const winner = left[0]!.id === a.id ? a : b;
      const loser = winner === a ? b : a;
      const back = await call(
        ctx,
        'PUT',
        `/api/admin/users/${loser.id}/role`,
        { role: 'admin' },
        { cookie: winner.cookie },
      );
      expect(back.statusCode).toBe(200);
    }
    // Both demoting the same third admin and each other's deactivation at once: still one left.
    const [p, q] = await Promise.all([
      call(ctx, 'PUT', `/api/admin/users/${b.id}/status`, { isActive: false }, { cookie: a.cookie }),
      call(ctx, 'PUT', `/api/admin/users/${a.id}/status`, { isActive: false }, { cookie: b.cookie }),
    ]);
    expect([p.statusCode, q.statusCode].sort()[0], `${p.body} ${q.body}`).toBe(200);
    expect(await activeAdmins()).toHaveLength(1);
  });
});

describe(`admin back-office: stats and all orders on a known dataset (${testDbKind})`, () => {
  let ctx: TestContext;
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });
  const scripted = scriptedCarrier(canadaPost!);
  let admin: SignedIn;
  let u1: SignedIn;
  let u2: SignedIn;
  let org1: string;
  const placed: Record<
    'F1' | 'F2' | 'M1' | 'M2',
    { id: string; trackingNumber: string; orderCode: string; totalCost: string }
  > = {} as never;
  let failedId: string;

  async function placeOrder(who: SignedIn) {
    const option = (await quote(ctx, who.headers))[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: who.headers,
      payload: orderBody(option) as object,
    });
    return { res, option };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ now: '2026-02-27T12:00:00Z', providers: { carriers: [scripted.carrier] } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
    u1 = await createSignedInUser(ctx, { email: 'alice.shipper@example.com' });
    u2 = await createSignedInUser(ctx, { email: 'bruno.sender@example.com' });
    org1 = await insertOrganization(ctx, 'Bruno Logistics', 'billing@bruno.example');
    await insertOrganization(ctx, 'Empty Org', null);
    await joinOrganization(ctx, u2.id, org1);
    await fund(ctx, admin.headers, u1.id, '300.00');
    await fund(ctx, admin.headers, u2.id, '300.00');

    const take = async (key: keyof typeof placed, who: SignedIn) => {
      const { res } = await placeOrder(who);
      expect(res.statusCode, res.body).toBe(201);
      placed[key] = res.json();
    };
    // February in Toronto.
    await take('F1', u1);
    ctx.clock.set('2026-03-01T04:30:00Z'); // 23:30 on 28 February in Toronto
    await take('F2', u2);
    ctx.clock.set('2026-03-01T05:00:00Z'); // midnight, 1 March in Toronto
    await take('M1', u2);
    ctx.clock.set('2026-03-02T15:00:00Z');
    await take('M2', u1);
    ctx.clock.advance(60_000);
    scripted.state.mode = 'refuse';
    const failed = await placeOrder(u1);
    scripted.state.mode = 'ok';
    expect(failed.res.statusCode).toBe(502);
    failedId = failed.res.json().shipmentId;
    ctx.clock.advance(60_000);
    // February's first order is voided in March: its refund is March's.
    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${placed.F1.id}/void`,
      headers: u1.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    // M2 was sold with a $1.50 markup over the carrier's cost (as a price rule would have priced it).
    await ctx.database.db.execute(
      sql`update shipments set carrier_price_cents = carrier_price_cents - 150 where id = ${placed.M2.id}`,
    );
    await ctx.database.db.execute(
      sql`update wallets set flagged_at = now(), flag_reason = 'Card payment refunded after credit' where user_id = ${u2.id}`,
    );
  });
  afterAll(async () => ctx.close());

  const list = async (query = '') => {
    const res = await call(ctx, 'GET', `/api/admin/shipments${query}`, undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: TAdminShipment[]; pagination: Record<string, unknown> };
  };

  it('answers the stat cards for this Toronto month', async () => {
    const res = await call(ctx, 'GET', '/api/admin/stats', undefined, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as TAdminStats;
    const all = (await list()).data;
    const byId = new Map(all.map((s) => [s.id, s]));
    const m1 = byId.get(placed.M1.id)!;
    const m2 = byId.get(placed.M2.id)!;
    expect(m2.margin).toBe('1.50');
    expect(m1.margin).toBe(centsToDecimal(cents(m1.price) - cents(m1.carrierCost)));
    expect(stats).toEqual({
      totalUsers: 3,
      totalOrganizations: 2,
      // March's completed charges (M1, M2; the failed order's charge and refund cancel out) less the
      // refund of February's voided F1.
      monthlyRevenue: centsToDecimal(
        cents(placed.M1.totalCost) + cents(placed.M2.totalCost) - cents(placed.F1.totalCost),
      ),
      // F2 (February), M1, M2 are still moving; F1 is cancelled, the refused order failed.
      activeShipments: 3,
      monthlyCarrierCost: centsToDecimal(cents(m1.carrierCost) + cents(m2.carrierCost)),
      monthlyMargin: centsToDecimal(cents(m1.margin) + 150),
      flaggedWallets: 1,
    });
    // Next month nothing of March counts but what is still moving.
    ctx.clock.set('2026-04-01T04:00:00Z'); // midnight, 1 April in Toronto (EDT)
    const aprilAdmin = await createSignedInUser(ctx, { role: 'admin' }); // February's session has expired
    const april = (await call(ctx, 'GET', '/api/admin/stats', undefined, { cookie: aprilAdmin.cookie })).json();
    ctx.clock.set('2026-03-02T15:02:00Z');
    expect(april).toMatchObject({
      monthlyRevenue: '0.00',
      monthlyCarrierCost: '0.00',
      monthlyMargin: '0.00',
      activeShipments: 3,
    });
  });

  it('lists every user\u2019s orders newest first with user, organization, route, service, cost, price and margin', async () => {
    const { data, pagination } = await list();
    expect(pagination).toEqual({ total: 5, page: 1, limit: 25, totalPages: 1, hasPrevPage: false, hasNextPage: false });
    expect(data.map((s) => s.id)).toEqual([failedId, placed.M2.id, placed.M1.id, placed.F2.id, placed.F1.id]);
    const m1 = data[2]!;
    expect(m1).toMatchObject({
      id: placed.M1.id,
      trackingNumber: placed.M1.trackingNumber,
      orderCode: placed.M1.orderCode,
      user: { id: u2.id, email: u2.email, firstName: 'Test' },
      organization: { id: org1, name: 'Bruno Logistics', email: 'billing@bruno.example' },
      carrier: 'CA-CP',
      from: { city: 'Toronto', province: 'ON' },
      to: { city: 'Vancouver', province: 'BC' },
      totalCost: placed.M1.totalCost,
      status: 'label_created',
      createdAt: '2026-03-01T05:00:00.000Z',
    });
    expect(m1.serviceCode).toBeTruthy();
    expect(m1.serviceName).toBeTruthy();
    expect(cents(m1.price)).toBeLessThanOrEqual(cents(m1.totalCost));
    expect(data[0]).toMatchObject({ status: 'failed', organization: null, user: { id: u1.id } });
    expect(data[4]).toMatchObject({ status: 'cancelled' });
    for (const s of data) expect(cents(s.margin)).toBe(cents(s.price) - cents(s.carrierCost));
  });

  it('pages exactly like the user\u2019s list', async () => {
    const page3 = await list('?limit=2&page=3');
    expect(page3.pagination).toEqual({
      total: 5,
      page: 3,
      limit: 2,
      totalPages: 3,
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect(page3.data.map((s) => s.id)).toEqual([placed.F1.id]);
    const page2 = await list('?limit=2&page=2');
    expect(page2.data.map((s) => s.id)).toEqual([placed.M1.id, placed.F2.id]);
    const past = await list('?limit=2&page=9');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 5, page: 9, totalPages: 3, hasNextPage: false });
    for (const q of ['?limit=0', '?limit=101', '?page=0', '?page=x', `?search=${'x'.repeat(101)}`]) {
      const res = await call(ctx, 'GET', `/api/admin/shipments${q}`, undefined, { cookie: admin.cookie });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('searches by tracking number, order code, name, city, postal code and the user\u2019s email', async () => {
    const ids = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).data.map((s) => s.id).sort();
    expect(await ids(placed.M1.trackingNumber)).toEqual([placed.M1.id]);
    expect(await ids(placed.F2.orderCode.toLowerCase())).toEqual([placed.F2.id]);
    expect(await ids('  bob   RECEIVER ')).toHaveLength(5);
    expect(await ids('vancouver')).toHaveLength(5);
    expect(await ids('V6Z 2E7')).toHaveLength(5);
    expect(await ids('ALICE.SHIPPER')).toEqual([failedId, placed.M2.id, placed.F1.id].sort());
    expect(await ids('bruno.sender@example.com')).toEqual([placed.F2.id, placed.M1.id].sort());
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('nothing like this')).toEqual([]);
    const paged = await list('?search=example.com&limit=2&page=2');
    expect(paged.pagination).toMatchObject({ total: 5, totalPages: 3 });
    expect(paged.data.map((s) => s.id)).toEqual([placed.M1.id, placed.F2.id]);
  });
});
