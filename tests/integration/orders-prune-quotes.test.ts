/**
 * The prune-quotes job (orders/jobs.ts): a quote expired more than a day ago is deleted with its
 * options unless an order was placed from one of them; a quote expired less than a day ago stays.
 * Deleting quotes deletes their options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { pruneQuotesJob } from '../../src/server/modules/orders/jobs';

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
        select q.id, q.expires_at, (select count(*)::int from rate_quote_options o where o.quote_id = q.id) as options
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
    const orderedQuote = rowsOf<{ quote_id: string }>(
      await ctx.database.db.execute(sql`select quote_id from rate_quote_options where id = ${ordered.id}`),
    )[0];
    expect(orderedQuote?.quote_id).toBe(after[0]!.id);
    const orphans = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`
        select count(*)::int as n from rate_quote_options o
        where o.user_id = ${u.id} and not exists (select 1 from rate_quotes q where q.id = o.quote_id)`),
    )[0]!.n;
    expect(orphans).toBe(0);
  });

  it('deleting quotes deletes their options in the same statement (migration 0034: a trigger, not a foreign key)', async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    await quote(ctx, u.headers);
    await quote(ctx, u.headers);
    await quote(ctx, other.headers);
    const options = async (userId: string) =>
      rowsOf<{ n: number }>(
        await ctx.database.db.execute(sql`select count(*)::int as n from rate_quote_options where user_id = ${userId}`),
      )[0]!.n;
    expect(await options(u.id)).toBeGreaterThan(0);
    const others = await options(other.id);
    expect(others).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`delete from rate_quotes where user_id = ${u.id}`);
    expect(await quotesOf(u.id)).toEqual([]);
    expect(await options(u.id)).toBe(0);
    expect(await options(other.id)).toBe(others);
  });
});
