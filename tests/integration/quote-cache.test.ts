/**
 * Quoting keeps the price rules, discounts and exchange rate in process (decision 039); an admin's
 * change on one instance is used by the very next quote on another instance of the same database
 * (PostgreSQL: two app instances; PGlite: one process, the same instance).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { backupStream, restoreDatabase, writeBackupFile } from '../../src/server/ops/backup';
import { pricingCacheOf } from '../../src/server/modules/rates/pricing-cache';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { quote } from './helpers/orders';
import { parseCents } from '../../src/shared/money';
import type { TRateOption } from '../../src/shared/contracts/rates';

const cents = (s: string) => parseCents(s)!;
const byService = (options: TRateOption[]) => new Map(options.map((o) => [`${o.carrier}/${o.serviceCode}`, o]));
/** 10 % = 1000 basis points, rounded half-up to the cent, as quoting applies it. */
const percentOf = (c: number, bp: number) => Math.floor((c * bp + 5000) / 10000);

describe(`an admin's pricing change reaches the next quote on another instance (${testDbKind})`, () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = a.databaseUrl ? await createTestApp({ shareDatabase: a.databaseUrl }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('a new, changed, then deleted price rule and a discount set on A price the next quote on B', async () => {
    if (testDbKind === 'postgres') expect(b.database).not.toBe(a.database);
    const admin = await createSignedInUser(a, { role: 'admin' });
    const u = await createSignedInUser(a);
    const base = await quote(b, u.headers);
    // B keeps this user's pricing at the token it read; the second quote is served from it.
    const held = pricingCacheOf(b.database.db).known(u.id);
    expect(held.user).not.toBeNull();
    expect(held.shared).toBe(held.user);
    expect((await quote(b, u.headers)).map((o) => o.price)).toEqual(base.map((o) => o.price));
    expect(pricingCacheOf(b.database.db).known(u.id)).toEqual(held);
    const target = base[0]!;
    const cost = cents(target.price);
    const key = `${target.carrier}/${target.serviceCode}`;
    const priceOnB = async () => byService(await quote(b, u.headers)).get(key)!;

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/price-rules',
      headers: admin.headers,
      payload: {
        carrier: target.carrier,
        serviceCode: null,
        organizationId: null,
        markupPercent: '10',
        markupFixed: '1.50',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = created.json().rule.id as string;
    expect(cents((await priceOnB()).price)).toBe(cost + percentOf(cost, 1000) + 150);

    const changed = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/price-rules/${ruleId}`,
      headers: admin.headers,
      payload: {
        carrier: target.carrier,
        serviceCode: null,
        organizationId: null,
        markupPercent: '20',
        markupFixed: '0',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const marked = cost + percentOf(cost, 2000);
    expect(cents((await priceOnB()).price)).toBe(marked);

    const discount = await a.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: admin.headers,
      payload: { userId: u.id, discountType: 'percentage', discountValue: '10', description: 'cache test' },
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const discounted = await priceOnB();
    expect(cents(discounted.originalPrice!)).toBe(marked);
    expect(cents(discounted.price)).toBe(marked - percentOf(marked, 1000));

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/price-rules/${ruleId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const plain = await priceOnB();
    expect(cents(plain.originalPrice!)).toBe(cost);
    expect(cents(plain.price)).toBe(cost - percentOf(cost, 1000));
  });

  it('a change made with SQL by hand on A (no admin route) reaches B too', async () => {
    const u = await createSignedInUser(a);
    const base = await quote(b, u.headers);
    const target = base[0]!;
    const cost = cents(target.price);
    await a.database.db.execute(sql`
      insert into price_rules (id, carrier, service_code, organization_id, markup_bp, markup_fixed_cents, is_active, created_at, updated_at)
      values (gen_random_uuid(), ${target.carrier}, ${target.serviceCode}, null, 500, 0, true, now(), now())`);
    const after = byService(await quote(b, u.headers)).get(`${target.carrier}/${target.serviceCode}`)!;
    expect(cents(after.price)).toBe(cost + percentOf(cost, 500));
    await a.database.db.execute(sql`update price_rules set is_active = false where markup_bp = 500`);
    const back = byService(await quote(b, u.headers)).get(`${target.carrier}/${target.serviceCode}`)!;
    expect(back.price).toBe(target.price);
  });

  it('a change rolled back on A leaves B quoting as before', async () => {
    const u = await createSignedInUser(a);
    const base = await quote(b, u.headers);
    const target = base[0]!;
    await expect(
      a.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into price_rules (id, carrier, service_code, organization_id, markup_bp, markup_fixed_cents, is_active, created_at, updated_at)
          values (gen_random_uuid(), ${target.carrier}, null, null, 9000, 0, true, now(), now())`);
        throw new Error('admin gave up');
      }),
    ).rejects.toThrow('admin gave up');
    expect((await quote(b, u.headers)).map((o) => o.price)).toEqual(base.map((o) => o.price));
  });

  it('a backup restores the token with the rules it names; the triggers stand aside while restoring', async () => {
    const tokenOf = async (database: Database) =>
      rowsOf<{ token: string }>(
        await database.db.execute(sql`select token::text as token from config_versions where name = 'pricing'`),
      )[0]?.token ?? null;
    const rulesOf = async (database: Database) =>
      rowsOf<{ r: string }>(await database.db.execute(sql`select t::text as r from price_rules t order by id`)).map(
        (r) => r.r,
      );
    const before = await tokenOf(a.database);
    expect(before).not.toBeNull(); // the tests above changed rules
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voyageur-quote-cache-'));
    const file = path.join(dir, 'backup.gz');
    const target = await emptyDatabase();
    try {
      await writeBackupFile(backupStream(a.database), file);
      await restoreDatabase(target.database, file);
      expect(await tokenOf(target.database)).toBe(before);
      expect(await rulesOf(target.database)).toEqual(await rulesOf(a.database));
      // A change in the restored database names new content.
      await target.database.db.execute(sql`update price_rules set markup_bp = markup_bp + 1`);
      const after = await tokenOf(target.database);
      expect(after).not.toBe(before);
    } finally {
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An empty database of the kind under test (no migrations), and how to drop it. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, migrate: false });
    return { database, drop: () => database.close() };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `voyageur_qc_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), migrate: false, poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
