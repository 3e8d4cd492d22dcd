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

/**
 * Writes a batch of recorded calls in one INSERT, the rows as one jsonb parameter: a batch holds up
 * to 200 rows (each the calls alike of about a second, migration 0040), and drizzle's builder took
 * ~3 ms to lay out 1,600 parameters (issue 26). A row without `at` is stamped by the database, as
 * the column's default would.
 */
export async function insertCarrierCalls(db: Db, rows: NewCarrierCallRow[]): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((r) => ({
    carrier: r.carrier,
    mode: r.mode,
    operation: r.operation,
    ok: r.ok,
    latency_ms: r.latencyMs,
    error_reason: r.errorReason ?? null,
    at: r.at ? r.at.toISOString() : null,
    calls: r.calls ?? 1,
  }));
  await db.execute(sql`
    insert into carrier_calls (carrier, mode, operation, ok, latency_ms, error_reason, at, calls)
    select c.carrier, c.mode, c.operation, c.ok, c.latency_ms, c.error_reason, coalesce(c.at, now()), c.calls
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as c(carrier text, mode text, operation text,
         ok boolean, latency_ms integer, error_reason text, at timestamptz, calls integer)`);
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
      select carrier, sum(calls)::int as calls, coalesce(sum(calls) filter (where not ok), 0)::int as errors
      from carrier_calls
      where at >= now() - interval '1 hour'
      group by carrier`),
  );
}
