export const name = '0006_account_hardening';

// Sign-up attempts live apart from accounts: each POST /api/register is its own attempt, tied to the
// browser that made it (a cookie whose hash is browser_hash) and holding its own code. The account
// row is created only when that browser gives back the code mailed for that attempt, so a stranger's
// attempt for the same email can never set the owner's password.
//
// Device cookies (OWASP "slow down online guessing attacks with device cookies"): a browser that has
// signed in to an account gets a token; while it presents it, the account's lock-out for unknown
// clients does not apply to it.
export const sql = /* sql */ `
CREATE TABLE registration_attempts (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  browser_hash text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  organization_name text,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'zh')),
  ip_address text,
  user_agent text,
  code_hash text NOT NULL,
  code_attempts integer NOT NULL DEFAULT 0,
  code_sent_at timestamptz NOT NULL,
  code_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX registration_attempts_email_idx ON registration_attempts (email, created_at DESC);

CREATE TABLE trusted_devices (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX trusted_devices_user_idx ON trusted_devices (user_id);
`;
