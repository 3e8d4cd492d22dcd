export const name = '0018_api_keys';

// The public API (issue 28, decision 027). An API key is found by its prefix (the first 12
// characters after vy_live_/vy_test_, unique) and checked by the SHA-256 of the whole secret (it
// has 256 random bits, so a fast hash is enough, as for sessions); the secret itself is never
// stored. A key with expires_at (set by 'regenerate' with a grace period) works until then;
// revoked_at ends it at once. last_used_at is written at most once a minute per key.
// api_idempotency keeps the first answer to a POST sent with an Idempotency-Key, per key, for a
// day: the same body answers it again, another body answers 409.
// shipments.test: bought with a test key (sandbox carriers only, no money moved, listed apart).
export const sql = /* sql */ `
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'test')),
  prefix text NOT NULL UNIQUE,
  last4 text NOT NULL,
  key_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  replaced_by uuid
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);

CREATE TABLE api_idempotency (
  api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  idem_key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  content_type text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (api_key_id, idem_key)
);
CREATE INDEX api_idempotency_created_idx ON api_idempotency (created_at);

ALTER TABLE shipments ADD COLUMN test boolean NOT NULL DEFAULT false;
`;
