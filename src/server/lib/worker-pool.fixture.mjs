// A worker entry for worker-pool.test.ts: answers which thread ran the task.
import { threadId } from 'node:worker_threads';

export default function whichThread() {
  return threadId;
}
