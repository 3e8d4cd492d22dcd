/**
 * Recurring jobs, safe with any number of instances: each tick an instance tries to claim a job's
 * row in job_runs (one conditional upsert, on the database's clock); only the instance whose claim
 * succeeds runs the job, so it runs once per interval across all of them. A run is tracked by the
 * lifecycle (a clean shutdown lets it finish); a run cut off by a crash is simply due again after
 * its interval, so jobs must be safe to repeat (the order-recovery job of the orders issue is).
 */
import os from 'node:os';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Lifecycle } from './lifecycle';
import { claimJobRun, deleteExpiredRows, finishJobRun } from './jobs-repo';

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
    return deleteExpiredRows(db, now.toISOString(), dayAgo);
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

  const claim = (job: Job): Promise<boolean> => claimJobRun(db, job.name, job.everyMs, instance);

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
    await finishJobRun(db, job.name, instance, error);
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
