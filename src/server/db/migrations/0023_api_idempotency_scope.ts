export const name = '0023_api_idempotency_scope';

// The public API's Idempotency-Key is scoped to the account and the key's mode, no longer to the
// API key (decision 027): a request retried with the regenerated key (during the old key's grace
// period) or with another key of the same account gets the first answer again instead of buying a
// second label. A test key's answer is never replayed for a live key (mode is part of the key).
// api_key_id stays as the key that sent the first request. Two keys of one account that kept the
// same Idempotency-Key before this migration keep only the oldest answer.
export const sql = /* sql */ `
ALTER TABLE api_idempotency ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE api_idempotency ADD COLUMN mode text;
UPDATE api_idempotency i SET user_id = k.user_id, mode = k.mode FROM api_keys k WHERE k.id = i.api_key_id;
DELETE FROM api_idempotency a USING api_idempotency b
  WHERE a.user_id = b.user_id AND a.mode = b.mode AND a.idem_key = b.idem_key
    AND (a.created_at, a.api_key_id) > (b.created_at, b.api_key_id);
ALTER TABLE api_idempotency ALTER COLUMN user_id SET NOT NULL;
ALTER TABLE api_idempotency ALTER COLUMN mode SET NOT NULL;
ALTER TABLE api_idempotency ADD CONSTRAINT api_idempotency_mode_check CHECK (mode IN ('live', 'test'));
ALTER TABLE api_idempotency DROP CONSTRAINT api_idempotency_pkey;
ALTER TABLE api_idempotency ADD PRIMARY KEY (user_id, mode, idem_key);
`;
