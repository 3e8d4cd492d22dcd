/**
 * The kept job library (pg-boss 10, decision 026): queues with retries and backoff in the `pgboss`
 * schema of the app's database, on PostgreSQL and on PGlite alike, through `Database.executeSql`.
 * Jobs are fetched with FOR UPDATE SKIP LOCKED, so any number of instances run each job once.
 *
 * Besides the queues, "pumps" run every second on each working instance: small passes that feed the
 * queues from tables the app writes in its own transactions (the notification outbox).
 *
 * Started a second after the app is ready (pg-boss is imported then; `sendMany` and `runDue` start it
 * first) and stopped before the database closes (onClose): `stop` lets the jobs in hand finish
 * (graceful), the rest stay queued for the next start or another instance.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type QueueJob = { id: string; data: Record<string, unknown> };

export type QueueSpec = {
  name: string;
  /** Tries after the first (pg-boss's retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelaySeconds: number;
  handler(job: QueueJob): Promise<void>;
};

export type Pump = { name: string; run(queue: JobQueue): Promise<number> };

export type JobQueue = {
  /**
   * Queues many jobs, each with its id, in one statement; a job whose id is already queued in its
   * queue is not queued again.
   */
  sendMany(jobs: { queue: string; id: string; data: Record<string, unknown> }[]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Runs the pumps once, then every due job of every queue through pg-boss (fetch, run, complete or
   * fail) until none is due: what the workers do, on demand (tests, JOB_WORKERS=off). Answers how
   * many jobs ran.
   */
  runDue(): Promise<number>;
};

/**
 * Creates a queue unless it exists. Instances starting together on a fresh PostgreSQL database can
 * deadlock in pg-boss's create_queue (each attaches a partition to the job table while inserting
 * into the queue table): PostgreSQL aborts one, which tries again and finds the queue made.
 */
async function createQueueOnce(boss: PgBoss, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(options.name)) return;
      await boss.createQueue(options.name, options);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 100 * attempt));
    }
  }
}

/** pg-boss's own schema (created by pg-boss, not by our migrations; backups leave it out). */
const SCHEMA = 'pgboss';

/** PostgreSQL's codes for a concurrent create that lost (unique row, schema/table/type made, deadlock). */
const CREATE_RACE_CODES = new Set(['23505', '42P06', '42P07', '42710', '40P01']);

/**
 * Installs pg-boss's schema unless it is there. pg-boss does this itself at start behind an advisory
 * lock, but instances starting together on a fresh PostgreSQL database were seen to lose the race with
 * a unique violation on pg_namespace ('pgboss'), which pg-boss does not take for a race (it looks for
 * 'already exists' in the message) and which left that server unable to start. Here a lost race is
 * tried again: by then the winner's schema is there.
 */
async function installOnce(
  database: Pick<Database, 'executeSql'>,
  schema: string,
  PgBossClass: typeof PgBoss,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await database.executeSql(`SELECT to_regclass('${schema}.version') IS NOT NULL AS installed`);
      if (rows[0]?.installed === true) return;
      await database.executeSql(PgBossClass.getConstructionPlans(schema));
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || !code || !CREATE_RACE_CODES.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 100 * attempt));
    }
  }
}

/**
 * How often an idle worker asks for due jobs. On PostgreSQL every second: another instance may have
 * queued one. On the embedded database only this process queues jobs, and `sendMany` wakes the queue's
 * worker at once, so polling only catches retries that came due (and each poll is a statement on the
 * request thread).
 */
const POLL_SECONDS = { postgres: 1, pglite: 5 } as const;
const PUMP_EVERY_MS = 1_000;
/**
 * Jobs a queue's worker takes at once (one statement to fetch them, one to complete them): a burst of
 * receipts took two statements a mail, one of them planned afresh each time (decision 057). pg-boss's
 * fetch is its costliest statement (~3 ms under the orders' load, planned afresh at every call):
 * 20 at a time instead of 5 raised the orders over HTTP from 147–154 to 154–180/s and took their p99
 * from 324–349 to 224–279 ms, four interleaved runs each (decision 058); 50 did no better. A graceful
 * stop waits for the jobs in hand, a few milliseconds each.
 */
const WORK_BATCH = 20;

