/**
 * The shipments list filters by where the receiver is (issue 25): domestic (Canada), us, or
 * international; with the search and the pages; another user's shipments never show; a bad value
 * is a 400 naming the field. The filter reads the destination index (migration 0027) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { insertShipment, receiver } from './helpers/shipment-fixtures';
import { ZShipmentList } from '../../src/shared/contracts/shipments';
import { rowsOf } from '../../src/server/db/client';
import { sql } from 'drizzle-orm';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

const SEATTLE = receiver({ city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US', lastName: 'Buyer' });
const LONDON = receiver({ city: 'London', province: '', postalCode: 'SW1A 1AA', country: 'GB', lastName: 'Buyer' });
const TOKYO = receiver({ city: 'Tokyo', province: '', postalCode: '100-0001', country: 'JP', lastName: 'Other' });

describe(`shipments list by destination (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: User;
  let other: User;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createSignedInUser(ctx);
    other = await createSignedInUser(ctx);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 12, minutes));
    await insertShipment(ctx.database.db, user.id, { to: receiver(), createdAt: at(1), orderCode: 'ORD-DOM-1' });
    await insertShipment(ctx.database.db, user.id, { to: SEATTLE, createdAt: at(2), orderCode: 'ORD-US-1' });
    await insertShipment(ctx.database.db, user.id, { to: LONDON, createdAt: at(3), orderCode: 'ORD-GB-1' });
    await insertShipment(ctx.database.db, user.id, { to: SEATTLE, createdAt: at(4), orderCode: 'ORD-US-2' });
    await insertShipment(ctx.database.db, user.id, { to: TOKYO, createdAt: at(5), orderCode: 'ORD-JP-1' });
    await insertShipment(ctx.database.db, other.id, { to: SEATTLE, createdAt: at(6), orderCode: 'ORD-OTHER-US' });
  });
  afterAll(async () => ctx.close());

  const list = async (query: string, headers = user.headers) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shipments${query}`, headers });
    return res;
  };
  const codes = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZShipmentList.parse(res.json());
    return { codes: body.data.map((s) => s.orderCode), total: body.pagination.total };
  };

  it('lists every destination without the filter, newest first', async () => {
    expect(await codes('')).toEqual({
      codes: ['ORD-JP-1', 'ORD-US-2', 'ORD-GB-1', 'ORD-US-1', 'ORD-DOM-1'],
      total: 5,
    });
  });

  it('domestic: receivers in Canada only', async () => {
    expect(await codes('?destination=domestic')).toEqual({ codes: ['ORD-DOM-1'], total: 1 });
  });

  it('us: receivers in the United States only, never another user’s', async () => {
    expect(await codes('?destination=us')).toEqual({ codes: ['ORD-US-2', 'ORD-US-1'], total: 2 });
  });

  it('international: receivers outside Canada and the United States', async () => {
    expect(await codes('?destination=international')).toEqual({ codes: ['ORD-JP-1', 'ORD-GB-1'], total: 2 });
  });

  it('combines with the search and the pages', async () => {
    expect(await codes('?destination=international&search=buyer')).toEqual({ codes: ['ORD-GB-1'], total: 1 });
    const page2 = await list('?destination=us&limit=1&page=2');
    const body = ZShipmentList.parse(page2.json());
    expect(body.data.map((s) => s.orderCode)).toEqual(['ORD-US-1']);
    expect(body.pagination).toMatchObject({ total: 2, page: 2, totalPages: 2, hasPrevPage: true, hasNextPage: false });
  });

  it('refuses an unknown destination with a 400 naming the field', async () => {
    const res = await list('?destination=mars');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fieldErrors: { destination: ['destination must be domestic, us or international'] },
    });
  });

  it.runIf(testDbKind === 'postgres')('reads the destination index', async () => {
    await ctx.database.db.execute(sql`SET enable_seqscan = off`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await ctx.database.db.execute(
        sql`EXPLAIN SELECT id FROM shipments WHERE user_id = ${user.id} AND (CASE to_address->>'country' WHEN 'CA' THEN 'domestic' WHEN 'US' THEN 'us' ELSE 'international' END) = 'us' ORDER BY created_at DESC, id DESC LIMIT 10`,
      ),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    await ctx.database.db.execute(sql`RESET enable_seqscan`);
    expect(plan).toContain('shipments_user_destination_idx');
  });
});
