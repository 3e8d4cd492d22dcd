/**
 * The process's life after start-up: whether it is draining (GET /api/ready answers 503), and the
 * work a clean shutdown must let finish before the pools close.
 *
 * Requests finish on their own: the HTTP server stops accepting connections and answers every
 * request it has received before `app.close()` resolves. Work that is not a request — a job run, the
 * admin channel's backup, or a step that must not be cut in half (an order that has charged the
 * wallet and not yet bought its label) — runs inside `lifecycle.track(...)`: shutdown waits for it
 * (up to the 10 s deadline), and anything still cut off is left for the recovery job to finish.
 */
export type Lifecycle = {
  /** True from the first SIGTERM/SIGINT on. */
  readonly draining: boolean;
  /** Runs `work` as one unit a clean shutdown waits for. */
  track<T>(what: string, work: () => Promise<T>): Promise<T>;
  /** Called once when draining starts (stop timers, stop taking new background work). */
  onDrain(fn: () => void | Promise<void>): void;
  /** Starts draining (idempotent) and runs the onDrain hooks. */
  drain(): Promise<void>;
  /** Resolves when no tracked work is running (or after `timeoutMs`, answering false). */
  idle(timeoutMs: number): Promise<boolean>;
  /** What is still running, for the shutdown log. */
  running(): string[];
};

export function createLifecycle(): Lifecycle {
  let draining = false;
  const hooks: (() => void | Promise<void>)[] = [];
  const work = new Map<Promise<unknown>, string>();
  return {
    get draining() {
      return draining;
    },
    track(what, fn) {
      const p = fn();
      work.set(p, what);
      const done = () => work.delete(p);
      p.then(done, done);
      return p;
    },
    onDrain(fn) {
      hooks.push(fn);
    },
    async drain() {
      if (draining) return;
      draining = true;
      for (const fn of hooks) await fn();
    },
    async idle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (work.size > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...work.keys()]), new Promise((r) => (timer = setTimeout(r, left)))]);
        clearTimeout(timer);
      }
      return true;
    },
    running: () => [...work.values()],
  };
}
