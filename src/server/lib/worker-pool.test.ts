import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { parseShipmentDescription } from '../providers/ai/rules/roles';
import { AppError } from './errors';
import { createWorkerPool, defaultPoolSize, spreadOverIdle, TaskTimeLimitError, type WorkerPool } from './worker-pool';

const pools: WorkerPool[] = [];
const pool = (opts: Parameters<typeof createWorkerPool>[0] = {}) => {
  const p = createWorkerPool(opts);
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const TEXT = 'Receiver information: Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2, 416 555 0134';

describe('worker pool', () => {
  it('sizes itself to the cores but one, at least two threads (one account runs at most half)', () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(2);
    expect(pool().stats()).toMatchObject({ size: defaultPoolSize(), maxQueue: 64, threads: 0, queued: 0 });
  });

  it('runs a named task on a worker thread and answers what the function answers', async () => {
    const workers = pool({ size: 1 });
    expect(await workers.runTask('parseShipmentDescription', TEXT)).toEqual(parseShipmentDescription(TEXT));
    expect(workers.stats().threads).toBe(1);
  });

  it('keeps the calling thread free while tasks run', async () => {
    const workers = pool({ size: 1 });
    await workers.runTask('parseShipmentDescription', 'warm up');
    // About a second of parsing in all (the reading is linear; the pool does not cap the length).
    const long = `Extract the address fields from this text: ${'Rachel Green, 90 Bedford Rd, Toronto\n'.repeat(2500)}`;
    const started = performance.now();
    parseShipmentDescription(long);
    const inlineMs = performance.now() - started;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await Promise.all([1, 2, 3].map(() => workers.runTask('parseShipmentDescription', long)));
    delay.disable();
    const worstStallMs = delay.max / 1e6;
    // Inline, the same work would stall this thread ~3 x inlineMs; on the pool only cloning the text and result does.
    expect(worstStallMs, `inline parse ${inlineMs.toFixed(0)} ms`).toBeLessThan(Math.max(100, inlineMs / 2));
  });

  it('refuses work with 503 SERVER_BUSY and Retry-After when its queue is full, and still does the queued work', async () => {
    const workers = pool({ size: 1, maxQueue: 2, retryAfterSeconds: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => workers.runTask('parseShipmentDescription', TEXT)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      const err = (r as PromiseRejectedResult).reason as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.statusCode).toBe(503);
      expect(err.code).toBe('SERVER_BUSY');
      expect(err.headers).toEqual({ 'retry-after': '3' });
    }
    for (const r of done) expect((r as PromiseFulfilledResult<unknown>).value).toEqual(parseShipmentDescription(TEXT));
  });

  it('ends its threads on close and starts them again for a later task', async () => {
    const workers = pool({ size: 1 });
    await workers.runTask('parseShipmentDescription', TEXT);
    expect(workers.stats().threads).toBe(1);
    await workers.close();
    expect(workers.stats().threads).toBe(0);
    expect(await workers.runTask('parseShipmentDescription', TEXT)).toEqual(parseShipmentDescription(TEXT));
  });

  it("times a task from when a thread begins it: a wait in the queue or a new thread's start does not count", async () => {
    const workers = pool({ size: 1 });
    const long = `Extract the address fields from this text: ${'Rachel Green, 90 Bedford Rd, Toronto\n'.repeat(1500)}`;
    // The first task starts the thread (loading the parser is not the task's time); then a long task
    // holds the only thread while a short one waits behind it, far longer than its 100 ms limit.
    const [, short] = await Promise.all([
      workers.runTask('parseShipmentDescription', long),
      workers.runTask('parseShipmentDescription', TEXT, { timeLimitMs: 100 }),
    ]);
    expect(short).toEqual(parseShipmentDescription(TEXT));
  });

  it('stops a task that runs past its time limit with a TaskTimeLimitError, and the pool goes on', async () => {
    const workers = pool({ size: 1 });
    await workers.runTask('parseShipmentDescription', 'warm up');
    const long = `Extract the address fields from this text: ${'Rachel Green, 90 Bedford Rd, Toronto\n'.repeat(2500)}`;
    const started = performance.now();
    await expect(workers.runTask('parseShipmentDescription', long, { timeLimitMs: 20 })).rejects.toBeInstanceOf(
      TaskTimeLimitError,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await workers.runTask('parseShipmentDescription', TEXT, { timeLimitMs: 5000 })).toEqual(
      parseShipmentDescription(TEXT),
    );
  });

  it('answers 503 SERVER_BUSY when a timed task waits in the queue past its queue limit', async () => {
    const workers = pool({ size: 1 });
    const long = `Extract the address fields from this text: ${'Rachel Green, 90 Bedford Rd, Toronto\n'.repeat(2500)}`;
    const [, waiting] = await Promise.allSettled([
      workers.runTask('parseShipmentDescription', long),
      workers.runTask('parseShipmentDescription', TEXT, { timeLimitMs: 1000, queueLimitMs: 10 }),
    ]);
    expect(waiting.status).toBe('rejected');
    expect((waiting as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY' });
  });

  it("shares the threads fairly: another account's task stays under 2x its time alone while one account floods", async () => {
    // A queue long enough for the whole flood: no loop is refused (a refused client would wait and retry).
    const workers = pool({ size: 1, maxQueue: 128 });
    // A task of some milliseconds (about 9,600 characters): the thread's fixed costs (messages, timers)
    // are small beside it, so the figures measure the queue's order rather than the machine's jitter.
    const text = `Ship to: ${'Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2\n'.repeat(200)}`;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const timed = async (account: string) => {
      const t0 = performance.now();
      await workers.runTask('parseShipmentDescription', text, { account });
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await timed('bob'); // the thread started and warm
    const alone: number[] = [];
    for (let i = 0; i < 11; i++) alone.push(await timed('bob'));
    // Forty loops from one account, each running the same task back to back (a refused one retries).
    let flooding = true;
    let floodDone = 0;
    const loops = Array.from({ length: 40 }, async () => {
      while (flooding) {
        try {
          await workers.runTask('parseShipmentDescription', text, { account: 'alice' });
          floodDone++;
        } catch {
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    });
    while (workers.stats().queued < 10) await new Promise((resolve) => setImmediate(resolve));
    const during: number[] = [];
    for (let i = 0; i < 11; i++) during.push(await timed('bob'));
    flooding = false;
    await Promise.all(loops);
    expect(floodDone).toBeGreaterThan(7);
    expect(
      median(during),
      `alone ${alone.map((x) => x.toFixed(0)).join(', ')} ms; during the flood ${during.map((x) => x.toFixed(0)).join(', ')} ms`,
    ).toBeLessThan(2 * median(alone));
  }, 60_000);

  it('lets one account run at most its share of the threads, and queue at most half the queue', async () => {
    const workers = pool({ size: 2, maxQueue: 8 });
    const runs = Array.from({ length: 12 }, () =>
      workers.runTask('parseShipmentDescription', TEXT, { account: 'alice' }).then(
        () => 'done',
        (err: AppError) => err.code,
      ),
    );
    // One of two threads (perAccountLimit 1), four waiting (half of 8): the other seven refused at once.
    expect(workers.stats()).toMatchObject({ running: 1, queued: 4 });
    expect(await workers.runTask('parseShipmentDescription', TEXT, { account: 'bob' })).toEqual(
      parseShipmentDescription(TEXT),
    );
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'SERVER_BUSY')).toHaveLength(7);
  }, 60_000);

  it('gives tasks to the idle threads in turn, so every thread is warm when one account floods another', async () => {
    const workers = pool({ size: 2, filename: new URL('./worker-pool.fixture.mjs', import.meta.url).href });
    // One task at a time: piscina's own balancer gave each to the first idle thread, and the other stayed cold.
    const threads: number[] = [];
    for (let i = 0; i < 6; i++)
      threads.push((await workers.runTask('parseShipmentDescription', TEXT)) as unknown as number);
    expect(new Set(threads).size).toBe(2);
    expect(threads.slice(2)).toEqual([threads[0], threads[1], threads[0], threads[1]]);
  });

  it('spreadOverIdle picks the idle thread given a task least recently, and none while all are busy', () => {
    const balance = spreadOverIdle();
    const worker = (id: number, currentUsage = 0) =>
      ({ id, currentUsage, terminating: false, destroyed: false }) as unknown as Parameters<typeof balance>[1][number];
    const task = {} as Parameters<typeof balance>[0];
    expect(balance(task, [worker(1), worker(2)])?.id).toBe(1);
    expect(balance(task, [worker(1), worker(2)])?.id).toBe(2);
    expect(balance(task, [worker(1), worker(2)])?.id).toBe(1);
    expect(balance(task, [worker(1, 1), worker(2)])?.id).toBe(2);
    expect(balance(task, [worker(1, 1), worker(2, 1)])).toBeNull();
    // A thread that replaced another (a task stopped at its time limit) is new: it goes first.
    expect(balance(task, [worker(2), worker(3)])?.id).toBe(3);
  });

  it('rejects a task name it does not know', async () => {
    const workers = pool({ size: 1 });
    await expect(workers.runTask('noSuchTask' as 'parseShipmentDescription', TEXT)).rejects.toThrow(
      'Unknown worker task "noSuchTask"',
    );
  });
});
