/**
 * List marks added after the answer (decision 054): the deep page that finds its nearest mark far
 * below asks for them, and they are added in the background, one addition per user at a time.
 */
import type { Db } from '../../db/client';
import type { Lifecycle } from '../../ops/lifecycle';
import { addMarks } from './marks-repo';

/** Mark additions under way, per database and user: one at a time each. */
const adding = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Adds the user's marks up to `upTo` after this answer (addMarks), unless an addition for the user is
 * already under way. A failure is only logged: the list stays right without marks, only slower. With
 * a lifecycle, a shutdown waits for the step under way and takes no further step (nor a new addition).
 */
export function scheduleMarks(
  db: Db,
  userId: string,
  upTo: number,
  deps: { log: { error(obj: object, msg: string): void }; lifecycle?: Lifecycle },
): void {
  const { log, lifecycle } = deps;
  if (lifecycle?.draining) return;
  let running = adding.get(db);
  if (!running) adding.set(db, (running = new Map()));
  if (running.has(userId)) return;
  const add = () =>
    new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      addMarks(db, userId, upTo, { stop: () => lifecycle?.draining === true }),
    );
  const done = (lifecycle ? lifecycle.track('list marks', add) : add())
    .catch((err: unknown) => log.error({ err, userId }, 'adding list marks failed; deep pages skip rows instead'))
    .finally(() => running.delete(userId));
  running.set(userId, done);
}

/** Resolves when no mark addition is under way on `db` (tests, the bench). */
export async function marksSettled(db: Db): Promise<void> {
  for (;;) {
    const pending = [...(adding.get(db)?.values() ?? [])];
    if (pending.length === 0) return;
    await Promise.all(pending);
  }
}
