import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../src/server/ops/job-queue';
import type { Database } from '../../src/server/db/client';
import { createTestApp, testDbKind, type TestContext } from './helpers/test-app';

const quiet = { info: () => undefined, error: () => undefined };

/*
 * A job that finishes as the process stops: pg-boss sends its completion without awaiting it, so the
 * stop must wait for that statement before the caller closes the database (a SIGTERM during a job
 * once crashed the process with "Cannot use a pool after calling end on the pool").
 */
describe(`job queue: bursts and stops (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('works a burst of jobs back to back, not one per polling interval', async () => {
    const name = `burst-test-${Date.now()}`;
    let done = 0;
    const queue = createJobQueue({
      database: ctx.database,
      log: quiet,
      workers: true,
      pumps: [],
      queues: [{ name, retryLimit: 0, retryDelaySeconds: 1, handler: async () => void done++ }],
    });
    await queue.start();
    try {
      for (let i = 0; i < 10; i++) await queue.sendMany([{ queue: name, id: crypto.randomUUID(), data: { n: i } }]);
      // The workers poll every 5 s on PGlite (1 s on PostgreSQL): ten jobs one per poll would take 10 s
      // or more; asked again after each job they are all done well inside one interval.
      await expect.poll(() => done, { timeout: 4_000 }).toBe(10);
    } finally {
      await queue.stop();
    }
  });

  it('takes jobs queued together in a batch: one failing job is retried alone, the rest complete once', async () => {
    const name = `batch-test-${Date.now()}`;
    const runs = new Map<number, number>();
    const queue = createJobQueue({
      database: ctx.database,
      log: quiet,
      workers: true,
      pumps: [],
      queues: [
        {
          name,
          retryLimit: 1,
          retryDelaySeconds: 1,
          handler: async (job) => {
            const n = Number(job.data.n);
            runs.set(n, (runs.get(n) ?? 0) + 1);
            // Job 2 fails the first time only.
            if (n === 2 && runs.get(n) === 1) throw new Error('mail server said no');
          },
        },
      ],
    });
    await queue.start();
    try {
      const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
      await queue.sendMany(ids.map((id, n) => ({ queue: name, id, data: { n } })));
      // Queued again under the same ids (another instance's pump): nothing more runs.
      await queue.sendMany(ids.map((id, n) => ({ queue: name, id, data: { n } })));
      // The retry comes after its backoff (a second or two), then every job has run to completion.
      const states = async () =>
        (
          await ctx.database.executeSql(
            `select state, count(*)::int as n from pgboss.job where name = $1 group by state order by state`,
            [name],
          )
        ).rows;
      await expect.poll(states, { timeout: 15_000, interval: 250 }).toEqual([{ state: 'completed', n: 5 }]);
      expect([...runs.entries()].sort((a, b) => a[0] - b[0])).toEqual([
        [0, 1],
        [1, 1],
        [2, 2],
        [3, 1],
        [4, 1],
      ]);
    } finally {
      await queue.stop();
    }
  });

  it('lets the completion of a job that ends during the stop land before it returns', async () => {
    let completionLanded = false;
    // The completion is held back 300 ms on its way to the database, as on a busy server.
    const slowCompletions: Database = {
      ...ctx.database,
      executeSql: async (text, values) => {
        const isCompletion = /state\s*=\s*'completed'/i.test(text) && /update/i.test(text);
        if (isCompletion) await new Promise((r) => setTimeout(r, 300));
        const result = await ctx.database.executeSql(text, values);
        if (isCompletion) completionLanded = true;
        return result;
      },
    };
    let release!: () => void;
    const handled = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const name = `stop-test-${Date.now()}`;
    const queue = createJobQueue({
      database: slowCompletions,
      log: quiet,
      workers: true,
      pumps: [],
      queues: [
        {
          name,
          retryLimit: 2,
          retryDelaySeconds: 1,
          handler: async () => {
            started();
            await handled;
          },
        },
      ],
    });
    await queue.start();
    const id = crypto.randomUUID();
    await queue.sendMany([{ queue: name, id, data: { n: 1 } }]);
    await running;
    const stopping = queue.stop();
    release();
    await stopping;
    expect(completionLanded).toBe(true);
    const { rows } = await ctx.database.executeSql(`select state from pgboss.job where id = $1`, [id]);
    expect(rows[0]?.state).toBe('completed');
  });
});
