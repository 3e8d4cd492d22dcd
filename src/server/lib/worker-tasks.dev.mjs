// The worker entry when the server runs from its TypeScript sources (tsx, vitest): a worker thread
// does not inherit the parent's TypeScript loader on Node 20, so register tsx in this thread and
// load the tasks from worker-tasks.ts. The built server uses dist/server/worker.js instead.
import { register } from 'tsx/esm/api';

register();
const { default: runWorkerTask } = await import('./worker-tasks.ts');

export default runWorkerTask;
