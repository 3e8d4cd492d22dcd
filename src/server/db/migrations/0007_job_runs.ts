export const name = '0007_job_runs';

// One row per recurring job (ops/jobs.ts). An instance runs a job only after claiming its row with
// one conditional upsert (started_at older than the job's interval), so however many instances
// run, a job runs once per interval; the row also tells an operator when each job last ran and how.
export const sql = /* sql */ `
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  claimed_by text NOT NULL,
  last_error text
);
`;
