/**
 * The work a worker thread can do, by name: CPU-heavy functions that must not hold up the request
 * thread. This file is the worker's entry (esbuild bundles it into dist/server/worker.js; from the
 * TypeScript sources, worker-tasks.dev.mjs loads it through tsx). Each task takes one structured-
 * cloneable input and returns (or resolves to) a structured-cloneable result.
 *
 * To add a task (e.g. rendering a label PDF): import its function here, add it to `workerTasks`,
 * and call `workers.runTask('name', input)` from the request code. See worker-pool.ts.
 */
import { imageLabelPdf } from '../labels/image-label';
import { renderLabel } from '../labels/render-label';
import { renderDocument } from '../documents/render-document';
import { parseShipmentDescription } from '../providers/ai/rules/roles';
import { parseBulkCsv } from '../modules/bulk-imports/parse';
import { mergePdfs } from '../labels/merge-pdfs';
import { renderLabelZpl } from '../labels/render-zpl';

export const workerTasks = {
  /** The rule-based address parser: linear, yet a few milliseconds for a long pasted e-mail. */
  parseShipmentDescription,
  /** A 4×6 label PDF (LabelInput → Uint8Array, a few KB, copied back by structured clone). */
  renderLabel,
  /** A carrier's image label (UPS PNG), or its ZPL label drawn at 203 dpi, on 4×6 PDF pages (ImageLabelInput → Uint8Array). */
  imageLabelPdf,
  /** A receipt, credit note or monthly statement PDF (DocumentModel → Uint8Array; issue 27). */
  renderDocument,
  /** A bulk-import CSV read, mapped and checked (decision 028). */
  parseBulkCsv,
  /** Several PDFs (base64) as one, pages in order: a bulk import's labels (decision 028). */
  mergePdfs,
  /** The same 4×6 label as ZPL II text for a 203 dpi thermal printer (LabelInput → string). */
  renderLabelZpl,
};

export type WorkerTasks = typeof workerTasks;
export type TaskName = keyof WorkerTasks;
export type TaskInput<K extends TaskName> = Parameters<WorkerTasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<WorkerTasks[K]>>;

/**
 * One task as the pool sends it to a thread. `startedAt` (shared memory, one BigInt64) receives the
 * wall-clock time the task began: the pool times a task's run from then, not from its wait in the
 * queue or the thread's first loading of this file.
 */
export type TaskMessage = { name: string; input: unknown; startedAt?: SharedArrayBuffer };

/** What piscina calls in the worker thread for each task. */
export default function runWorkerTask({ name, input, startedAt }: TaskMessage): unknown {
  if (startedAt) Atomics.store(new BigInt64Array(startedAt), 0, BigInt(Date.now()));
  if (!Object.hasOwn(workerTasks, name)) throw new Error(`Unknown worker task "${name}"`);
  const task = workerTasks[name as TaskName] as (input: unknown) => unknown;
  return task(input);
}
