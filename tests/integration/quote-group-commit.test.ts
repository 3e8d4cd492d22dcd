/**
 * Quotes stored at the same moment share one statement (group commit, decision 048): every quote
 * still gets its own row before its answer, a stale pricing token refuses only its own quote, and a
 * row the database refuses fails only its own quote. A quote stored as json before migration 0041 is
 * still found after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrateInTransaction, rowsOf } from '../../src/server/db/client';
import { databaseBefore } from './helpers/migrations';
import * as repo from '../../src/server/modules/rates/repo';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quoteBody } from './helpers/orders';
import type { TRateOption } from '../../src/shared/contracts/rates';

describe(`quotes stored together (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const rowsOfQuotes = async (ids: string[]) =>
    rowsOf<{ id: string; user_id: string; xmin: string; options: number }>(
      await ctx.database.db.execute(sql`
        select id::text, user_id::text, xmin::text, json_array_length(options::json) as options
        from rate_quotes where id::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
    );

  it('quotes asked for at once each keep their own row, user and options, and can each be bought', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const users = await Promise.all([1, 2, 3].map(() => createSignedInUser(ctx)));
    for (const u of users) await fund(ctx, admin.headers, u.id, '500.00');
    const asked = users.flatMap((u) =>
      [1, 2, 3, 4].map((w) => ({ u, body: quoteBody(FROM, TO, { weight: w, length: 30, width: 20, height: 10 }) })),
    );
    const answers = await Promise.all(
      asked.map(({ u, body }) =>
        ctx.app.inject({ method: 'POST', url: '/api/rates/quote', headers: u.headers, payload: body as object }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(asked.map(() => 200));
    const options = answers.map((r) => r.json() as TRateOption[]);
    const quoteIds = options.map((o) => o[0]!.quoteId);
    expect(new Set(quoteIds).size).toBe(asked.length);

    const rows = new Map((await rowsOfQuotes(quoteIds)).map((r) => [r.id, r]));
    expect(rows.size).toBe(asked.length);
    asked.forEach(({ u }, i) => {
      const row = rows.get(quoteIds[i]!)!;
      expect(row.user_id).toBe(u.id);
      expect(Number(row.options)).toBe(options[i]!.length);
    });

    // Each user buys the cheapest option of their last quote; another user's option is not theirs.
    for (const [k, u] of users.entries()) {
      const option = options[k * 4 + 3]![0]!;
      const parcel = { weight: 4, length: 30, width: 20, height: 10 };
      const theirs = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: users[(k + 1) % users.length]!.headers,
        payload: orderBody(option, FROM, TO, parcel) as object,
      });
      expect(theirs.statusCode).not.toBe(201);
      const bought = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: u.headers,
        payload: orderBody(option, FROM, TO, parcel) as object,
      });
      expect(bought.statusCode, bought.body).toBe(201);
      expect(bought.json().totalCost).toBe(option.total);
    }
  });

  it('one statement stores a tick’s quotes: a stale token refuses only its quote, a row postgres refuses fails only its own', async () => {
    const u = await createSignedInUser(ctx);
    const [{ token }] = rowsOf<{ token: string }>(
      await ctx.database.db.execute(
        sql`select coalesce((select token::text from config_versions where name = 'pricing'), 'none') as token`,
      ),
    );
    const now = new Date();
    const quoteOf = (userId: string, shipDate = now.toISOString().slice(0, 10)) => ({
      id: repo.newQuoteId(),
      userId,
      request: { body: quoteBody() },
      warnings: [],
      shipDate,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const option: repo.StoredOption = {
      carrier: 'CA-CP',
      serviceCode: 'DOM.EP',
      serviceName: 'Expedited Parcel',
      carrierPriceCents: 1200,
      markupCents: 0,
      discountCents: 0,
      coverageCents: 0,
      priceCents: 1200,
      gstCents: 0,
      hstCents: 156,
      qstCents: 0,
      taxTotalCents: 156,
      totalCents: 1356,
      transitDays: 2,
      estimatedDelivery: now.toISOString().slice(0, 10),
      breakdown: { baseCents: 1200 },
      dutiesCents: 0,
      duties: null,
    };
    const current = quoteOf(u.id);
    const unchecked = quoteOf(u.id);
    const stale = quoteOf(u.id);
    const refused = quoteOf(u.id, '2026-02-30'); // no such day: postgres refuses the row (22008)
    const results = await Promise.allSettled([
      repo.insertQuote(ctx.database.db, current, [option], token),
      repo.insertQuote(ctx.database.db, unchecked, [option, option], null),
      repo.insertQuote(ctx.database.db, stale, [option], `${token}-older`),
      repo.insertQuote(ctx.database.db, refused, [option], token),
    ]);
    expect(results.slice(0, 3)).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: false },
    ]);
    expect(results[3]!.status).toBe('rejected');

    const rows = await rowsOfQuotes([current.id, unchecked.id, stale.id, refused.id]);
    expect(rows.map((r) => r.id).sort()).toEqual([current.id, unchecked.id].sort());
    expect(rows.find((r) => r.id === unchecked.id)!.options).toBe(2);

    // Without a row the database refuses, the quotes of one tick are one statement: one transaction.
    const together = [quoteOf(u.id), quoteOf(u.id), quoteOf(u.id)];
    expect(await Promise.all(together.map((q) => repo.insertQuote(ctx.database.db, q, [option], token)))).toEqual([
      true,
      true,
      true,
    ]);
    const written = await rowsOfQuotes(together.map((q) => q.id));
    expect(written).toHaveLength(3);
    expect(new Set(written.map((r) => r.xmin)).size).toBe(1);
  });
});

describe.runIf(testDbKind === 'pglite')('migration 0041_quote_rows_text', () => {
  it('keeps a quote stored as json before it: an order still finds its option, request and ship date', async () => {
    const database = await databaseBefore('0041_quote_rows_text');
    try {
      const userId = randomUUID();
      const quoteId = repo.newQuoteId();
      // Two options as the previous release wrote them (positional arrays in a json column).
      const option = (service: string, total: number) => [
        'CA-CP',
        service,
        service,
        total,
        0,
        0,
        0,
        total,
        0,
        0,
        0,
        0,
        total,
        2,
        '2026-12-09',
        { baseCents: total },
        0,
        null,
      ];
      await database.raw(async (tx) => {
        await tx.query(
          `insert into users (id, email, first_name, last_name) values ($1, 'old@example.com', 'Old', 'Quote')`,
          [userId],
        );
        await tx.query(
          `insert into rate_quotes (id, user_id, request, warnings, ship_date, expires_at, options)
           values ($1, $2, $3::json, '[{"carrier":"CA-UPS"}]'::json, '2026-12-07', now() + interval '15 minutes', $4::json)`,
          [
            quoteId,
            userId,
            JSON.stringify({ body: { weight: 2, note: '寄件人 "x"' } }),
            JSON.stringify([option('DOM.RP', 1000), option('DOM.EP', 1500)]),
          ],
        );
      });
      await database.raw((tx) => migrateInTransaction(tx));

      const found = await repo.findQuoteOptionWithQuote(database.db, userId, repo.optionIdOf(quoteId, 2));
      expect(found).toMatchObject({
        option: { serviceCode: 'DOM.EP', totalCents: 1500, breakdown: { baseCents: 1500 }, duties: null },
        request: { body: { weight: 2, note: '寄件人 "x"' } },
        shipDate: '2026-12-07',
      });
      expect(await repo.findQuoteOptionWithQuote(database.db, randomUUID(), repo.optionIdOf(quoteId, 2))).toBeNull();
      expect(await repo.findQuoteOptionWithQuote(database.db, userId, repo.optionIdOf(quoteId, 3))).toBeNull();
      expect((await repo.listQuoteOptions(database.db, userId, quoteId)).map((o) => o.totalCents)).toEqual([
        1000, 1500,
      ]);
      expect((await repo.findQuote(database.db, userId, quoteId))?.warnings).toEqual([{ carrier: 'CA-UPS' }]);
    } finally {
      await database.close();
    }
  });
});
