import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { carrierCalls } from '../../db/schema/carriers';

export type NewCarrierCallRow = typeof carrierCalls.$inferInsert;

/** Each carrier's last recorded call. */
export type LastCallRow = {
  carrier: string;
  mode: string;
  operation: string;
  ok: boolean;
  latency_ms: number;
  error_reason: string | null;
  at: string | Date;
};
/** Each carrier's calls and failed calls over the last hour. */
export type HourRow = { carrier: string; calls: number; errors: number };

/** Writes a batch of recorded calls in one INSERT. */
export async function insertCarrierCalls(db: Db, rows: NewCarrierCallRow[]): Promise<void> {
  await db.insert(carrierCalls).values(rows);
}

export async function lastCarrierCalls(db: Db): Promise<LastCallRow[]> {
  return rowsOf<LastCallRow>(
    await db.execute(sql`
      select distinct on (carrier) carrier, mode, operation, ok, latency_ms, error_reason, at
      from carrier_calls
      order by carrier, at desc, id desc`),
  );
}

/** The last hour on the database's clock (the same for every instance). */
export async function carrierCallsLastHour(db: Db): Promise<HourRow[]> {
  return rowsOf<HourRow>(
    await db.execute(sql`
      select carrier, count(*)::int as calls, count(*) filter (where not ok)::int as errors
      from carrier_calls
      where at >= now() - interval '1 hour'
      group by carrier`),
  );
}
