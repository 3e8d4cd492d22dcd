/**
 * Resumes the buying job of batches a dead process left 'purchasing' (decision 028): every minute and
 * at start-up. Each row's order carries its own Idempotency-Key, so a row bought before the crash is
 * replayed, never bought twice.
 */
import type { Job } from '../../ops/jobs';
import type { BulkImportService } from './service';

export function resumeBulkImportsJob(bulk: BulkImportService): Job {
  return {
    name: 'resume-bulk-imports',
    everyMs: 60_000,
    async run() {
      return { resumed: await bulk.resumeStale() };
    },
  };
}
