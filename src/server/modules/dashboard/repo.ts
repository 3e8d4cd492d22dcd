import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export type SpendRow = {
  day: string;
  carrier: string;
  orders: number;
  spendCents: number;
  /** The two parts of the spend: completed charges and the completed refunds of them. */
  chargedCents: number;
  refundedCents: number;
};

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
  const rows = rowsOf<{
    day: string;
    carrier: string;
    orders: string | number;
    spend: string | number | null;
    charged: string | number | null;
    refunded: string | number | null;
  }>(
    await db.execute(sql`
      with s as (
        select s.carrier, s.status,
          to_char((s.created_at at time zone 'America/Toronto')::date, 'YYYY-MM-DD') as day,
          m.charged, m.refunded, m.charged - m.refunded as net
        from shipments s
        cross join lateral (
          select
            coalesce(sum(t.amount_cents) filter (where t.type = 'shipping_charge' and t.direction = 'debit'), 0) as charged,
            coalesce(sum(t.amount_cents) filter (where t.type = 'refund' and t.direction = 'credit'), 0) as refunded
          from wallet_transactions t
          where t.shipment_id = s.id and t.user_id = s.user_id and t.status = 'completed'
        ) m
        where s.user_id = ${userId}
          ${lower}
          and s.created_at < ((${range.to}::date + 1)::timestamp at time zone 'America/Toronto')
      )
      select day, carrier, count(*) filter (where status not in ('failed', 'cancelled')) as orders, sum(net) as spend,
        sum(charged) as charged, sum(refunded) as refunded
      from s group by day, carrier order by day, carrier`),
  );
  return rows.map((r) => ({
    day: r.day,
    carrier: r.carrier,
    orders: Number(r.orders),
    spendCents: Number(r.spend ?? 0),
    chargedCents: Number(r.charged ?? 0),
    refundedCents: Number(r.refunded ?? 0),
  }));
}
