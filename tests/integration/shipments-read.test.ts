import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { credit, insertShipment, receiver, trackingCarrier } from './helpers/shipment-fixtures';
import { fund, orderBody, quote } from './helpers/orders';
import { shipments, trackingEvents } from '../../src/server/db/schema/orders';
import { rowsOf } from '../../src/server/db/client';
import { trackingJob } from '../../src/server/modules/shipments/tracking-sync';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { ZShipmentDetail, ZShipmentList, ZTrackingLookup } from '../../src/shared/contracts/shipments';
import { TRANSACTIONS_UNPAGED_MAX, ZTransactionList } from '../../src/shared/contracts/wallet';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const HOUR = 3_600_000;
const T0 = new Date('2026-03-02T15:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() - minutes * 60_000);

describe(`shipments, tracking and wallet reads (${testDbKind})`, () => {
  let ctx: TestContext;
  const ups = trackingCarrier('CA-UPS');
  let alice: User;
  let mallory: User;

  beforeAll(async () => {
    ctx = await createTestApp({ providers: { carriers: [ups.carrier] } });
    alice = await createSignedInUser(ctx);
    mallory = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  const get = (user: User, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
  const list = async (user: User, query = '') => {
    const res = await get(user, `/api/shipments${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZShipmentList.parse(res.json());
  };

  describe('the list', () => {
    let bob: User;
    const ids: string[] = [];
    beforeAll(async () => {
      bob = await createSignedInUser(ctx);
      // 30 shipments a minute apart (i = 0 is the newest), and two at the same instant to check the tie-break.
      for (let i = 29; i >= 0; i--)
        ids[i] = (await insertShipment(ctx.database.db, bob.id, { createdAt: at(i + 10) })).id;
      await insertShipment(ctx.database.db, bob.id, { createdAt: at(5) });
      await insertShipment(ctx.database.db, bob.id, { createdAt: at(5) });
    });

    it('answers 25 per page by default, newest first, with the pagination maths', async () => {
      const page = await list(bob);
      expect(page.pagination).toEqual({
        total: 32,
        page: 1,
        limit: 25,
        totalPages: 2,
        hasPrevPage: false,
        hasNextPage: true,
      });
      expect(page.data).toHaveLength(25);
      const times = page.data.map((s) => Date.parse(s.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      // Same instant: the larger id first.
      expect(page.data[0]!.id > page.data[1]!.id).toBe(true);
      expect(page.data[2]!.id).toBe(ids[0]);
    });

    it('pages with any limit from 1 to 100; a page past the end is empty with the right totals', async () => {
      const p3 = await list(bob, '?page=3&limit=10');
      expect(p3.pagination).toMatchObject({
        total: 32,
        page: 3,
        limit: 10,
        totalPages: 4,
        hasPrevPage: true,
        hasNextPage: true,
      });
      expect(p3.data.map((s) => s.id)).toEqual(ids.slice(18, 28));
      const p4 = await list(bob, '?page=4&limit=10');
      expect(p4.data).toHaveLength(2);
      expect(p4.pagination.hasNextPage).toBe(false);
      const past = await list(bob, '?page=9&limit=10');
      expect(past.data).toEqual([]);
      expect(past.pagination).toEqual({
        total: 32,
        page: 9,
        limit: 10,
        totalPages: 4,
        hasPrevPage: true,
        hasNextPage: false,
      });
      expect((await list(bob, '?limit=1')).data).toHaveLength(1);
      expect((await list(bob, '?limit=100')).data).toHaveLength(32);
      // Every row exactly once across the pages.
      const seen = new Set<string>();
      for (let p = 1; p <= 7; p++) for (const s of (await list(bob, `?page=${p}&limit=5`)).data) seen.add(s.id);
      expect(seen.size).toBe(32);
    });

    it('deep pages (counted first, the older half read from the oldest end) hold the same rows as walking from the newest', async () => {
      const deep = await createSignedInUser(ctx);
      const template = await insertShipment(ctx.database.db, deep.id, { createdAt: at(0) });
      // 2,100 more, three to a minute (ties broken by id), every other one matching 'bulk even'.
      await ctx.database.db.execute(sql`
        insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, search_text, ship_date, transit_days, created_at, updated_at)
        select gen_random_uuid(), user_id, status, carrier, service_code, service_name, 'VY-BULK' || g, null,
          carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
          receiver_key, case when g % 2 = 0 then 'bulk even' else 'bulk odd' end, ship_date, transit_days,
          created_at - (g / 3) * interval '1 minute', updated_at
        from shipments, generate_series(1, 2100) g where id = ${template.id}`);
      const expected = async (search: string | null) =>
        rowsOf<{ id: string }>(
          await ctx.database.db.execute(
            search
              ? sql`select id from shipments where user_id = ${deep.id} and search_text = ${search} order by created_at desc, id desc`
              : sql`select id from shipments where user_id = ${deep.id} order by created_at desc, id desc`,
          ),
        ).map((r) => r.id);
      const all = await expected(null);
      const even = await expected('bulk even');
      expect(all).toHaveLength(2101);
      expect(even).toHaveLength(1050);
      for (const [limit, page] of [
        [100, 10],
        [100, 11],
        [100, 21],
        [100, 22],
        [25, 41],
        [25, 84],
        [25, 85],
        [7, 300],
        [7, 301],
        [10, 211],
      ] as const) {
        const got = await list(deep, `?page=${page}&limit=${limit}`);
        expect(
          got.data.map((s) => s.id),
          `${limit}/${page}`,
        ).toEqual(all.slice((page - 1) * limit, page * limit));
        expect(got.pagination.total).toBe(2101);
      }
      for (const [limit, page] of [
        [100, 10],
        [100, 11],
        [7, 150],
        [7, 151],
        [25, 43],
      ] as const) {
        const got = await list(deep, `?search=bulk%20even&page=${page}&limit=${limit}`);
        expect(
          got.data.map((s) => s.id),
          `even ${limit}/${page}`,
        ).toEqual(even.slice((page - 1) * limit, page * limit));
        expect(got.pagination.total).toBe(1050);
      }
    });

    it('refuses bad page and limit values with 400', async () => {
      for (const q of ['?page=0', '?limit=0', '?limit=101', '?page=abc', '?limit=2.5', '?page=-1']) {
        const res = await get(bob, `/api/shipments${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('an empty list has one page', async () => {
      const nobody = await createSignedInUser(ctx);
      expect(await list(nobody)).toEqual({
        data: [],
        pagination: { total: 0, page: 1, limit: 25, totalPages: 1, hasPrevPage: false, hasNextPage: false },
      });
    });

    it('recent answers the newest 8 by default, up to 50', async () => {
      const res = await get(bob, '/api/shipments/recent');
      expect(res.statusCode).toBe(200);
      const recent = res.json() as { id: string }[];
      expect(recent).toHaveLength(8);
      expect(recent.slice(2).map((s) => s.id)).toEqual(ids.slice(0, 6));
      expect((await get(bob, '/api/shipments/recent?limit=50')).json()).toHaveLength(32);
      expect((await get(bob, '/api/shipments/recent?limit=3')).json()).toHaveLength(3);
      expect((await get(bob, '/api/shipments/recent?limit=51')).statusCode).toBe(400);
      expect((await get(bob, '/api/shipments/recent?limit=0')).statusCode).toBe(400);
    });

    it('asks for a session', async () => {
      for (const url of [
        '/api/shipments',
        '/api/shipments/recent',
        `/api/shipments/${ids[0]}`,
        '/api/tracking/X',
        '/api/wallet',
        '/api/transactions',
      ]) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      }
    });
  });

  describe('search', () => {
    let carol: User;
    const made: Record<string, string> = {};
    beforeAll(async () => {
      carol = await createSignedInUser(ctx);
      const db = ctx.database.db;
      made.jean = (
        await insertShipment(db, carol.id, {
          to: receiver({
            firstName: 'Jean-Luc',
            lastName: 'Picard',
            company: 'Starfleet Ltd',
            city: 'Montréal',
            province: 'QC',
            postalCode: 'H2X 1Y4',
            email: 'jl@example.com',
          }),
          trackingNumber: '1Z999AA10123456784',
          orderCode: 'VY-7K3M9Q2X',
        })
      ).id;
      made.percent = (
        await insertShipment(db, carol.id, {
          to: receiver({
            firstName: 'Per',
            lastName: 'Cent',
            company: '100% Natural_Foods',
            city: 'Halifax',
            province: 'NS',
            postalCode: 'B3H 1A1',
            email: 'p@example.com',
          }),
        })
      ).id;
      made.plain = (
        await insertShipment(db, carol.id, {
          to: receiver({
            firstName: 'Natalie',
            lastName: 'Foods',
            company: '1000 Natural Foods',
            city: 'Calgary',
            province: 'AB',
            postalCode: 'T2P 1J9',
          }),
        })
      ).id;
      made.backslash = (
        await insertShipment(db, carol.id, {
          to: receiver({ company: 'Back\\slash Inc', city: 'Ottawa', postalCode: 'K1P 1J1' }),
        })
      ).id;
      // Someone else's shipment matching everything above must never show.
      await insertShipment(db, mallory.id, {
        to: receiver({
          firstName: 'Jean-Luc',
          lastName: 'Picard',
          company: '100% Natural_Foods Starfleet',
          city: 'Montréal',
          postalCode: 'H2X 1Y4',
        }),
      });
    });

    const found = async (search: string) =>
      (await list(carol, `?search=${encodeURIComponent(search)}&limit=100`)).data.map((s) => s.id).sort();

    it('matches the tracking number, order code, receiver name, company, city and postal code, in any case', async () => {
      expect(await found('1z999aa1012345')).toEqual([made.jean]);
      expect(await found('7k3m9q')).toEqual([made.jean]);
      expect(await found('VY-7K3M9Q2X')).toEqual([made.jean]);
      expect(await found('jean-luc picard')).toEqual([made.jean]);
      expect(await found('PICARD')).toEqual([made.jean]);
      expect(await found('starfleet')).toEqual([made.jean]);
      expect(await found('montréal')).toEqual([made.jean]);
      expect(await found('MONTRÉAL')).toEqual([made.jean]);
      expect(await found('h2x 1y4')).toEqual([made.jean]);
      expect(await found('H2X1Y4')).toEqual([made.jean]);
      expect(await found('  h2x   1Y4 ')).toEqual([made.jean]);
      expect(await found('ottawa')).toEqual([made.backslash]);
    });

    it("takes '%', '_' and '\\' literally", async () => {
      expect(await found('100%')).toEqual([made.percent]);
      expect(await found('%')).toEqual([made.percent]);
      expect(await found('natural_foods')).toEqual([made.percent]);
      expect(await found('_')).toEqual([made.percent]);
      // Words match in any order and place (decision 030): both companies hold the words 'natural' and 'foods'.
      expect(await found('natural foods')).toEqual([made.percent, made.plain].sort());
      expect(await found('back\\slash')).toEqual([made.backslash]);
      expect(await found('\\')).toEqual([made.backslash]);
    });

    it('short searches (1–2 characters) are still correct; blank means everything', async () => {
      expect(await found('zz')).toEqual([]);
      expect(await found('qc')).toEqual([]); // the province is not searched
      expect(await found('9Q')).toEqual([]); // two characters match the start of a word (decision 030)
      expect(await found('9Q2')).toEqual([made.jean]); // a fragment with a digit, from three: 'vy-7k3m9q2x' holds it
      expect(await found('pi')).toEqual([made.jean]); // 'picard'
      expect(await found('')).toHaveLength(4);
      expect(await found('   ')).toHaveLength(4);
      expect((await list(carol, '?search=nothing-like-this')).pagination).toMatchObject({ total: 0, totalPages: 1 });
    });

    it('pages through the matches only', async () => {
      const page = await list(carol, '?search=foods&limit=1&page=2');
      expect(page.pagination).toMatchObject({ total: 2, page: 2, totalPages: 2, hasNextPage: false });
      expect(page.data).toHaveLength(1);
    });

    it('odd input answers 200, 400 or 404, never 500', async () => {
      for (const url of [
        '/api/shipments?search=%00',
        '/api/shipments?search=a%00b',
        '/api/shipments?search=%C0%AF',
        '/api/shipments?search=%F0%9F%93%A6',
        '/api/shipments?search=%5C%5C%25%25__',
        '/api/shipments?search=a&search=b',
        '/api/shipments?page=1&page=2',
        '/api/shipments?limit=99999999999999999999',
        '/api/shipments?page=1000000&limit=100',
        '/api/shipments/recent?limit=%00',
        '/api/tracking/%00',
        '/api/tracking/a%00b',
        '/api/tracking/%C0%AF',
        '/api/tracking/%20',
        '/api/shipments/%00',
        '/api/transactions?page=%00',
        '/api/transactions?page=1000000&limit=100',
        '/api/dashboard/stats?period=%00',
        '/api/dashboard/stats?period=weekly&period=monthly',
      ]) {
        const res = await get(carol, url);
        expect([200, 400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
      }
    });

    it('refuses a search longer than 100 characters', async () => {
      expect((await get(carol, `/api/shipments?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
    });
  });

  describe('customer order count', () => {
    it("each shipment's own place among the orders to its receiver (failed ones not counted), null without a receiver", async () => {
      const dave = await createSignedInUser(ctx);
      const db = ctx.database.db;
      const same = receiver({ email: 'Repeat@Example.com' });
      await insertShipment(db, dave.id, { to: same, createdAt: at(10) });
      await insertShipment(db, dave.id, {
        to: { ...same, email: ' repeat@example.com ', firstName: 'Other' },
        createdAt: at(9),
      });
      await insertShipment(db, dave.id, { to: same, status: 'failed', createdAt: at(8) });
      await insertShipment(db, mallory.id, { to: same }); // another user's: not counted
      const phone = receiver({ email: '', phone: '1 (604) 555-0123' });
      await insertShipment(db, dave.id, { to: phone, createdAt: at(7) });
      await insertShipment(db, dave.id, { to: { ...phone, phone: '604.555.0123' }, createdAt: at(6) });
      const anonymous = await insertShipment(db, dave.id, {
        to: receiver({ email: '', phone: '555', address1: '', firstName: '', lastName: '' }),
        createdAt: at(5),
      });

      const rows = (await list(dave)).data;
      const counts = rows.map((s) => [s.toAddress.email || s.toAddress.phone, s.status, s.customerOrderCount]);
      // Newest first: the first order to a receiver reads 1 ('first order'), the second 2; a failed
      // one reads as the order it would have been (the two before it, plus one).
      expect(counts).toEqual([
        ['555', 'label_created', null],
        ['604.555.0123', 'label_created', 2],
        ['1 (604) 555-0123', 'label_created', 1],
        ['Repeat@Example.com', 'failed', 3],
        [' repeat@example.com ', 'label_created', 2],
        ['Repeat@Example.com', 'label_created', 1],
      ]);
      const detail = ZShipmentDetail.parse((await get(dave, `/api/shipments/${rows[1]!.id}`)).json());
      expect(detail.customerOrderCount).toBe(2);
      const first = ZShipmentDetail.parse((await get(dave, `/api/shipments/${rows[2]!.id}`)).json());
      expect(first.customerOrderCount).toBe(1);
      expect((await get(dave, `/api/shipments/${anonymous.id}`)).json().customerOrderCount).toBeNull();
      const recent = (await get(dave, '/api/shipments/recent')).json() as { customerOrderCount: number | null }[];
      expect(recent.map((s) => s.customerOrderCount)).toEqual([null, 2, 1, 3, 2, 1]);
    });

    it('counts the orders on other pages and in other searches too, ties in the list order, in one query', async () => {
      const erin = await createSignedInUser(ctx);
      const db = ctx.database.db;
      const to = receiver({ email: 'ordinal@example.com' });
      for (let i = 0; i < 4; i++) await insertShipment(db, erin.id, { to, createdAt: at(20 - i) });
      // Two at the same instant: the larger id is newer in the list, so it is the later order.
      await insertShipment(db, erin.id, { to, createdAt: at(10) });
      await insertShipment(db, erin.id, { to, createdAt: at(10) });
      await insertShipment(db, erin.id, { to: receiver({ email: 'else@example.com' }), createdAt: at(9) });

      const all = (await list(erin)).data.map((s) => s.customerOrderCount);
      expect(all).toEqual([1, 6, 5, 4, 3, 2, 1]);
      // One card a page: each still reads its own place among all the orders.
      const paged: (number | null)[] = [];
      for (let page = 1; page <= 7; page++)
        paged.push(...(await list(erin, `?page=${page}&limit=1`)).data.map((s) => s.customerOrderCount));
      expect(paged).toEqual(all);
      // A search that finds only some of them does not renumber them.
      const third = (await list(erin)).data[4]!;
      const found = await list(erin, `?search=${encodeURIComponent(third.orderCode)}`);
      expect(found.data.map((s) => [s.id, s.customerOrderCount])).toEqual([[third.id, 3]]);

      // The page's ordinals come from one statement, whatever the page size.
      const statements: string[] = [];
      const pg = ctx.database.db as unknown as { execute: (q: unknown) => Promise<unknown> };
      const execute = pg.execute.bind(pg);
      pg.execute = async (q: unknown) => {
        statements.push('execute');
        return execute(q);
      };
      try {
        await list(erin, '?limit=100');
      } finally {
        pg.execute = execute;
      }
      expect(statements).toHaveLength(1);
    });
  });

  describe('detail', () => {
    it('answers the whole shipment in the wire shape', async () => {
      const erin = await createSignedInUser(ctx);
      const row = await insertShipment(ctx.database.db, erin.id, {
        status: 'delivered',
        priceCents: 2345,
        taxCents: 305,
      });
      const res = await get(erin, `/api/shipments/${row.id}`);
      expect(res.statusCode).toBe(200);
      const d = ZShipmentDetail.parse(res.json());
      expect(d).toMatchObject({
        id: row.id,
        orderCode: row.orderCode,
        trackingNumber: row.trackingNumber,
        carrier: 'CA-UPS',
        carrierName: 'UPS',
        service: 'Standard',
        status: 'delivered',
        totalCost: '26.50',
        price: '23.45',
        taxes: { gst: '0.00', hst: '3.05', qst: '0.00', total: '3.05' },
        insurance: null,
        refundedAmount: '0.00',
        canVoid: false,
        failureMessage: null,
        description: 'Books',
        packageDetails: {
          weight: 2,
          length: 30,
          width: 20,
          height: 10,
          type: 'package',
          insuranceValue: 0,
          description: 'Books',
        },
        trackingEvents: [],
      });
      expect(d.fromAddress).toMatchObject({
        name: 'Ana Sender',
        company: 'Maple Goods',
        city: 'Toronto',
        postalCode: 'M5H 1A1',
      });
      expect(d.toAddress).toMatchObject({ name: 'Bob Receiver', city: 'Vancouver' });

      const failed = await insertShipment(ctx.database.db, erin.id, { status: 'failed' });
      const f = ZShipmentDetail.parse((await get(erin, `/api/shipments/${failed.id}`)).json());
      expect(f).toMatchObject({
        status: 'failed',
        trackingNumber: null,
        failureMessage: 'Address cannot be served',
        refundedAmount: '11.30',
        canVoid: false,
      });
    });

    it("answers 404 for another user's id and for malformed ids, never 400 or 500", async () => {
      const theirs = await insertShipment(ctx.database.db, mallory.id);
      for (const id of [
        theirs.id,
        randomUUID(),
        'not-a-uuid',
        '123',
        `${theirs.id}x`,
        'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
        "1'; drop table shipments;--",
        '%20',
        'a'.repeat(500),
      ]) {
        const res = await get(alice, `/api/shipments/${encodeURIComponent(id)}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect((await get(mallory, `/api/shipments/${theirs.id}`)).statusCode).toBe(200);
      // Nor does it show in anyone else's list, recent or tracking lookup.
      expect((await list(alice)).data.map((s) => s.id)).not.toContain(theirs.id);
      expect((await get(alice, `/api/tracking/${theirs.trackingNumber}`)).statusCode).toBe(404);
      expect((await get(alice, `/api/tracking/${theirs.orderCode}`)).statusCode).toBe(404);
    });
  });

  describe('tracking', () => {
    it('advances with the carrier schedule: events stored once, status forward only, delivered_at set', async () => {
      const fay = await createSignedInUser(ctx);
      const created = ctx.clock.now();
      const row = await insertShipment(ctx.database.db, fay.id, {
        createdAt: created,
        trackingNumber: '1Z999AA10000000001',
      });
      ups.sell(row.trackingNumber!, created);
      const detail = async () => ZShipmentDetail.parse((await get(fay, `/api/shipments/${row.id}`)).json());

      let d = await detail();
      expect(d.status).toBe('label_created');
      expect(d.canVoid).toBe(true);
      expect(d.trackingEvents.map((e) => e.status)).toEqual(['label_created']);

      ctx.clock.advance(5 * HOUR);
      d = await detail();
      expect(d.status).toBe('in_transit');
      expect(d.canVoid).toBe(false);
      expect(d.trackingEvents.map((e) => e.status)).toEqual(['label_created', 'picked_up']);
      expect(d.trackingEvents[1]).toMatchObject({
        description: 'Picked up',
        location: 'Toronto, ON',
        timestamp: new Date(created.getTime() + 4 * HOUR).toISOString(),
      });

      d = await detail(); // asking again stores nothing twice
      expect(d.trackingEvents).toHaveLength(2);

      ctx.clock.advance(45 * HOUR);
      d = await detail();
      expect(d.status).toBe('out_for_delivery');
      expect(d.trackingEvents.map((e) => e.status)).toEqual([
        'label_created',
        'picked_up',
        'in_transit',
        'out_for_delivery',
      ]);
      expect(d.deliveredAt).toBeNull();

      ctx.clock.advance(10 * HOUR);
      const t = ZTrackingLookup.parse((await get(fay, `/api/tracking/${row.trackingNumber!.toLowerCase()}`)).json());
      expect(t).toMatchObject({
        shipmentId: row.id,
        status: 'delivered',
        deliveredAt: new Date(created.getTime() + 54 * HOUR).toISOString(),
        fromCity: 'Toronto',
        toCity: 'Vancouver',
        carrierName: 'UPS',
      });
      expect(t.events).toHaveLength(5);
      const stored = await ctx.database.db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, row.id));
      expect(stored).toHaveLength(5);

      // Delivered is final: no more carrier calls for it.
      const calls = ups.state.calls;
      ctx.clock.advance(HOUR);
      expect((await detail()).status).toBe('delivered');
      expect(ups.state.calls).toBe(calls);
    });

    it('never touches cancelled, failed or purchasing shipments; a carrier error answers the stored tracking', async () => {
      const gus = await createSignedInUser(ctx);
      const long = new Date(ctx.clock.now().getTime() - 100 * HOUR);
      const cancelled = await insertShipment(ctx.database.db, gus.id, { status: 'cancelled', createdAt: long });
      const purchasing = await insertShipment(ctx.database.db, gus.id, {
        status: 'purchasing',
        createdAt: long,
        trackingNumber: null,
      });
      ups.sell(cancelled.trackingNumber!, long);
      expect((await get(gus, `/api/shipments/${cancelled.id}`)).json()).toMatchObject({
        status: 'cancelled',
        trackingEvents: [],
      });
      expect((await get(gus, `/api/shipments/${purchasing.id}`)).json()).toMatchObject({
        status: 'purchasing',
        trackingEvents: [],
      });

      const active = await insertShipment(ctx.database.db, gus.id, { createdAt: long });
      ups.sell(active.trackingNumber!, long);
      ups.state.fail = true;
      try {
        const res = await get(gus, `/api/shipments/${active.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe('label_created');
      } finally {
        ups.state.fail = false;
      }
      expect((await get(gus, `/api/shipments/${active.id}`)).json().status).toBe('delivered');
    });

    it('a concurrent void wins over a tracking advance (conditional update)', async () => {
      const hal = await createSignedInUser(ctx);
      const long = new Date(ctx.clock.now().getTime() - 100 * HOUR);
      const row = await insertShipment(ctx.database.db, hal.id, { createdAt: long });
      ups.sell(row.trackingNumber!, long);
      // The void lands after the sync read the row but before it writes.
      await ctx.database.db.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, row.id));
      const { syncTracking } = await import('../../src/server/modules/shipments/tracking-sync');
      const { row: after } = await syncTracking(ctx.database.db, [ups.carrier], row, ctx.clock.now());
      expect(after.status).toBe('cancelled');
    });

    it('looks up by tracking number or order code, any case, spaces and dashes ignored; 404 otherwise', async () => {
      const ivy = await createSignedInUser(ctx);
      const row = await insertShipment(ctx.database.db, ivy.id, {
        trackingNumber: '1Z999AA10999999999',
        orderCode: 'VY-ABCD2345',
      });
      const failed = await insertShipment(ctx.database.db, ivy.id, { status: 'failed', orderCode: 'VY-FAIL2345' });
      for (const ref of [
        '1Z999AA10999999999',
        '1z999aa10999999999',
        '1Z 999 AA1 0999 999 999',
        '1Z-999-AA1-0999-999-999',
        'vy-abcd2345',
        ' VY-ABCD2345 ',
      ]) {
        const res = await get(ivy, `/api/tracking/${encodeURIComponent(ref)}`);
        expect(res.statusCode, ref).toBe(200);
        expect(res.json().shipmentId).toBe(row.id);
      }
      expect((await get(ivy, '/api/tracking/vy-fail2345')).json()).toMatchObject({
        shipmentId: failed.id,
        status: 'failed',
        trackingNumber: '',
        events: [],
      });
      for (const ref of ['1Z999AA1099999999', '999AA10999999999', 'VY-ABCD', '%', '_', '%25', 'x'.repeat(300)]) {
        const res = await get(ivy, `/api/tracking/${encodeURIComponent(ref)}`);
        expect(res.statusCode, ref).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    });

    it('the job syncs a batch of active shipments, least recently synced first', async () => {
      const jo = await createSignedInUser(ctx);
      const long = new Date(ctx.clock.now().getTime() - 100 * HOUR);
      const rows = [];
      for (let i = 0; i < 3; i++) {
        const r = await insertShipment(ctx.database.db, jo.id, { createdAt: long });
        ups.sell(r.trackingNumber!, long);
        rows.push(r);
      }
      const log = { info: () => undefined, error: () => undefined };
      const result = await trackingJob([ups.carrier]).run({ db: ctx.database.db, now: ctx.clock.now(), log });
      expect(result).toMatchObject({ failed: 0 });
      expect((result as { advanced: number }).advanced).toBeGreaterThanOrEqual(3);
      for (const r of rows) {
        const [s] = await ctx.database.db.select().from(shipments).where(eq(shipments.id, r.id));
        expect(s!.status).toBe('delivered');
        expect(s!.trackingSyncedAt).not.toBeNull();
      }
    });
  });

  describe('wallet reads', () => {
    it('answers the balance and the transactions newest first, as an array or paged', async () => {
      const kim = await createSignedInUser(ctx);
      const db = ctx.database.db;
      expect((await get(kim, '/api/wallet')).json()).toEqual({ balance: '0.00', currency: 'CAD' });
      expect((await get(kim, '/api/transactions')).json()).toEqual([]);

      await credit(db, kim.id, 10_000, at(60));
      await insertShipment(db, kim.id, { charge: true, createdAt: at(30) });
      await insertShipment(db, kim.id, { charge: true, status: 'failed', createdAt: at(20) });
      await credit(db, mallory.id, 500, at(10)); // someone else's

      expect((await get(kim, '/api/wallet')).json()).toEqual({ balance: '88.70', currency: 'CAD' });
      const all = (await get(kim, '/api/transactions')).json() as Record<string, unknown>[];
      expect(all.map((t) => [t.type, t.direction, t.amount, t.balanceAfter])).toEqual([
        ['refund', 'credit', '11.30', '88.70'],
        ['shipping_charge', 'debit', '11.30', '77.40'],
        ['shipping_charge', 'debit', '11.30', '88.70'],
        ['adjustment', 'credit', '100.00', '100.00'],
      ]);
      expect(all[1]).toMatchObject({
        status: 'completed',
        reference: expect.stringMatching(/^VY-/),
        shipmentId: expect.any(String),
      });

      const paged = ZTransactionList.parse((await get(kim, '/api/transactions?page=2&limit=3')).json());
      expect(paged.pagination).toEqual({
        total: 4,
        page: 2,
        limit: 3,
        totalPages: 2,
        hasPrevPage: true,
        hasNextPage: false,
      });
      expect(paged.data.map((t) => t.type)).toEqual(['adjustment']);
      expect(ZTransactionList.parse((await get(kim, '/api/transactions?page=1')).json()).pagination.limit).toBe(25);
      expect(ZTransactionList.parse((await get(kim, '/api/transactions?limit=2')).json()).data).toHaveLength(2);
      expect((await get(kim, '/api/transactions?limit=0')).statusCode).toBe(400);
      expect((await verifyLedger(db)).breaks).toEqual([]);
    });

    it(`answers at most ${TRANSACTIONS_UNPAGED_MAX} without paging`, async () => {
      const lee = await createSignedInUser(ctx);
      for (let i = 0; i < TRANSACTIONS_UNPAGED_MAX + 3; i++) await credit(ctx.database.db, lee.id, 100, at(1000 - i));
      const all = (await get(lee, '/api/transactions')).json() as { balanceAfter: string }[];
      expect(all).toHaveLength(TRANSACTIONS_UNPAGED_MAX);
      expect(all[0]!.balanceAfter).toBe(`${TRANSACTIONS_UNPAGED_MAX + 3}.00`);
      expect(ZTransactionList.parse((await get(lee, '/api/transactions?limit=100&page=6')).json()).data).toHaveLength(
        3,
      );
    });
  });
});

describe(`tracking through the sandbox carriers and the order path (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(); // sandbox carriers with their operations, on the app's clock
  });
  afterAll(async () => ctx.close());

  it('an order placed on Monday morning is picked up, travels and is delivered as the clock moves', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '200.00');
    const options = await quote(ctx, user.headers);
    const ups = options.find((o) => o.carrier === 'CA-UPS') ?? options[0]!;
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: user.headers,
      payload: orderBody(ups),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id, trackingNumber, orderCode } = placed.json() as {
      id: string;
      trackingNumber: string;
      orderCode: string;
    };
    const detail = async () =>
      ZShipmentDetail.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: user.headers })).json(),
      );

    let d = await detail();
    expect(d).toMatchObject({
      status: 'label_created',
      canVoid: true,
      trackingNumber,
      orderCode,
      customerOrderCount: 1,
    });
    expect(d.trackingEvents.map((e) => e.status)).toEqual(['label_created']);

    ctx.clock.advance(12 * HOUR); // 22:00 Toronto: picked up at 17:00, at the hub at 20:00
    d = await detail();
    expect(d.status).toBe('in_transit');
    expect(d.canVoid).toBe(false);
    expect(d.trackingEvents.map((e) => e.status)).toEqual(['label_created', 'picked_up', 'in_transit']);

    ctx.clock.advance(14 * 24 * HOUR);
    const t = ZTrackingLookup.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/tracking/${orderCode.toLowerCase()}`, headers: user.headers })
      ).json(),
    );
    expect(t.status).toBe('delivered');
    expect(t.events.map((e) => e.status)).toEqual([
      'label_created',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(t.deliveredAt).toBe(t.events[4]!.timestamp);
    const list = ZShipmentList.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/shipments?search=${trackingNumber.slice(2, 10)}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(list.data.map((s) => [s.id, s.status])).toEqual([[id, 'delivered']]);
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  });
});
