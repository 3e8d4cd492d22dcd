export const name = '0031_sms';

// SMS (issue 27): a verified phone number on the profile and the codes that verify one.
// - users.phone_e164 / phone_verified_at: the number SMS go to, in E.164 (+14165550100), set only
//   once a code sent there was given back (both set or both null). The SMS switch (notify_sms)
//   needs it: switches saved on before there were phones are turned off here, since none is verified.
// - phone_verifications: one row per code sent — the number it went to, the code's SHA-256 (with
//   the row id), wrong tries, 10-minute expiry; the newest open row of a user is the one checked.
//   Rows are also what the resend gap and the per-number hourly limit count.
export const sql = /* sql */ `
ALTER TABLE users
  ADD COLUMN phone_e164 text CHECK (phone_e164 ~ '^\\+[1-9][0-9]{6,14}$'),
  ADD COLUMN phone_verified_at timestamptz,
  ADD CONSTRAINT users_phone_verified CHECK ((phone_e164 IS NULL) = (phone_verified_at IS NULL));

UPDATE users SET notify_sms = false WHERE notify_sms;

CREATE TABLE phone_verifications (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone_e164 text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_verifications_user_idx ON phone_verifications (user_id, created_at DESC);
CREATE INDEX phone_verifications_phone_idx ON phone_verifications (phone_e164, created_at DESC);
`;
