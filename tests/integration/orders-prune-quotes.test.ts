/**
 * The prune-quotes job (orders/jobs.ts): a quote expired more than a day ago is deleted with its
 * options unless an order was placed from one of them; a quote expired less than a day ago stays.
 * A quote keeps its options in its row (migration 0035); a quote made before kept them in
 * rate_quote_options, which is still read and pruned: an order can be placed from such an option,
 * and deleting quotes deletes those rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { pruneQuotesJob } from '../../src/server/modules/orders/jobs';
import { placeOfOption } from '../../src/server/modules/rates/repo';

const HOUR = 3_600_000;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe(`prune-quotes job (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const quotesOf = async (userId: string) =>
    rowsOf<{ id: string; expires_at: string | Date; options: number }>(
      await ctx.database.db.execute(sql`
        select q.id, q.expires_at,
               coalesce(json_array_length(q.options::json), 0)
                 + (select count(*)::int from rate_quote_options o where o.quote_id = q.id) as options
        from rate_quotes q where q.user_id = ${userId} order by q.created_at, q.id`),
    );

  it('deletes quotes expired a day ago with their options, keeps the one ordered from and the recent ones', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const ordered = (await quote(ctx, u.headers))[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody(ordered),
    });
    expect(res.statusCode, res.body).toBe(201);
    await quote(ctx, u.headers);
    await quote(ctx, u.headers);

    const before = await quotesOf(u.id);
    expect(before).toHaveLength(3);
    expect(before.every((q) => q.options > 0)).toBe(true);
    const latestExpiry = Math.max(...before.map((q) => new Date(q.expires_at).getTime()));
    const earliestExpiry = Math.min(...before.map((q) => new Date(q.expires_at).getTime()));

    // Less than a day after every expiry: nothing of this user's goes.
    await pruneQuotesJob.run({ db: ctx.database.db, now: new Date(earliestExpiry + 23 * HOUR), log });
    expect(await quotesOf(u.id)).toEqual(before);

    // More than a day after every expiry: only the quote an order refers to stays, with its options.
    const counts = await pruneQuotesJob.run({ db: ctx.database.db, now: new Date(latestExpiry + 25 * HOUR), log });
    expect(counts?.quotes).toBeGreaterThanOrEqual(2);
    const after = await quotesOf(u.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.options).toBe(before.find((q) => q.id === after[0]!.id)!.options);
    expect(placeOfOption(ordered.id).quoteId).toBe(after[0]!.id);
  });

  /** Turns the user's quotes into the form made before migration 0035: one row of rate_quote_options per option. */
  const toLegacy = async (userId: string) => {
    await ctx.database.db.execute(sql`
      insert into rate_quote_options (id, quote_id, user_id, carrier, service_code, service_name, carrier_price_cents,
        markup_cents, discount_cents, coverage_cents, price_cents, gst_cents, hst_cents, qst_cents, tax_total_cents,
        total_cents, transit_days, estimated_delivery, breakdown, duties_cents, duties, created_at, expires_at)
      select gen_random_uuid(), q.id, q.user_id, e->>0, e->>1, e->>2, (e->>3)::bigint, (e->>4)::bigint, (e->>5)::bigint,
        (e->>6)::bigint, (e->>7)::bigint, (e->>8)::bigint, (e->>9)::bigint, (e->>10)::bigint, (e->>11)::bigint,
        (e->>12)::bigint, (e->>13)::int, (e->>14)::date, e->15, (e->>16)::bigint, nullif(e->17, 'null'::jsonb),
        q.created_at, q.expires_at
      from rate_quotes q, jsonb_array_elements(q.options::jsonb) e where q.user_id = ${userId}`);
    await ctx.database.db.execute(sql`update rate_quotes set options = null where user_id = ${userId}`);
  };
  const legacyOptions = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from rate_quote_options where user_id = ${userId}`),
    )[0]!.n;

  it('an order is placed from an option of a quote made before migration 0035, and pruning keeps that quote', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const chosen = (await quote(ctx, u.headers))[0]!;
    await quote(ctx, u.headers);
    await toLegacy(u.id);
    const [legacy] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`
        select o.id from rate_quote_options o where o.quote_id = ${chosen.quoteId}
          and o.carrier = ${chosen.carrier} and o.service_code = ${chosen.serviceCode}`),
    );
    // Another user cannot order from it; its own user can, at its price.
    const orderAs = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers,
        payload: orderBody({ ...chosen, id: legacy!.id }),
      });
    const stolen = await orderAs(other.headers);
    expect(stolen.statusCode, stolen.body).toBe(404);
    const res = await orderAs(u.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalCost).toBe(chosen.total);

    const before = await quotesOf(u.id);
    expect(before).toHaveLength(2);
    const latestExpiry = Math.max(...before.map((q) => new Date(q.expires_at).getTime()));
    await pruneQuotesJob.run({ db: ctx.database.db, now: new Date(latestExpiry + 25 * HOUR), log });
    const after = await quotesOf(u.id);
    expect(after.map((q) => q.id)).toEqual([chosen.quoteId]);
    expect(after[0]!.options).toBe(before.find((q) => q.id === chosen.quoteId)!.options);
  });

  it('deleting quotes deletes their rows of rate_quote_options in the same statement (migration 0034)', async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await quote(ctx, u.headers);
    await quote(ctx, u.headers);
    await quote(ctx, other.headers);
    await toLegacy(u.id);
    await toLegacy(other.id);
    expect(await legacyOptions(u.id)).toBeGreaterThan(0);
    const others = await legacyOptions(other.id);
    expect(others).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`delete from rate_quotes where user_id = ${u.id}`);
    expect(await quotesOf(u.id)).toEqual([]);
    expect(await legacyOptions(u.id)).toBe(0);
    expect(await legacyOptions(other.id)).toBe(others);
  });
});
