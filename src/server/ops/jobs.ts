/**
 * Recurring jobs, safe with any number of instances: each tick an instance tries to claim a job's
 * row in job_runs (one conditional upsert, on the database's clock); only the instance whose claim
 * succeeds runs the job, so it runs once per interval across all of them. A run is tracked by the
 * lifecycle (a clean shutdown lets it finish); a run cut off by a crash is simply due again after
 * its interval, so jobs must be safe to repeat (the order-recovery job of the orders issue is).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Lifecycle } from './lifecycle';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type Job = {
  name: string;
  everyMs: number;
  run(ctx: { db: Db; now: Date; log: Log }): Promise<Record<string, number> | void>;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Deletes what has expired for good: sessions, used-up codes and reset links, finished rate-limit
 * windows, carrier calls older than a day (the admin's carriers view reads the last hour).
 */
export const pruneExpired: Job = {
  name: 'prune-expired',
  everyMs: HOUR,
  async run({ db, now }) {
    const dayAgo = new Date(now.getTime() - DAY).toISOString();
    const at = now.toISOString();
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
  },
};

export const defaultJobs: Job[] = [pruneExpired];

export type JobRunner = {
  /** One pass: claim and run every due job (also what the timer calls). */
  tick(): Promise<void>;
  stop(): void;
};

export function startJobs(opts: {
  db: Db;
  clock: Clock;
  log: Log;
  lifecycle: Lifecycle;
  jobs?: Job[];
  /** How often to look for due jobs; 0 = only when tick() is called (tests). */
  tickMs?: number;
  instance?: string;
}): JobRunner {
  const { db, log, lifecycle } = opts;
  const jobs = opts.jobs ?? defaultJobs;
  const instance = opts.instance ?? `${os.hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const claim = async (job: Job): Promise<boolean> => {
    const rows = rowsOf(
      await db.execute(sql`
        insert into job_runs (name, started_at, claimed_by) values (${job.name}, now(), ${instance})
        on conflict (name) do update set started_at = now(), finished_at = null, claimed_by = excluded.claimed_by, last_error = null
        where job_runs.started_at <= now() - make_interval(secs => ${job.everyMs / 1000}::float8)
        returning name`),
    );
    return rows.length === 1;
  };

  const runOne = async (job: Job) => {
    if (stopped || lifecycle.draining || !(await claim(job))) return;
    const started = Date.now();
    let error: string | null = null;
    try {
      const counts = await job.run({ db, now: opts.clock.now(), log });
      log.info({ job: job.name, ms: Date.now() - started, ...counts }, 'job finished');
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'job failed');
    }
    await db.execute(
      sql`update job_runs set finished_at = now(), last_error = ${error} where name = ${job.name} and claimed_by = ${instance}`,
    );
  };

  let running: Promise<void> | undefined;
  const tick = () =>
    (running ??= lifecycle
      .track('jobs', async () => {
        for (const job of jobs) {
          try {
            await runOne(job);
          } catch (err) {
            log.error({ err, job: job.name }, 'job claim failed');
          }
        }
      })
      .finally(() => (running = undefined)));

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  lifecycle.onDrain(stop);
  if (opts.tickMs) {
    const schedule = () => {
      // A little jitter keeps instances started together from knocking on the same row each time.
      timer = setTimeout(
        () => {
          void tick().finally(() => {
            if (!stopped) schedule();
          });
        },
        opts.tickMs! * (0.8 + Math.random() * 0.4),
      );
      timer.unref();
    };
    schedule();
  }
  return { tick, stop };
}
