/**
 * Lists at a shop's scale (issue 26, decision 030): the list's total comes from a per-user count
 * kept exact by the transactions that write shipments (orders, voids, failed orders, deletes);
 * search matches whole words and their beginnings from one character on, and fragments of
 * tracking numbers, order codes and postal codes; a search's count stops at 10,000 ("10,000+"), and a
 * search of one word is counted from per-user term counts kept by the same writes (migration 0033).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { insertShipment, receiver } from './helpers/shipment-fixtures';
import { fund, orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { ZShipmentList } from '../../src/shared/contracts/shipments';
import { denseWord, SEARCH_COUNT_CAP, searchPlan } from '../../src/server/modules/shipments/repo';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`lists at scale: kept counts and word search (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const list = async (user: User, query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shipments${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return ZShipmentList.parse(res.json());
  };
  const kept = async (userId: string) =>
    Number(
      rowsOf<{ n: string | number }>(
        await ctx.database.db.execute(sql`select shipments as n from shipment_counts where user_id = ${userId}`),
      )[0]?.n ?? 0,
    );
  const counted = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${userId}`),
    )[0]!.n;

  it('keeps each user’s count exact through orders, refused orders, voids and deletes', async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    expect((await list(u)).pagination).toMatchObject({ total: 0, totalPages: 1 });
    await fund(ctx, admin.headers, u.id, '200.00');
    const option = (await quote(ctx, u.headers))[0]!;
    const order = () =>
      ctx.app.inject({ method: 'POST', url: '/api/shipments', headers: u.headers, payload: orderBody(option) });
    // Three at once, then one more.
    const placed = await Promise.all([order(), order(), order()]);
    for (const r of placed) expect(r.statusCode, r.body).toBe(201);
    expect((await order()).statusCode).toBe(201);
    expect(await kept(u.id)).toBe(4);
    // A refused order (no money) writes no shipment, so the count stays.
    const broke = await createSignedInUser(ctx);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: broke.headers,
      payload: orderBody((await quote(ctx, broke.headers))[0]!),
    });
    expect(refused.statusCode).toBe(402);
    expect(await kept(broke.id)).toBe(0);
    // A void changes the status, not the number of shipments listed.
    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${placed[0]!.json().id}/void`,
      headers: u.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await kept(u.id)).toBe(4);
    // Rows written in bulk, and deleted, move the count in the same statement.
    const first = await insertShipment(ctx.database.db, other.id);
    await ctx.database.db.execute(sql`
      insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
        carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
        receiver_key, search_text, ship_date, transit_days, created_at, updated_at)
      select gen_random_uuid(), user_id, status, carrier, service_code, service_name, 'VY-KEPT' || g, null,
        carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
        receiver_key, search_text, ship_date, transit_days, created_at - g * interval '1 minute', updated_at
      from shipments, generate_series(1, 40) g where id = ${first.id}`);
    await ctx.database.db.execute(
      sql`delete from shipments where user_id = ${other.id} and order_code in ('VY-KEPT1', 'VY-KEPT2')`,
    );
    for (const who of [u, other, broke]) {
      expect(await kept(who.id), who.email).toBe(await counted(who.id));
      const page = await list(who, '?limit=10');
      expect(page.pagination.total).toBe(await counted(who.id));
      expect(page.pagination.totalCapped).toBeUndefined();
    }
    expect((await list(other, '?limit=10&page=4')).data).toHaveLength(9);
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  });

  it('every statement of the shipment reads names the user (user_id in its WHERE, or in an insert’s columns)', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody((await quote(ctx, u.headers))[0]!),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json() as { id: string; trackingNumber: string };
    await insertShipment(ctx.database.db, u.id, { to: receiver({ lastName: 'Zhang' }) });

    // Every statement sent to the database while the user's reads run.
    const statements: string[] = [];
    const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    client.query = function (this: unknown, q: unknown, ...rest: unknown[]) {
      statements.push(typeof q === 'string' ? q : (q as { text: string }).text);
      return query.call(this, q, ...rest);
    };
    try {
      for (const url of [
        '/api/shipments',
        '/api/shipments?page=2&limit=1',
        '/api/shipments?search=zh',
        '/api/shipments?search=toronto',
        '/api/shipments?search=bob%20zhang',
        `/api/shipments?search=${created.trackingNumber.slice(2, 9)}`,
        '/api/shipments?search=vy-',
        '/api/shipments/recent',
        `/api/shipments/${created.id}`,
        `/api/tracking/${created.trackingNumber}`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: u.headers });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    } finally {
      client.query = query;
    }
    const userOwned = statements.filter((q) =>
      /\b(shipments|shipment_counts|shipment_marks|shipment_search_terms|tracking_events)\b/.test(q),
    );
    expect(userOwned.length).toBeGreaterThan(8);
    const unscoped = userOwned.filter((q) =>
      /^\s*insert\b/i.test(q) ? !/\buser_id\b/.test(q) : !/\bwhere\b[\s\S]*\buser_id\b/i.test(q),
    );
    expect(unscoped).toEqual([]);
  });

  describe('search', () => {
    let carol: User;
    const made: Record<string, string> = {};
    beforeAll(async () => {
      carol = await createSignedInUser(ctx);
      const db = ctx.database.db;
      const add = async (key: string, over: Parameters<typeof receiver>[0], extra: object = {}) => {
        made[key] = (await insertShipment(db, carol.id, { to: receiver(over), ...extra })).id;
      };
      await add(
        'zhang',
        { firstName: 'Wei', lastName: 'Zhang', company: 'Maple Goods', city: 'Montréal', postalCode: 'H2X 1Y4' },
        { trackingNumber: '7315550012345678', orderCode: 'VY-7K3M9Q2X' },
      );
      await add('hang', {
        firstName: 'Shanghai',
        lastName: 'Hang',
        company: '',
        city: 'Toronto',
        postalCode: 'M5V 3L9',
      });
      await add('percent', { firstName: 'Per', lastName: 'Cent', company: '100% Natural_Foods', city: 'Halifax' });
      await add('plain', { firstName: 'Natalie', lastName: 'Foods', company: '1000 Natural Foods', city: 'Calgary' });
      await add('johns', {
        firstName: 'Mary',
        lastName: 'O’Brien',
        company: '',
        city: 'St. John’s',
        postalCode: 'A1C 5M2',
      });
      await add('cjk', {
        firstName: '张',
        lastName: '伟',
        company: '𠀀𠀁贸易',
        city: 'Richmond',
        postalCode: 'V6X 1A1',
      });
      // Words with a digit that begin like words without one (migration 0036's marks).
      await add('digits', {
        firstName: 'Ada',
        lastName: 'Storefront',
        company: 'Store4less Quxo9',
        city: 'Regina',
        postalCode: 'S4P 3Y2',
      });
      await add('ada5', { firstName: 'Bea', lastName: 'Lee', company: 'Ada5 Works', city: 'Regina' });
      // A word that continues with the last code point (U+10FFFF) still begins with 'pqrs'.
      await add('pqrs', { firstName: 'Ann', lastName: 'Pqrs', city: 'Yarmouth' });
      await add('pqrsmax', { firstName: 'Ann', lastName: 'Pqrs\u{10FFFF}', city: 'Yarmouth' });
      // Another user's matching shipment never shows.
      await insertShipment(db, admin.id, { to: receiver({ firstName: 'Wei', lastName: 'Zhang', city: 'Montréal' }) });
    });
    const found = async (search: string) =>
      (await list(carol, `?search=${encodeURIComponent(search)}&limit=100`)).data
        .map((s) => Object.entries(made).find(([, id]) => id === s.id)?.[0] ?? s.id)
        .sort();

    it('matches whole words and their beginnings from one character, every word in any order', async () => {
      expect(await found('z')).toEqual(['zhang']);
      expect(await found('zh')).toEqual(['zhang']);
      expect(await found('ZHA')).toEqual(['zhang']);
      expect(await found('hang')).toEqual(['hang']); // a word's middle ('zHANG', 'sHANGhai') is not a match
      expect(await found('zhang wei')).toEqual(['zhang']);
      expect(await found('wei  mont')).toEqual(['zhang']);
      expect(await found('montréal')).toEqual(['zhang']);
      expect(await found('toronto')).toEqual(['hang']);
      expect(await found('brien')).toEqual(['johns']);
      expect(await found('john')).toEqual(['johns']);
      expect(await found('natural foods')).toEqual(['percent', 'plain']);
      expect(await found('zz')).toEqual([]);
    });

    it('counts a search of one word from the kept term counts, as many as it lists', async () => {
      const words = ['z', 'zh', 'zha', 'zhang', 'm', 'mo', 'mon', 'mont', 'montréal', 'n', 'na', 'nat', 'natural'];
      for (const w of [...words, 'h', 'h2', 'a1', 'o', 's', 'st', 'v', 'vy', 'to', 'xq', 'é', 'cent', 'zzz']) {
        const page = await list(carol, `?search=${encodeURIComponent(w)}&limit=100`);
        expect(page.pagination.total, w).toBe(page.data.length);
        expect(page.pagination.totalCapped, w).toBeUndefined();
      }
      for (const w of ['张', '伟', '𠀀', '𠀀𠀁', '𠀀𠀁贸', '𠀀𠀁贸易', 'v6', 'v6x', 'ric']) {
        const page = await list(carol, `?search=${encodeURIComponent(w)}&limit=100`);
        expect(page.pagination.total, w).toBe(page.data.length);
        expect(
          page.data.map((x) => x.id),
          w,
        ).toContain(made.cjk);
      }
      expect((await list(carol, '?search=z&limit=100')).pagination.total).toBe(1);
      expect((await list(carol, '?search=n&limit=100')).pagination.total).toBe(2);
    });

    it('counts a word that begins a word with a digit by its matches, and a word alone from its row', async () => {
      // 'store' begins 'storefront' and 'store4less'; 'quxo' only 'quxo9' (a mark, no word of its own).
      for (const [w, n] of [
        ['store', 1],
        ['stor', 1],
        ['storef', 1],
        ['storefront', 1],
        ['quxo', 1],
        ['regina', 2],
        ['montréal', 1],
        ['zhang', 1],
        ['natural', 2],
        ['quxz', 0],
        ['pqrs', 2],
      ] as const) {
        const page = await list(carol, `?search=${encodeURIComponent(w)}&limit=100`);
        expect(page.pagination.total, w).toBe(n);
        expect(page.data, w).toHaveLength(n);
      }
      expect(await found('quxo')).toEqual(['digits']);
      expect(await found('store4')).toEqual(['digits']); // three characters or more with a digit: a fragment
    });

    it('asks a word that begins no other word as a whole word, and the others by their beginning', async () => {
      // The word queries sent while the searches run (as the values of a statement: drizzle passes them
      // beside the text, or inside a { text, values } config).
      const asked: string[] = [];
      const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const query = client.query;
      client.query = function (this: unknown, q: unknown, ...rest: unknown[]) {
        const values = (typeof q === 'object' && (q as { values?: unknown[] }).values) || (rest[0] as unknown[]);
        for (const v of values ?? []) if (typeof v === 'string' && /':\*|^'[^']+'( &|$)/.test(v)) asked.push(v);
        return query.call(this, q, ...rest);
      };
      try {
        expect(await found('regina lee')).toEqual(['ada5']);
        expect(await found('zhang wei')).toEqual(['zhang']);
        // 'ada' begins 'ada5' (a word with a digit): a beginning, so the shipment with Ada5 is found too.
        expect(await found('ada regina')).toEqual(['ada5', 'digits']);
        // 'store' begins 'storefront' and 'store4less'; 'storef' is no word of its own.
        expect(await found('store regina')).toEqual(['digits']);
        expect(await found('storef ada')).toEqual(['digits']);
        expect(await found('regina 3y2')).toEqual(['digits']);
        expect(await found('pqrs yarmouth')).toEqual(['pqrs', 'pqrsmax']);
        // A word alone too: its page is asked whole when it begins no other word.
        expect(await found('yarmouth')).toEqual(['pqrs', 'pqrsmax']);
        expect(await found('toronto')).toEqual(['hang']);
        expect(await found('store')).toEqual(['digits']);
      } finally {
        client.query = query;
      }
      expect(asked).toContain("'regina' & 'lee'");
      expect(asked).toContain("'zhang' & 'wei'");
      expect(asked).toContain("'ada':* & 'regina'");
      expect(asked).toContain("'store':* & 'regina'");
      expect(asked).toContain("'storef':* & 'ada':*");
      expect(asked).toContain("'regina'");
      expect(asked).toContain("'pqrs':* & 'yarmouth'");
      expect(asked).toContain("'yarmouth'");
      expect(asked).toContain("'toronto'");
      expect(asked).toContain("'store':*");
    });

    it('finds a fragment of a tracking number, order code or postal code anywhere', async () => {
      expect(await found('55500123')).toEqual(['zhang']); // the middle of the tracking number
      expect(await found('9q2')).toEqual(['zhang']); // the middle of the order code
      expect(await found('VY-7K3M')).toEqual(['zhang']);
      expect(await found('h2x')).toEqual(['zhang']);
      expect(await found('h2x 1y4')).toEqual(['zhang']);
      expect(await found('m5v3l9')).toEqual(['hang']);
      expect(await found('3l9')).toEqual(['hang']);
      expect(await found('5m2')).toEqual(['johns']);
    });

    it('keeps punctuation: it must appear as typed', async () => {
      expect(await found('100%')).toEqual(['percent']);
      expect(await found('natural_foods')).toEqual(['percent']);
      expect(await found('%')).toEqual(['percent']);
      expect(await found('st. john’s')).toEqual(['johns']);
      expect(searchPlan('vy-7k3m')).toEqual({ prefixes: ['vy'], fragments: ['7k3m'], literal: 'vy-7k3m' });
    });

    it(`counts a search up to ${SEARCH_COUNT_CAP.toLocaleString('en')} and says so; the plain list stays exact`, async () => {
      const heavy = await createSignedInUser(ctx);
      const first = await insertShipment(ctx.database.db, heavy.id, {
        to: receiver({ firstName: 'Bulk', lastName: 'Buyer', city: 'Winnipeg' }),
      });
      await ctx.database.db.execute(sql`
        insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, search_text, ship_date, transit_days, created_at, updated_at)
        select gen_random_uuid(), user_id, status, carrier, service_code, service_name, 'VY-CAP' || g, null,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, search_text, ship_date, transit_days, created_at - g * interval '1 second', updated_at
        from shipments, generate_series(1, ${SEARCH_COUNT_CAP + 50}) g where id = ${first.id}`);
      const all = await list(heavy, '?limit=100');
      expect(all.pagination).toMatchObject({ total: SEARCH_COUNT_CAP + 51, totalPages: 101 });
      expect(all.pagination.totalCapped).toBeUndefined();
      const searched = await list(heavy, '?search=winn&limit=100');
      expect(searched.pagination).toEqual({
        total: SEARCH_COUNT_CAP,
        page: 1,
        limit: 100,
        totalPages: 100,
        hasPrevPage: false,
        hasNextPage: true,
        totalCapped: true,
      });
      expect(searched.data[0]!.id).toBe(first.id);
      const last = await list(heavy, '?search=winn&limit=100&page=100');
      expect(last.data).toHaveLength(100);
      expect(last.pagination).toMatchObject({ page: 100, hasNextPage: false, totalCapped: true });
      expect((await list(heavy, '?search=zzz')).pagination).toMatchObject({ total: 0, totalPages: 1 });
      // A word of up to three characters is counted from its kept count, over the cap as well.
      for (const w of ['w', 'wi', 'win', 'bu', 'buy', 'buyer']) {
        expect((await list(heavy, `?search=${w}&limit=100`)).pagination, w).toMatchObject({
          total: SEARCH_COUNT_CAP,
          totalPages: 100,
          totalCapped: true,
        });
      }
    });

    it('reads a common word’s pages from the newest (or oldest) shipments, each row as the word index finds it', async () => {
      const shop = await createSignedInUser(ctx);
      const db = ctx.database.db;
      const seed = async (city: string) =>
        (await insertShipment(db, shop.id, { to: receiver({ firstName: 'Rowan', lastName: 'Buyer', city }) })).id;
      const [winnipeg, halifax] = [await seed('Winnipeg'), await seed('Halifax')];
      // 2,000 shipments: 15 in 16 to Winnipeg. Some share a created time, so the id breaks the tie.
      await db.execute(sql`
        insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, search_text, ship_date, transit_days, created_at, updated_at)
        select gen_random_uuid(), user_id, status, carrier, service_code, service_name, 'VY-DNS' || g, null,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, search_text, ship_date, transit_days, created_at - (g / 3) * interval '1 second', updated_at
        from shipments, generate_series(1, 1998) g
        where id = case when g % 16 = 0 then ${halifax}::uuid else ${winnipeg}::uuid end`);
      const expected = async (word: string) =>
        rowsOf<{ id: string }>(
          await db.execute(sql`select id from shipments where user_id = ${shop.id}
            and search_words @@ ${`'${word}':*`}::tsquery order by created_at desc, id desc`),
        ).map((r) => r.id);
      const w = await expected('w');
      const h = await expected('h');
      expect(w.length).toBeGreaterThanOrEqual(1_875); // Winnipeg, and any other word of theirs that begins with w
      expect(h.length).toBeGreaterThanOrEqual(125);
      expect([denseWord(w.length, 2_000, 25), denseWord(h.length, 2_000, 25)]).toEqual([true, false]);
      // 'w' (15 in 16) is read from the newest rows, tested one by one; 'h' from the word index. Pages
      // near the start, in the middle, past 1,000 rows (read from the oldest) and past the end.
      for (const [word, all] of [
        ['w', w],
        ['h', h],
      ] as const) {
        for (const [limit, page] of [
          [25, 1],
          [100, 1],
          [100, 7],
          [100, 11],
          [100, 15],
          [100, 19],
          [100, 20],
          [10, 25],
        ] as const) {
          const got = await list(shop, `?search=${word}&limit=${limit}&page=${page}`);
          expect(got.pagination.total, word).toBe(all.length);
          expect(
            got.data.map((x) => x.id),
            `${word} page ${page} of ${limit}`,
          ).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    });

    it('keeps each user’s search term counts exact through every write above', async () => {
      // Recounted from the shipments themselves, as migrations 0033 and 0036 first count them.
      const differences = rowsOf(
        await ctx.database.db.execute(sql`
          with actual as (
            select s.user_id, t.term, count(distinct s.id) as n
            from shipments s, unnest(tsvector_to_array(s.search_words)) as w(word),
              lateral (values (left(w.word, 1)), (left(w.word, 2)),
                (case when left(w.word, 3) !~ '[0-9]' then left(w.word, 3) end),
                (case when char_length(w.word) > 3 and w.word !~ '[0-9]' then w.word end),
                (case when w.word ~ '^[^0-9]{3}' and w.word ~ '[0-9]'
                  then substring(w.word from '^[^0-9]*') || chr(1) end)) as t(term)
            where t.term is not null
            group by 1, 2
          )
          select coalesce(a.user_id, k.user_id) as user_id, coalesce(a.term, k.term) as term,
            a.n as actual, k.shipments as kept
          from actual a full join shipment_search_terms k on k.user_id = a.user_id and k.term = a.term
          where coalesce(a.n, 0) <> coalesce(k.shipments, 0)
          limit 20`),
      );
      expect(differences).toEqual([]);
      const terms = Number(
        rowsOf<{ n: string | number }>(
          await ctx.database.db.execute(sql`select count(*) as n from shipment_search_terms where shipments > 0`),
        )[0]!.n,
      );
      expect(terms).toBeGreaterThan(50);
    });
  });
});
