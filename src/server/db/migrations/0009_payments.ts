export const name = '0009_payments';

// Card top-ups and saved cards (DESIGN §3): our record of each payment intent (whose it is, what it
// is for, whether and by which ledger entry it was credited, how much of it was reversed), the
// saved cards as we show them, the provider customer of each user, the webhook events applied
// (once each), the organization's billing address, and the sandbox card provider's own records
// (the state a real provider keeps on its side; never a card number or CVC).
export const sql = /* sql */ `
CREATE TABLE payment_customers (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider),
  UNIQUE (provider, customer_id)
);

CREATE TABLE payment_intents (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  provider text NOT NULL,
  -- Null only while the provider is being asked to create it.
  provider_intent_id text,
  purpose text NOT NULL CHECK (purpose IN ('topup', 'admin_charge')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'CAD',
  save_card boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  last_error jsonb,
  description text NOT NULL DEFAULT '',
  -- The admin who charged a saved card (admin_charge).
  created_by uuid,
  credited_transaction_id uuid,
  credited_at timestamptz,
  -- Cents taken back after the credit (refunds, disputes), and how much of that the balance could not cover.
  reversed_cents bigint NOT NULL DEFAULT 0 CHECK (reversed_cents >= 0),
  -- The admin's Idempotency-Key of a charge (one charge per admin and key).
  idempotency_key text,
  request_hash text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_intent_id)
);
CREATE INDEX payment_intents_user_idx ON payment_intents (user_id, created_at DESC);
CREATE UNIQUE INDEX payment_intents_key_idx ON payment_intents (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE payment_methods (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_method_id text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  fingerprint text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  UNIQUE (provider, provider_method_id)
);
CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at);
-- At most one default card per user and provider.
CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id, provider) WHERE is_default;

CREATE TABLE payment_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_intent_id text,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

ALTER TABLE organizations ADD COLUMN billing_address jsonb;

-- The sandbox card provider's side.
CREATE TABLE sandbox_payment_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE sandbox_payment_customers (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY,
  customer_id text REFERENCES sandbox_payment_customers(id),
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  fingerprint text NOT NULL,
  -- What the test card does (succeeds, needs authentication, is disputed later, …); never the number.
  behaviour text NOT NULL,
  cardholder_name text,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_payment_methods_customer_idx ON sandbox_payment_methods (customer_id, created_at DESC);

CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  client_secret_hash text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  customer_id text REFERENCES sandbox_payment_customers(id),
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL DEFAULT '{}',
  setup_future_usage boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  payment_method_id text REFERENCES sandbox_payment_methods(id),
  last_error jsonb,
  amount_refunded_cents bigint NOT NULL DEFAULT 0,
  disputed boolean NOT NULL DEFAULT false,
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Webhook events the sandbox has to deliver to our own endpoint (an outbox: delivered, retried).
CREATE TABLE sandbox_payment_events (
  id text PRIMARY KEY,
  -- Creation order (created_at ties when several events come from one change or a still clock).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL,
  payload text NOT NULL,
  deliver_after timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_payment_events_pending_idx ON sandbox_payment_events (deliver_after) WHERE delivered_at IS NULL;
`;
