/**
 * A kept pool of worker threads (piscina) for CPU-heavy work, so that one slow request cannot stall
 * every other request on the event loop. Usage:
 *
 *   const workers = createWorkerPool();                     // one per server (deps.providers.workers)
 *   const result = await workers.runTask('parseShipmentDescription', text);
 *   await workers.close();                                   // on app close (app.ts onClose hook)
 *
 * Tasks are the named functions in worker-tasks.ts (typed: input and result follow the function);
 * add one there to run it off the request thread. Inputs and results cross threads by structured
 * clone (plain data, no functions or class instances).
 *
 * Size: one thread per core but one (at least two), leaving a core to the request thread, and the
 * threads run at a lower CPU priority (nice +10) than the request thread. The queue
 * is bounded: when `maxQueue` tasks already wait for a thread, runTask fails at once with a 503
 * SERVER_BUSY AppError carrying Retry-After instead of queueing without bound.
 *
 * Fair between accounts (issue 26, decision 030): a task may name its `account` (the user it is
 * for). At most `size` tasks are handed to piscina at once; the others wait in the pool's own queue,
 * one line per account, served in turn (round robin), and one account has at most
 * `perAccountLimit` tasks running. So forty label prints from one shop wait behind each other, while
 * another shop's label or parse is served at the next free thread. One account may hold at most
 * `maxQueuePerAccount` waiting tasks (default half of maxQueue): a flood is refused with 503 before
 * it fills the queue that other accounts need. Tasks without an account share one line.
 *
 * Idle threads take tasks in turn (`spreadOverIdle`), not the first idle one each time: each thread's
 * code is then optimised by the work it sees. Given to the first idle thread, a server's labels all
 * went to one thread; when an account flooded it, another account's label ran on the cold thread at
 * ~4x its usual time (1.5–2.5 ms against 0.4; issue 26).
 *
 * Threads start on the first task (a server that never parses never starts any) and stay up.
 * Works from the TypeScript sources (tsx, vitest: worker-tasks.dev.mjs registers tsx in each thread)
 * and from the esbuild bundle (scripts/build.mjs emits dist/server/worker.js next to main.js).
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { ErrorCode } from '../../shared/errors';
import { AppError } from './errors';
import type { TaskInput, TaskMessage, TaskName, TaskOutput } from './worker-tasks';

export type WorkerPoolOptions = {
  /** Threads; default: available cores minus one, at least one. */
  size?: number;
  /** Tasks that may wait for a thread before runTask answers 503 SERVER_BUSY; default 64. */
  maxQueue?: number;
  /** Tasks one account may have running at once; default half the threads, at least one. */
  perAccountLimit?: number;
  /** Tasks one account may have waiting; default half of maxQueue, at least one. */
  maxQueuePerAccount?: number;
  /** Seconds a refused client is told to wait (Retry-After); default 1. */
  retryAfterSeconds?: number;
  /** How much lower the threads' CPU priority is than the request thread's (nice); default 10. */
  niceIncrement?: number;
  /** The worker entry (a file URL); default: worker.js beside the bundle, worker-tasks.dev.mjs from sources. */
  filename?: string;
  log?: { error(obj: object, msg: string): void };
};

export type WorkerPoolStats = {
  size: number;
  maxQueue: number;
  threads: number;
  /** Tasks waiting: in the fair queue and in piscina's. */
  queued: number;
  /** Tasks handed to piscina (running, or starting on a new thread). */
  running: number;
};

export type RunOptions = {
  signal?: AbortSignal;
  /** Whose work this is (a user id): tasks are shared fairly between accounts. */
  account?: string;
  /**
   * The longest the task may run once a thread has begun it; past it the thread is stopped and
   * runTask rejects with a TaskTimeLimitError. Its wait in the queue does not count (on a busy
   * server, or while a new thread loads its code, the wait is the server's, not the task's).
   */
  timeLimitMs?: number;
  /** With timeLimitMs: the longest it may wait for a thread before runTask answers 503 SERVER_BUSY; default 30 s. */
  queueLimitMs?: number;
};

/** A task stopped because it ran longer than its timeLimitMs. */
export class TaskTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`The task ran longer than ${limitMs} ms and was stopped`);
    this.name = 'TaskTimeLimitError';
  }
}

export const DEFAULT_QUEUE_LIMIT_MS = 30_000;

