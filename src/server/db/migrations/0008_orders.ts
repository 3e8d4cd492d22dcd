export const name = '0008_orders';

// The wallet ledger (DESIGN §3), shipments and their tracking (§4, §5), and the sandbox carriers'
// own record of what they sold (the state a real carrier keeps on its side).
//
// pg_trgm serves the shipments search (case-insensitive substring over tracking number, order code,
// receiver name, company, city and postal code); btree_gin lets one GIN index hold the user id too,
// so a search only ever reads one user's matches. Both ship with PostgreSQL (trusted extensions since
// 13) and with PGlite (loaded in db/client.ts).
export const sql = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Quotes are read by option id (with the user) and by quote id only; these two indexes were never
-- used and cost every quote their upkeep.
DROP INDEX IF EXISTS rate_quote_options_user_idx;
DROP INDEX IF EXISTS rate_quotes_user_idx;

CREATE TABLE wallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE RESTRICT,
  currency text NOT NULL DEFAULT 'CAD' CHECK (currency = 'CAD'),
  balance_cents bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  flagged_at timestamptz,
  flag_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every user has exactly one wallet, whichever path created the user (a restore brings its own rows
-- and says so with voyageur.restoring).
INSERT INTO wallets (user_id) SELECT id FROM users;
CREATE FUNCTION users_create_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  INSERT INTO wallets (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER users_create_wallet AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_create_wallet();

CREATE TABLE wallet_transactions (
  id uuid PRIMARY KEY,
  -- Order of entry: each wallet's entries are written under its row lock, so seq follows them.
  seq bigserial NOT NULL,
  wallet_id uuid NOT NULL REFERENCES wallets(id) ON DELETE RESTRICT,
  user_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('topup', 'shipping_charge', 'refund', 'adjustment', 'admin_charge')),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  status text NOT NULL CHECK (status IN ('completed', 'pending', 'failed', 'cancelled')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  balance_after_cents bigint NOT NULL CHECK (balance_after_cents >= 0),
  description text NOT NULL DEFAULT '',
  reference text,
  shipment_id uuid,
  idempotency_key text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wallet_id, idempotency_key)
);
CREATE INDEX wallet_transactions_user_idx ON wallet_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX wallet_transactions_wallet_idx ON wallet_transactions (wallet_id, seq);
CREATE INDEX wallet_transactions_shipment_idx ON wallet_transactions (shipment_id) WHERE shipment_id IS NOT NULL;

-- Append-only: corrections are new entries, never edits.
CREATE FUNCTION wallet_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transactions is append-only (% refused)', TG_OP;
END $$;
CREATE TRIGGER wallet_transactions_append_only BEFORE UPDATE OR DELETE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_transactions_append_only();

CREATE TABLE shipments (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  organization_id uuid,
  status text NOT NULL CHECK (status IN ('purchasing', 'label_created', 'in_transit', 'out_for_delivery',
                                         'delivered', 'cancelled', 'failed')),
  carrier text NOT NULL,
  service_code text NOT NULL,
  service_name text NOT NULL,
  quote_option_id uuid,
  order_code text NOT NULL UNIQUE,
  tracking_number text,
  carrier_price_cents bigint NOT NULL CHECK (carrier_price_cents >= 0),
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  gst_cents bigint NOT NULL DEFAULT 0,
  hst_cents bigint NOT NULL DEFAULT 0,
  qst_cents bigint NOT NULL DEFAULT 0,
  tax_total_cents bigint NOT NULL CHECK (tax_total_cents >= 0),
  total_cents bigint NOT NULL CHECK (total_cents = price_cents + tax_total_cents),
  insurance_cents bigint NOT NULL DEFAULT 0 CHECK (insurance_cents >= 0),
  from_address jsonb NOT NULL,
  to_address jsonb NOT NULL,
  package jsonb NOT NULL,
  receiver_key text,
  search_text text NOT NULL,
  ship_date date NOT NULL,
  transit_days integer NOT NULL,
  estimated_delivery date,
  delivered_at timestamptz,
  idempotency_key text,
  request_hash text,
  failure_code text,
  failure_message text,
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents),
  tracking_synced_at timestamptz,
  voided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shipments_idempotency_key ON shipments (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX shipments_tracking_number_key ON shipments (tracking_number) WHERE tracking_number IS NOT NULL;
CREATE INDEX shipments_user_created_idx ON shipments (user_id, created_at DESC, id DESC);
-- The list's total: an index-only count over the narrowest index of a user's rows.
CREATE INDEX shipments_user_idx ON shipments (user_id);
CREATE INDEX shipments_user_receiver_idx ON shipments (user_id, receiver_key) WHERE receiver_key IS NOT NULL;
CREATE INDEX shipments_search_idx ON shipments USING gin (user_id, search_text gin_trgm_ops);
CREATE INDEX shipments_purchasing_idx ON shipments (updated_at) WHERE status = 'purchasing';
CREATE INDEX shipments_active_idx ON shipments (tracking_synced_at NULLS FIRST)
  WHERE status IN ('label_created', 'in_transit', 'out_for_delivery');

CREATE TABLE tracking_events (
  id uuid PRIMARY KEY,
  shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  status text NOT NULL,
  description text NOT NULL,
  location text NOT NULL DEFAULT '',
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipment_id, status)
);
CREATE INDEX tracking_events_shipment_idx ON tracking_events (shipment_id, occurred_at);

-- What each sandbox carrier sold, by our reference (the shipment id): the record a real carrier
-- keeps on its side, which the recovery job asks after a crash.
CREATE TABLE sandbox_carrier_shipments (
  reference text PRIMARY KEY,
  carrier text NOT NULL,
  service_code text NOT NULL,
  tracking_number text NOT NULL UNIQUE,
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  voided_at timestamptz
);
`;
