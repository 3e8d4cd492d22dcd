/**
 * An order's receipt is numbered after the order's label commits, in a short transaction of its own
 * (migration 0042, decision 062): the numbers stay gapless and unique with many orders at once, a
 * receipt asked for as soon as its order answers has its number, one left without it (a crash between
 * the two commits) is numbered before its mail or PDF shows it, and nothing else about a document
 * can change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateInTransaction, rowsOf } from '../../src/server/db/client';
import { databaseBefore } from './helpers/migrations';
import { backgroundIdle } from '../../src/server/lib/background';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote, quoteBody } from './helpers/orders';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`receipt numbers given after the order commits (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const receiptOf = async (shipmentId: string) =>
    rowsOf<{ number: string | null; seq: string | number | null }>(
      await ctx.database.db.execute(
        sql`select number, seq from tax_documents where shipment_id = ${shipmentId} and kind = 'receipt'`,
      ),
    )[0];

  async function order(u: User): Promise<string> {
    const [option] = await quote(ctx, u.headers, quoteBody());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody(option!),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('gives every receipt its number, gapless and unique with orders at once, whenever it is read', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(ctx)));
    for (const u of users) await fund(ctx, admin.headers, u.id, '300.00');
    const numbered = await Promise.all(
      users.flatMap((u) =>
        [1, 2, 3].map(async () => {
          const id = await order(u);
          // Asked for as soon as the order answers: the receipt has its number.
          const pdf = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${id}/receipt`, headers: u.headers });
          expect(pdf.statusCode, pdf.body).toBe(200);
          const number = /receipt-(R-\d{6})\.pdf/.exec(String(pdf.headers['content-disposition']))?.[1];
          expect(number, `the receipt of ${id}`).toBeTruthy();
          expect((await receiptOf(id))?.number).toBe(number);
          return number!;
        }),
      ),
    );
    await backgroundIdle();
    const all = rowsOf<{ number: string; seq: string | number }>(
      await ctx.database.db.execute(sql`select number, seq from tax_documents where kind = 'receipt' order by seq`),
    );
    expect(all.map((r) => Number(r.seq))).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(all.map((r) => r.number)).toEqual(
      Array.from({ length: 24 }, (_, i) => `R-${String(i + 1).padStart(6, '0')}`),
    );
    expect(new Set(numbered).size).toBe(24);
    const [counter] = rowsOf<{ last_number: string | number }>(
      await ctx.database.db.execute(sql`select last_number from tax_document_counters where series = 'R'`),
    );
    expect(Number(counter!.last_number)).toBe(24);
  });

  /**
   * A crash between an order's label commit and its receipt's numbering: another order of the
   * user's, copied from `from` by SQL, goes from 'purchasing' to 'label_created' and nothing numbers it.
   */
  async function unnumberedReceipt(from: string, orderCode: string): Promise<string> {
    const copy = randomUUID();
    const columns = rowsOf<{ name: string }>(
      await ctx.database.db.execute(sql`
        select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = 'shipments' and is_generated = 'NEVER'`),
    ).map((c) => `"${c.name}"`);
    await ctx.database.db.execute(sql`
      insert into shipments (${sql.raw(columns.join(', '))})
      select ${sql.raw(columns.map((c) => `(r).${c}`).join(', '))}
      from (select jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object(
        'id', ${copy}::text, 'order_code', ${orderCode}::text, 'status', 'purchasing', 'tracking_number', null)) as r
        from shipments s where s.id = ${from}) c`);
    await ctx.database.db.execute(sql`update shipments set status = 'label_created' where id = ${copy}`);
    expect((await receiptOf(copy))?.number).toBeNull();
    return copy;
  }

  it('numbers a receipt left without its number before its mail or its PDF shows it', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const first = await order(u);
    await backgroundIdle();
    const seq = Number((await receiptOf(first))!.seq);
    const numberAt = (n: number) => `R-${String(n).padStart(6, '0')}`;

    const mailed = await unnumberedReceipt(first, 'VY-NUMBERMAIL');
    await ctx.app.jobs.runDue();
    const mail = ctx.mail.find((m) => m.subject.includes('VY-NUMBERMAIL'));
    expect(mail?.subject).toBe(`Your receipt ${numberAt(seq + 1)} for order VY-NUMBERMAIL`);
    expect((await receiptOf(mailed))?.number).toBe(numberAt(seq + 1));

    const downloaded = await unnumberedReceipt(first, 'VY-NUMBERPDF');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipments/${downloaded}/receipt`,
      headers: u.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`receipt-${numberAt(seq + 2)}.pdf`);
    expect((await receiptOf(downloaded))?.number).toBe(numberAt(seq + 2));
  });

  it('keeps documents append-only: a receipt number is given once, and nothing else changes', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const id = await order(u);
    await backgroundIdle();
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await ctx.database.db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message: string },
      );
      expect(err, 'the statement should be refused').not.toBeNull();
      expect(err!.cause?.message ?? err!.message).toMatch(/append-only/);
    };
    await refused(sql`update tax_documents set number = 'R-999999', seq = 999999 where shipment_id = ${id}`);
    await refused(sql`update tax_documents set total_cents = total_cents + 1 where shipment_id = ${id}`);
    await refused(sql`delete from tax_documents where shipment_id = ${id}`);
    // A receipt waiting for its number takes one only from number_receipts(), under the counter.
    const waiting = await unnumberedReceipt(id, 'VY-NUMBERBYHAND');
    await refused(sql`update tax_documents set number = 'R-999999', seq = 999999 where shipment_id = ${waiting}`);
    expect(rowsOf(await ctx.database.db.execute(sql`select number_receipts() as n`))[0]).toEqual({ n: 1 });
    expect((await receiptOf(waiting))?.number).toMatch(/^R-\d{6}$/);
  });
  it('holds every number to its series and seq, past the millionth document too', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    await backgroundIdle();
    // The series far along: the next number has seven digits, not cut to six.
    await ctx.database.db.execute(sql`update tax_document_counters set last_number = 999999 where series = 'R'`);
    const id = await order(u);
    await backgroundIdle();
    expect((await receiptOf(id))?.number).toBe('R-1000000');
    // A number set by hand, even with the numbering's own setting, must still be the series' and seq's.
    const waiting = await unnumberedReceipt(id, 'VY-NUMBERFORGED');
    const forged = await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('voyageur.numbering_receipts', 'on', true)`);
        await tx.execute(
          sql`update tax_documents set seq = 1000001, number = 'HACKED-1' where shipment_id = ${waiting}`,
        );
      })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message: string },
      );
    expect(forged?.cause?.message ?? forged?.message).toMatch(/tax_documents_number_check/);
    expect((await receiptOf(waiting))?.number).toBeNull();
  });
});

