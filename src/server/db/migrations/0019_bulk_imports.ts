export const name = '0019_bulk_imports';

// Bulk imports (issue 29, decision 028): a file's rows, their checks, quotes and purchase outcome.
// A batch is bought row by row by a background job through the orders saga; each row's order carries
// the Idempotency-Key 'bulk:<batch>:<row>', so a job resumed after a crash never buys a row twice.
// heartbeat_at: the buying job's last sign of life; a 'purchasing' batch whose heartbeat is old is
// taken over by the resume-bulk-imports job.
export const sql = /* sql */ `
CREATE TABLE bulk_imports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename text NOT NULL,
  format text NOT NULL,
  headers jsonb NOT NULL,
  mapping jsonb NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'quoted', 'purchasing', 'completed', 'cancelled')),
  defaults jsonb,
  sender jsonb,
  purchase_key text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulk_imports_user_created ON bulk_imports (user_id, created_at DESC);
CREATE INDEX bulk_imports_purchasing ON bulk_imports (heartbeat_at) WHERE status = 'purchasing';

CREATE TABLE bulk_import_rows (
  import_id uuid NOT NULL REFERENCES bulk_imports(id) ON DELETE CASCADE,
  n integer NOT NULL,
  data jsonb NOT NULL,
  source jsonb NOT NULL,
  errors jsonb NOT NULL DEFAULT '[]',
  dropped boolean NOT NULL DEFAULT false,
  quote jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'bought', 'failed', 'refused', 'cancelled')),
  shipment_id uuid,
  error_code text,
  error_message text,
  PRIMARY KEY (import_id, n)
);

-- The column mapping a user chose for a header row, reused for the next file with the same headers.
CREATE TABLE bulk_import_mappings (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  header_key text NOT NULL,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, header_key)
);
`;