export function createJobQueue(opts: {
  database: Database;
  log: Log;
  /** Whether this instance polls the queues and runs the pumps on a timer. */
  workers: boolean;
  queues: QueueSpec[];
  pumps: Pump[];
}): JobQueue {
  const { log } = opts;
  // pg-boss completes a worked job without awaiting it (manager.js: `this.complete(...)` after the
  // handler), so its graceful stop can return while that statement is still on its way. Each of
  // pg-boss's statements is kept until it settles; `stop` waits for them before the database may
  // close. After the stop, pg-boss gets no database: a job whose handler outlived the stop's timeout
  // is left active, and pg-boss runs it again once its lock expires (handlers are idempotent).
  const inFlight = new Set<Promise<unknown>>();
  let detached = false;
  const executeSql: Database['executeSql'] = (text, values) => {
    if (detached) return new Promise(() => undefined);
    const p = opts.database.executeSql(text, values);
    inFlight.add(p);
    void p.then(
      () => inFlight.delete(p),
      () => inFlight.delete(p),
    );
    return p;
  };
  // pg-boss is loaded and made when the queue starts (a second after the app is ready): its import
  // (with node-postgres, which it brings) is start-up time no request needs (issue 26).
  let boss!: PgBoss;
  const makeBoss = async () => {
    const { default: PgBossClass } = await import('pg-boss');
    boss = new PgBossClass({
      db: { executeSql },
      schema: SCHEMA,
      migrate: true,
      // Maintenance (expiry, archiving) and the state monitor only where jobs are worked.
      supervise: opts.workers,
      schedule: false,
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    return PgBossClass;
  };
  let started: Promise<void> | undefined;
  let stopped = false;
  let pumpTimer: NodeJS.Timeout | undefined;
  let pumping: Promise<unknown> | undefined;
  let stopping: Promise<void> | undefined;
  /** Each queue's worker on this instance, to wake when a job is queued here. */
  const workerIds = new Map<string, string>();

  const runPumps = async (): Promise<number> => {
    let moved = 0;
    for (const pump of opts.pumps) {
      try {
        moved += await pump.run(queue);
      } catch (err) {
        log.error({ err, pump: pump.name }, 'job pump failed');
      }
    }
    return moved;
  };

  const schedulePumps = () => {
    pumpTimer = setTimeout(() => {
      pumping = runPumps().finally(() => {
        pumping = undefined;
        if (!stopped) schedulePumps();
      });
    }, PUMP_EVERY_MS);
    pumpTimer.unref();
  };

  const queue: JobQueue = {
    async sendMany(jobs) {
      if (jobs.length === 0) return;
      await queue.start();
      // Due a second back by the database's clock: pg-boss fetches start_after < now() (strict), and
      // PGlite's clock can read the same millisecond for the insert and the next fetch.
      await boss.insert(jobs.map((j) => ({ name: j.queue, id: j.id, data: j.data, startAfter: '-1 second' })));
      for (const name of new Set(jobs.map((j) => j.queue))) {
        const worker = workerIds.get(name);
        if (worker) boss.notifyWorker(worker);
      }
    },
    start() {
      // Never after a stop (a delayed start that fires during shutdown).
      if (stopped && !started) return Promise.resolve();
      return (started ??= (async () => {
        await installOnce(opts.database, SCHEMA, await makeBoss());
        await boss.start();
        for (const q of opts.queues) {
          await createQueueOnce(boss, {
            name: q.name,
            policy: 'standard',
            retryLimit: q.retryLimit,
            retryDelay: q.retryDelaySeconds,
            retryBackoff: true,
          });
          if (opts.workers) {
            const workerId = await boss.work<Record<string, unknown>>(
              q.name,
              { pollingIntervalSeconds: POLL_SECONDS[opts.database.kind], batchSize: WORK_BATCH },
              async (jobs) => {
                // A job found: ask again at once when it is done (pg-boss otherwise waits a whole
                // polling interval after each job, so a burst of 1,000 receipts took one a second).
                const again = workerIds.get(q.name);
                if (again) boss.notifyWorker(again);
                for (const job of jobs) {
                  try {
                    await q.handler({ id: job.id, data: job.data });
                  } catch (err) {
                    log.error({ err, queue: q.name, jobId: job.id }, 'job failed; retried later');
                    // Alone, pg-boss marks the job failed (retried after its backoff). In a batch this
                    // job alone is marked so, here, and the rest go on; pg-boss then completes the
                    // batch's jobs still active, which leaves this one to its retry.
                    if (jobs.length === 1) throw err;
                    await boss.fail(q.name, job.id, { message: err instanceof Error ? err.message : String(err) });
                  }
                }
              },
            );
            workerIds.set(q.name, workerId);
          }
        }
        if (opts.workers) schedulePumps();
      })());
    },
    stop() {
      // Once: a second caller (drain, then close) waits for the same stop.
      return (stopping ??= (async () => {
        stopped = true;
        clearTimeout(pumpTimer);
        await pumping;
        if (!started) return;
        await started.catch(() => undefined);
        // A start that failed before pg-boss was made has nothing to stop.
        await (boss as PgBoss | undefined)?.stop({ graceful: true, wait: true, timeout: 8_000, close: false });
        // The completions pg-boss sent without waiting (see executeSql above), then no more.
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        detached = true;
      })());
    },
    async runDue() {
      await queue.start();
      await runPumps();
      let ran = 0;
      for (;;) {
        let found = 0;
        for (const q of opts.queues) {
          const jobs = await boss.fetch<Record<string, unknown>>(q.name, { batchSize: 10 });
          for (const job of jobs) {
            found++;
            try {
              await q.handler({ id: job.id, data: job.data });
              await boss.complete(q.name, job.id);
            } catch (err) {
              await boss.fail(q.name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        }
        ran += found;
        if (found === 0) return ran;
      }
    },
  };
  return queue;
}
