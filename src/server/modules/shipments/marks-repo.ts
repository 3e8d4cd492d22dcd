/**
 * Marks in a user's shipments, newest-first list (migration 0037, decision 054): the key of every
 * MARK_EVERY-th shipment counted from the oldest, so a deep page seeks the index to the nearest mark
 * below it and skips fewer than MARK_EVERY rows, instead of every row before it.
 *
 * Marks are read with the count (one statement) and added after the answer (marks.ts), in short
 * steps (MARKS_PER_STEP a transaction), so no request waits for them and none stalls the embedded
 * database for long. The triggers of migration 0037 delete the marks a write moves.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { shipments } from '../../db/schema/orders';

/** A mark every this many shipments, counted from the oldest. */
export const MARK_EVERY = 1000;
/** Marks added by one transaction: a step reads at most this many × MARK_EVERY index entries. */
const MARKS_PER_STEP = 10;

/** The key of the shipment at `position` from the oldest; created_at in PostgreSQL's text (microseconds kept). */
export type ShipmentMark = { position: number; createdAt: string; id: string };

/**
 * The user's kept number of shipments and, in the same statement, the nearest mark at or below
 * total − end from the oldest. `end` is the page's offset + limit: the page's oldest row is the
 * (total − end + 1)-th oldest, so such a mark leaves only rows of that page or newer after it.
 */
export async function countWithMark(
  db: Db,
  userId: string,
  end: number,
): Promise<{ total: number; mark: ShipmentMark | null }> {
  type Raw = { total: number | string; position: number | string | null; created_at: string | null; id: string | null };
  const [row] = rowsOf<Raw>(
    await db.execute(sql`
    select c.shipments as total, m.position, m.created_at::text as created_at, m.id::text as id
    from shipment_counts c
    left join lateral (
      select k.position, k.created_at, k.id from shipment_marks k
      where k.user_id = c.user_id and k.position <= c.shipments - ${end}::bigint
      order by k.position desc limit 1
    ) m on true
    where c.user_id = ${userId}`),
  );
  if (!row) return { total: 0, mark: null };
  const mark =
    row.position === null || row.created_at === null || row.id === null
      ? null
      : { position: Number(row.position), createdAt: row.created_at, id: row.id };
  return { total: Number(row.total), mark };
}

/** Shipments after `mark` (older-first order): a seek in the (user_id, created_at, id) index. */
export function afterMark(mark: ShipmentMark): SQL {
  return sql`(${shipments.createdAt}, ${shipments.id}) > (${mark.createdAt}::timestamptz, ${mark.id}::uuid)`;
}

/**
 * Adds the user's marks up to `upTo` rows from the oldest, from the highest mark kept, in steps of
 * MARKS_PER_STEP. Each step locks the user's shipment_counts row FOR SHARE first: a write of the
 * user's shipments holds it until it commits, so the marks are read from committed rows only, and a
 * write that waited deletes the marks it moves (migration 0037).
 */
export async function addMarks(
  db: Db,
  userId: string,
  upTo: number,
  opts: { stop?: () => boolean } = {},
): Promise<void> {
  for (;;) {
    const added = await db.transaction(async (tx) => {
      const [counted] = rowsOf<{ n: number | string }>(
        await tx.execute(sql`select shipments as n from shipment_counts where user_id = ${userId} for share`),
      );
      const limit = Math.min(upTo, Number(counted?.n ?? 0));
      // The highest mark kept (marks are a prefix: a write drops the marks above what it moves).
      const [top] = rowsOf<{ position: number | string; created_at: string; id: string }>(
        await tx.execute(sql`
        select position, created_at::text as created_at, id::text as id from shipment_marks
        where user_id = ${userId} order by position desc limit 1`),
      );
      const base = top ? Number(top.position) : 0;
      const take = Math.min(limit - base, MARK_EVERY * MARKS_PER_STEP);
      if (take < MARK_EVERY) return 0;
      const after = top ? sql`and (s.created_at, s.id) > (${top.created_at}::timestamptz, ${top.id}::uuid)` : sql``;
      return rowsOf<{ position: number | string }>(
        await tx.execute(sql`
        insert into shipment_marks (user_id, position, created_at, id)
        select ${userId}::uuid, ${base}::bigint + t.n, t.created_at, t.id
        from (
          select x.created_at, x.id, row_number() over (order by x.created_at, x.id) as n
          from (
            select s.created_at, s.id from shipments s
            where s.user_id = ${userId} ${after}
            order by s.created_at, s.id
            limit ${take}
          ) x
        ) t
        where t.n % ${MARK_EVERY} = 0
        on conflict do nothing
        returning position`),
      ).length;
    });
    if (added < MARKS_PER_STEP || opts.stop?.()) return;
    // The next step after other work had its turn (the embedded database runs on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
