/**
 * Deep pages read past kept marks (issue 26, decision 054, migration 0037): every page of a long list
 * is the page the plain newest-first order gives, before marks exist, after a deep page adds them,
 * and after writes that move them (a backdated shipment, a delete, a changed date), and a mark added
 * while a write is under way is read from committed rows only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { insertShipment } from './helpers/shipment-fixtures';
import { rowsOf } from '../../src/server/db/client';
import { ZShipmentList } from '../../src/shared/contracts/shipments';
import { MARK_EVERY, addMarks } from '../../src/server/modules/shipments/marks-repo';
import { marksSettled } from '../../src/server/modules/shipments/marks';
import { listShipments } from '../../src/server/modules/shipments/repo';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** 5,500 shipments, three to a minute (equal created_at: the id decides their order). */
const ROWS = 5 * MARK_EVERY + 500;
const ALL_MARKS = [1, 2, 3, 4, 5].map((k) => k * MARK_EVERY);

describe(`lists: deep pages past kept marks (${testDbKind})`, () => {
  let ctx: TestContext;
  let u: User;
  let other: User;

  /** Writes `n` shipments for `userId`: copies of one, created three a minute going back from `from`. */
  async function addShipments(userId: string, n: number, from: Date) {
    const first = await insertShipment(ctx.database.db, userId, { createdAt: from });
    await ctx.database.db.execute(sql`
      insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code, tracking_number,
        carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
        receiver_key, search_text, ship_date, transit_days, created_at, updated_at)
      select gen_random_uuid(), user_id, status, carrier, service_code, service_name, 'VY-MARK' || g || '-' || left(user_id::text, 8), null,
        carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
        receiver_key, search_text, ship_date, transit_days, created_at - (g / 3) * interval '1 minute', updated_at
      from shipments, generate_series(1, ${n - 1}) g where id = ${first.id}`);
  }

  /** The user's shipment ids newest first, as the list orders them. */
  const expected = async (userId: string) =>
    rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select id::text as id from shipments where user_id = ${userId} order by created_at desc, id desc`,
      ),
    ).map((r) => r.id);

  const marks = async (userId: string) =>
    rowsOf<{ position: string | number; id: string }>(
      await ctx.database.db.execute(
        sql`select position, id::text as id from shipment_marks where user_id = ${userId} order by position`,
      ),
    ).map((r) => ({ position: Number(r.position), id: r.id }));

  /** Each mark names the shipment at its place from the oldest. */
  async function expectMarksTrue(userId: string) {
    const oldestFirst = (await expected(userId)).reverse();
    for (const m of await marks(userId)) expect(m.id, `mark ${m.position}`).toBe(oldestFirst[m.position - 1]);
  }

  const page = async (user: User, n: number, limit = 25) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipments?page=${n}&limit=${limit}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZShipmentList.parse(res.json());
  };

  /** Deep pages from both halves, and the last, against the plain order. */
  async function expectPagesTrue(user: User, pages?: number[]) {
    const all = await expected(user.id);
    const last = Math.ceil(all.length / 25);
    for (const n of pages ?? [41, 80, 100, 110, 111, 150, 180, last - 1, last]) {
      const got = await page(user, n);
      expect(got.pagination.total).toBe(all.length);
      expect(
        got.data.map((s) => s.id),
        `page ${n}`,
      ).toEqual(all.slice((n - 1) * 25, n * 25));
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    u = await createSignedInUser(ctx);
    other = await createSignedInUser(ctx);
    await addShipments(u.id, ROWS, new Date('2026-11-01T12:00:00Z'));
    await addShipments(other.id, ROWS, new Date('2026-11-01T12:00:00Z'));
  }, 120_000);
  afterAll(async () => ctx.close());

  it('answers every deep page as the plain order does, and a deep page adds marks after its answer', async () => {
    expect(await marks(u.id)).toEqual([]);
    await expectPagesTrue(u);
    await marksSettled(ctx.database.db);
    const added = (await marks(u.id)).map((m) => m.position);
    expect(added.length).toBeGreaterThan(0);
    expect(added).toEqual(ALL_MARKS.slice(0, added.length));
    await expectMarksTrue(u.id);
    await addMarks(ctx.database.db, u.id, ROWS);
    expect((await marks(u.id)).map((m) => m.position)).toEqual(ALL_MARKS);
    await expectMarksTrue(u.id);
    await expectPagesTrue(u);
  });

  it('reads a deep page past its nearest mark', async () => {
    // A mark moved one row older by hand (not something any write does): the page read past it moves too.
    // Page 170 is rows 4,226–4,250 newest first: from the oldest 1,251–1,275, read past mark 1,000.
    const before = await page(u, 170);
    const oldestFirst = (await expected(u.id)).reverse();
    const moveMarkTo = (index: number) =>
      ctx.database.db.execute(sql`
        update shipment_marks m set created_at = s.created_at, id = s.id
        from shipments s where s.id = ${oldestFirst[index]!}::uuid
          and m.user_id = ${u.id} and m.position = ${MARK_EVERY}`);
    await moveMarkTo(MARK_EVERY - 2);
    try {
      const moved = await page(u, 170);
      expect(moved.data[0]!.id).toBe(before.data[1]!.id);
      expect(moved.data.map((s) => s.id).slice(0, 24)).toEqual(before.data.map((s) => s.id).slice(1));
    } finally {
      await moveMarkTo(MARK_EVERY - 1);
    }
    expect((await page(u, 170)).data.map((s) => s.id)).toEqual(before.data.map((s) => s.id));
    await expectMarksTrue(u.id);
  });

  it('drops the marks a backdated shipment moves, keeps those below it, and every page stays true', async () => {
    await addMarks(ctx.database.db, other.id, ROWS);
    const othersMarks = await marks(other.id);
    expect(othersMarks).toHaveLength(ALL_MARKS.length);
    await marksSettled(ctx.database.db);
    // About the 1,500th oldest of u's shipments: marks 2,000 and up move; 1,000 stays.
    await insertShipment(ctx.database.db, u.id, { createdAt: new Date('2026-10-31T13:47:30Z') });
    expect((await marks(u.id)).map((m) => m.position)).toEqual([MARK_EVERY]);
    await expectMarksTrue(u.id);
    await expectPagesTrue(u);
    await marksSettled(ctx.database.db);
    await addMarks(ctx.database.db, u.id, ROWS + 1);
    expect((await marks(u.id)).map((m) => m.position)).toEqual(ALL_MARKS);
    await expectMarksTrue(u.id);
    // Another user's marks are not touched by u's writes.
    expect(await marks(other.id)).toEqual(othersMarks);
  });

  it('drops the marks at and above a deleted shipment, and every mark when a date changes', async () => {
    const oldestFirst = (await expected(u.id)).reverse();
    await ctx.database.db.execute(sql`delete from shipments where id = ${oldestFirst[MARK_EVERY + 10]!}::uuid`);
    expect((await marks(u.id)).map((m) => m.position)).toEqual([MARK_EVERY]);
    await expectPagesTrue(u);
    await marksSettled(ctx.database.db);
    await addMarks(ctx.database.db, u.id, ROWS);
    expect((await marks(u.id)).map((m) => m.position)).toEqual(ALL_MARKS);
    await expectMarksTrue(u.id);
    const othersMarks = await marks(other.id);
    expect(othersMarks).toHaveLength(ALL_MARKS.length);
    // An update that changes no key leaves the marks.
    await ctx.database.db.execute(
      sql`update shipments set created_at = created_at where id = ${oldestFirst[5]!}::uuid`,
    );
    expect(await marks(u.id)).toHaveLength(ALL_MARKS.length);
    await ctx.database.db.execute(
      sql`update shipments set created_at = created_at - interval '1 second' where id = ${oldestFirst[5]!}::uuid`,
    );
    expect(await marks(u.id)).toEqual([]);
    expect(await marks(other.id)).toEqual(othersMarks);
    await expectPagesTrue(u);
    await marksSettled(ctx.database.db);
    await expectMarksTrue(u.id);
  });

  it('reads an API key’s live list past the marks while the user has no test shipment, and by its filter after one', async () => {
    await addMarks(ctx.database.db, u.id, 2 * ROWS);
    const live = async (n: number) =>
      (
        await listShipments(ctx.database.db, u.id, { search: null, limit: 25, offset: (n - 1) * 25, test: false })
      ).rows.map((r) => r.id);
    const all = await expected(u.id);
    for (const n of [41, 100, 170]) expect(await live(n), `page ${n}`).toEqual(all.slice((n - 1) * 25, n * 25));
    // One test shipment among them: the live list leaves it out.
    const testOne = await insertShipment(ctx.database.db, u.id, { createdAt: new Date('2026-10-31T20:00:30Z') });
    await ctx.database.db.execute(sql`update shipments set test = true where id = ${testOne.id}::uuid`);
    const liveIds = (await expected(u.id)).filter((id) => id !== testOne.id);
    for (const n of [41, 100, 170]) expect(await live(n), `page ${n}`).toEqual(liveIds.slice((n - 1) * 25, n * 25));
    await ctx.database.db.execute(sql`delete from shipments where id = ${testOne.id}::uuid`);
    await addMarks(ctx.database.db, u.id, 2 * ROWS);
  });

  it('counts the oldest shipment whatever its key (the least uuid at -infinity)', async () => {
    const w = await createSignedInUser(ctx);
    await addShipments(w.id, 2 * MARK_EVERY + 100, new Date('2026-11-01T12:00:00Z'));
    const oldest = (await expected(w.id)).at(-1)!;
    await ctx.database.db.execute(sql`
      update shipments set id = '00000000-0000-0000-0000-000000000000', created_at = '-infinity'
      where id = ${oldest}::uuid`);
    await addMarks(ctx.database.db, w.id, 10 * MARK_EVERY);
    expect((await marks(w.id)).map((m) => m.position)).toEqual([MARK_EVERY, 2 * MARK_EVERY]);
    await expectMarksTrue(w.id);
    // Pages read past both marks (the last ones hold the row at -infinity, which no answer can show).
    await expectPagesTrue(w, [41, 44, 45, 80]);
  });

  /**
   * Runs `write` in a transaction left open while marks are added for `user`, then commits it: the
   * marks must be those of the committed rows (the step waits for the write's row lock).
   */
  async function addMarksWhileOpen(user: User, write: (tx: typeof ctx.database.db) => Promise<unknown>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const writtenNow = new Promise<void>((resolve) => (written = resolve));
    const writing = ctx.database.db.transaction(async (tx) => {
      await write(tx as unknown as typeof ctx.database.db);
      written();
      await held;
    });
    await writtenNow;
    const adding = addMarks(ctx.database.db, user.id, 2 * ROWS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([writing, adding]);
    expect((await marks(user.id)).map((m) => m.position)).toEqual(ALL_MARKS);
    await expectMarksTrue(user.id);
    await expectPagesTrue(user);
  }

  it('reads marks from committed rows only: a changed date under way is waited for', async () => {
    await addMarks(ctx.database.db, u.id, ROWS + 10);
    const oldest = (await expected(u.id)).at(-1)!;
    await addMarksWhileOpen(u, (tx) =>
      tx.execute(sql`update shipments set created_at = '2031-01-01' where id = ${oldest}::uuid`),
    );
  });

  it('reads marks from committed rows only: a write under way is waited for', async () => {
    await ctx.database.db.execute(sql`delete from shipment_marks where user_id = ${u.id}`);
    // A backdated shipment (below every mark to come) whose transaction stays open a while.
    await addMarksWhileOpen(u, (tx) => insertShipment(tx, u.id, { createdAt: new Date('2026-10-01T00:00:00Z') }));
  });
});