describe('migration 0042 on a database with numbered receipts', () => {
  it('goes on from the last number the previous release gave', async () => {
    const database = await databaseBefore('0042_receipts_numbered_after_commit');
    try {
      const userId = randomUUID();
      const receipt = (seq: number | null) =>
        `insert into tax_documents (kind, series, seq, number, user_id, issued_at, customer, total_cents)
         values ('receipt', 'R', ${seq ?? 'null'}, ${seq ? `'R-${String(seq).padStart(6, '0')}'` : 'null'},
                 '${userId}', now(), '{}'::jsonb, 0)`;
      await database.raw(async (tx) => {
        await tx.query(
          `insert into users (id, email, first_name, last_name) values ($1, 'old@example.com', 'Old', 'Receipts')`,
          [userId],
        );
        for (let i = 0; i < 3; i++) {
          const [{ n }] = (await tx.query(`select next_tax_document_number('R') as n`)) as [{ n: number }];
          await tx.exec(receipt(Number(n)));
        }
      });
      await database.raw((tx) => migrateInTransaction(tx));
      await database.raw(async (tx) => {
        await tx.exec(receipt(null));
        await tx.exec(receipt(null));
      });
      expect(rowsOf(await database.db.execute(sql`select number_receipts() as n`))[0]).toEqual({ n: 2 });
      const numbers = rowsOf<{ number: string }>(
        await database.db.execute(sql`select number from tax_documents order by seq`),
      ).map((r) => r.number);
      expect(numbers).toEqual(['R-000001', 'R-000002', 'R-000003', 'R-000004', 'R-000005']);
    } finally {
      await database.close();
    }
  });
});
