export const name = '0005_email_change';

// An email change waits in users.pending_email until a code mailed to the new address is confirmed.
// Those codes share verification_codes with sign-up codes; `purpose` keeps the two kinds apart.
export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN pending_email text;

ALTER TABLE verification_codes
  ADD COLUMN purpose text NOT NULL DEFAULT 'verify_email' CHECK (purpose IN ('verify_email', 'email_change'));
DROP INDEX verification_codes_user_idx;
CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, purpose, created_at DESC);
`;
