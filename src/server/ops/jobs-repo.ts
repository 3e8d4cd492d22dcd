/** The recurring jobs' statements (ops/jobs.ts): claims in job_runs and the prune-expired deletes. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Deletes what has expired for good, one statement per table, each answering how many rows it
 * removed: sessions and trusted devices past their end (`at`), used-up codes, reset links and sign-up
 * attempts, rate-limit windows and carrier calls older than `dayAgo`.
 */
export async function deleteExpiredRows(db: Db, at: string, dayAgo: string) {
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;
  return {
    sessions: await count(
      sql`with d as (delete from sessions where expires_at < ${at}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    verificationCodes: await count(
      sql`with d as (delete from verification_codes where expires_at < ${dayAgo}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    passwordResetTokens: await count(
      sql`with d as (delete from password_reset_tokens where expires_at < ${dayAgo}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    registrationAttempts: await count(
      sql`with d as (delete from registration_attempts where expires_at < ${dayAgo}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    trustedDevices: await count(
      sql`with d as (delete from trusted_devices where expires_at < ${at}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    rateLimits: await count(
      sql`with d as (delete from rate_limits where window_start < ${dayAgo}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
    carrierCalls: await count(
      sql`with d as (delete from carrier_calls where at < ${dayAgo}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
  };
}

/**
 * Claims the job's row for `instance` when its last run started at least `everyMs` ago (or never
 * ran), on the database's clock: true when this instance won it.
 */
export async function claimJobRun(db: Db, name: string, everyMs: number, instance: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
        insert into job_runs (name, started_at, claimed_by) values (${name}, now(), ${instance})
        on conflict (name) do update set started_at = now(), finished_at = null, claimed_by = excluded.claimed_by, last_error = null
        where job_runs.started_at <= now() - make_interval(secs => ${everyMs / 1000}::float8)
        returning name`),
  );
  return rows.length === 1;
}

/** Marks the instance's run of the job finished, with its error (null when it succeeded). */
export async function finishJobRun(db: Db, name: string, instance: string, error: string | null): Promise<void> {
  await db.execute(
    sql`update job_runs set finished_at = now(), last_error = ${error} where name = ${name} and claimed_by = ${instance}`,
  );
}