export type WorkerPool = {
  /** Runs one named task from worker-tasks.ts on a worker thread. Rejects with a 503 AppError when the queue is full. */
  runTask<K extends TaskName>(name: K, input: TaskInput<K>, opts?: RunOptions): Promise<TaskOutput<K>>;
  stats(): WorkerPoolStats;
  /** Lets running and queued tasks finish, then ends the threads. A later runTask starts new ones. */
  close(): Promise<void>;
};

export const DEFAULT_MAX_QUEUE = 64;

/**
 * One thread per core but one, and at least two: one account runs at most half the threads, so with
 * a single thread one account's task would hold it and another account's would wait for it.
 */
export function defaultPoolSize(): number {
  return Math.max(2, os.availableParallelism() - 1);
}

/** The worker entry next to this code: the bundle's worker.js, or the tsx shim beside worker-pool.ts. */
export function workerEntryUrl(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  return new URL(fromSources ? './worker-tasks.dev.mjs' : './worker.js', import.meta.url).href;
}

export function createWorkerPool(opts: WorkerPoolOptions = {}): WorkerPool {
  const size = Math.max(1, Math.floor(opts.size ?? defaultPoolSize()));
  const maxQueue = Math.max(1, Math.floor(opts.maxQueue ?? DEFAULT_MAX_QUEUE));
  const perAccountLimit = Math.max(1, Math.floor(opts.perAccountLimit ?? Math.ceil(size / 2)));
  const maxQueuePerAccount = Math.max(1, Math.floor(opts.maxQueuePerAccount ?? Math.ceil(maxQueue / 2)));
  const retryAfter = String(opts.retryAfterSeconds ?? 1);
  const filename = opts.filename ?? workerEntryUrl();
  let piscina: Piscina<TaskMessage, unknown> | null = null;

  const busy = () =>
    new AppError(503, 'The server is busy; please try again in a moment', ErrorCode.SERVER_BUSY, undefined, {
      'retry-after': retryAfter,
    });

  // The fair queue: one line per account; the next task is the first of the account served least
  // recently (one that was idle comes first), among those under their running limit. `running`
  // counts tasks handed to piscina.
  type Waiter = { go: () => void };
  const lines = new Map<string, Waiter[]>();
  const runningBy = new Map<string, number>();
  /** When each account with work in the pool was last served (a counter); an idle account is forgotten. */
  const servedAt = new Map<string, number>();
  let served = 0;
  let running = 0;
  let waiting = 0;
  /** close() waiting for the fair queue to empty. */
  const drained: (() => void)[] = [];

  function pump(): void {
    while (running < size && waiting > 0) {
      let next: string | undefined;
      let nextAt = Infinity;
      for (const account of lines.keys()) {
        const at = servedAt.get(account) ?? 0;
        if (at < nextAt && (runningBy.get(account) ?? 0) < perAccountLimit) {
          next = account;
          nextAt = at;
        }
      }
      if (next === undefined) return;
      const line = lines.get(next)!;
      const w = line.shift()!;
      if (line.length === 0) lines.delete(next);
      servedAt.set(next, ++served);
      waiting--;
      running++;
      runningBy.set(next, (runningBy.get(next) ?? 0) + 1);
      w.go();
    }
  }

  /** Waits for this account's turn at a thread; rejects with 503 when its line (or the queue) is full, or on abort. */
  function acquire(account: string, signal: AbortSignal | null): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const line = lines.get(account) ?? [];
    if (line.length >= maxQueuePerAccount || waiting >= maxQueue) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = line.indexOf(w);
        if (at < 0) return;
        line.splice(at, 1);
        if (line.length === 0 && lines.get(account) === line) lines.delete(account);
        if (line.length === 0 && !runningBy.has(account)) servedAt.delete(account);
        waiting--;
        reject(signal!.reason);
        if (running === 0 && waiting === 0) for (const done of drained.splice(0)) done();
      };
      const w: Waiter = {
        go: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(w);
      lines.set(account, line);
      waiting++;
      pump();
    });
  }

  function release(account: string): void {
    running--;
    const n = (runningBy.get(account) ?? 1) - 1;
    if (n > 0) runningBy.set(account, n);
    else runningBy.delete(account);
    if (n <= 0 && !lines.has(account)) servedAt.delete(account);
    pump();
    if (running === 0 && waiting === 0) for (const done of drained.splice(0)) done();
  }

  function pool(): Piscina<TaskMessage, unknown> {
    if (piscina) return piscina;
    piscina = new Piscina<TaskMessage, unknown>({
      filename,
      minThreads: size,
      maxThreads: size,
      maxQueue,
      // Lower priority than the request thread (Linux/macOS, through piscina's optional @napi-rs/nice):
      // on a busy machine the cores go to answering requests before background parsing.
      niceIncrement: opts.niceIncrement ?? 10,
      // The tsx shim registers its own loader: the parent's tsx/vitest flags only slow a thread's start.
      execArgv: filename.endsWith('.dev.mjs') ? [] : undefined,
      loadBalancer: spreadOverIdle(),
    });
    // A thread that fails to start or dies: piscina rejects its task; without a listener the 'error' event would end the process.
    piscina.on('error', (err: unknown) => opts.log?.error({ err }, 'worker thread failed'));
    return piscina;
  }

  return {
    async runTask(name, input, runOpts) {
      const account = runOpts?.account ?? '';
      const limit = runOpts?.timeLimitMs;
      // With a time limit the thread writes when it begins the task; a timer checks it and times the
      // run from then (not the wait in the queue), or gives up on a wait past the queue limit.
      const startedAt = limit === undefined ? undefined : new SharedArrayBuffer(8);
      const stop = new AbortController();
      const signals = [runOpts?.signal, limit === undefined ? undefined : stop.signal].filter(
        (sig): sig is AbortSignal => sig !== undefined,
      );
      const signal = signals.length > 1 ? AbortSignal.any(signals) : (signals[0] ?? null);
      let why: 'time' | 'queue' | undefined;
      let timer: NodeJS.Timeout | undefined;
      if (limit !== undefined && startedAt) {
        const queuedAt = Date.now();
        const queueLimit = runOpts?.queueLimitMs ?? DEFAULT_QUEUE_LIMIT_MS;
        const check = () => {
          const now = Date.now();
          const start = Number(Atomics.load(new BigInt64Array(startedAt), 0));
          if (start && start + limit <= now) why = 'time';
          else if (!start && now - queuedAt >= queueLimit) why = 'queue';
          if (why) stop.abort();
          else
            timer = setTimeout(check, start ? start + limit - now : Math.min(limit, 50, queuedAt + queueLimit - now));
        };
        timer = setTimeout(check, Math.min(limit, queueLimit));
      }
      let acquired = false;
      try {
        await acquire(account, signal);
        acquired = true;
        return (await pool().run({ name, input, startedAt }, { signal })) as TaskOutput<typeof name>;
      } catch (err) {
        if (why === 'time') throw new TaskTimeLimitError(limit!);
        if (why === 'queue' || (err instanceof Error && err.message === 'Task queue is at limit')) throw busy();
        throw err;
      } finally {
        clearTimeout(timer);
        if (acquired) release(account);
      }
    },
    stats() {
      return {
        size,
        maxQueue,
        threads: piscina?.threads.length ?? 0,
        queued: waiting + (piscina?.queueSize ?? 0),
        running,
      };
    },
    async close() {
      // The fair queue's tasks are handed to piscina as threads free up: let them all finish first.
      if (running > 0 || waiting > 0) await new Promise<void>((resolve) => drained.push(resolve));
      const p = piscina;
      piscina = null;
      await p?.close();
    },
  };
}

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;

/**
 * Piscina's balancer, spreading tasks over the idle threads: of the threads running nothing, the one
 * given a task least recently (null while every thread is busy: the task waits in piscina's queue,
 * as with piscina's own balancer at one task a thread).
 */
export function spreadOverIdle(): LoadBalancer {
  const givenAt = new Map<number, number>();
  let given = 0;
  return (_task, workers) => {
    let pick: (typeof workers)[number] | null = null;
    let pickAt = Infinity;
    for (const worker of workers) {
      if (worker.currentUsage !== 0 || worker.terminating || worker.destroyed) continue;
      const at = givenAt.get(worker.id) ?? -1;
      if (at < pickAt) {
        pick = worker;
        pickAt = at;
      }
    }
    if (pick) givenAt.set(pick.id, ++given);
    // Forget threads that were replaced (a task stopped at its time limit ends its thread).
    if (givenAt.size > 2 * workers.length) {
      const alive = new Set(workers.map((w) => w.id));
      for (const id of givenAt.keys()) if (!alive.has(id)) givenAt.delete(id);
    }
    return pick;
  };
}
