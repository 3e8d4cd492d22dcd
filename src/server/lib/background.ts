/**
 * Work that runs after the answer has gone out (e.g. forgot-password's lookup and mail, so the answer
 * takes as long whatever the email). Tracked so a clean shutdown, and tests, can wait for it to finish.
 */
type Log = { error(obj: object, msg: string): void };

const running = new Set<Promise<void>>();

export function runInBackground(log: Log, what: string, task: () => Promise<void>): void {
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => log.error({ err }, `${what} failed`))
    .finally(() => running.delete(p));
  running.add(p);
}

/** Resolves once every background task started so far (and any they start) has finished. */
export async function backgroundIdle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
