import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export type SpendRow = { day: string; carrier: string; orders: number; spendCents: number };

/**
 * The user's shipments created between the Toronto days `from` (null: since the beginning) and
 * `to` inclusive, grouped by Toronto day and carrier: orders (failed and voided ones excluded) and net spend
 * (each shipment's completed charges less its completed refunds, whenever those were written).
 */
export async function spendByDayAndCarrier(
  db: Db,
  userId: string,
  range: { from: string | null; to: string },
): Promise<SpendRow[]> {
  const lower = range.from
    ? sql`and s.created_at >= (${range.from}::date::timestamp at time zone 'America/Toronto')`
    : sql``;
  const rows = rowsOf<{ day: string; carrier: string; orders: string | number; spend: string | number | null }>(
    await db.execute(sql`
      with s as (
        select s.carrier, s.status,
          to_char((s.created_at at time zone 'America/Toronto')::date, 'YYYY-MM-DD') as day,
          coalesce((
            select sum(case when t.direction = 'debit' then t.amount_cents else -t.amount_cents end)
            from wallet_transactions t
            where t.shipment_id = s.id and t.user_id = s.user_id and t.status = 'completed'
              and ((t.type = 'shipping_charge' and t.direction = 'debit') or (t.type = 'refund' and t.direction = 'credit'))
          ), 0) as net
        from shipments s
        where s.user_id = ${userId}
          ${lower}
          and s.created_at < ((${range.to}::date + 1)::timestamp at time zone 'America/Toronto')
      )
      select day, carrier, count(*) filter (where status not in ('failed', 'cancelled')) as orders, sum(net) as spend
      from s group by day, carrier order by day, carrier`),
  );
  return rows.map((r) => ({
    day: r.day,
    carrier: r.carrier,
    orders: Number(r.orders),
    spendCents: Number(r.spend ?? 0),
  }));
}
