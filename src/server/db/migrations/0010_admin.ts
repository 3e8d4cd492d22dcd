export const name = '0010_admin';

// The admin back-office: discounts per user (DESIGN §9; spec §5), price rules (our markup over the
// carrier's cost per carrier and service, optionally for one organization), and the markup each
// quoted option and order carried, so that cost, price and margin can be reported.
export const sql = /* sql */ `
CREATE TABLE discounts (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL,
  discount_type text NOT NULL CHECK (discount_type IN ('percentage', 'fixed_amount')),
  -- Hundredths: basis points for a percentage (10.5 % = 1050), cents for a fixed amount.
  value_units bigint NOT NULL CHECK (value_units >= 0),
  description text NOT NULL DEFAULT '',
  valid_from timestamptz,
  valid_to timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (discount_type <> 'percentage' OR value_units <= 10000),
  CHECK (discount_type <> 'fixed_amount' OR value_units <= 1000000),
  CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to)
);
CREATE INDEX discounts_user_idx ON discounts (user_id, created_at DESC);

CREATE TABLE price_rules (
  id uuid PRIMARY KEY,
  carrier text NOT NULL,
  -- Null: every service of the carrier.
  service_code text,
  -- Null: every organization.
  organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
  markup_bp integer NOT NULL CHECK (markup_bp BETWEEN 0 AND 50000),
  markup_fixed_cents bigint NOT NULL CHECK (markup_fixed_cents BETWEEN 0 AND 100000),
  is_active boolean NOT NULL DEFAULT true,
  description text NOT NULL DEFAULT '',
  created_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One rule per carrier, service (or all) and organization (or all).
CREATE UNIQUE INDEX price_rules_scope_idx
  ON price_rules (carrier, coalesce(service_code, ''), coalesce(organization_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- carrier_price_cents is the carrier's cost; markup_cents our price rule's addition over it;
-- discount_cents the customer's discount off the marked-up price; price_cents what they pay before taxes.
ALTER TABLE rate_quote_options ADD COLUMN markup_cents bigint NOT NULL DEFAULT 0 CHECK (markup_cents >= 0);
ALTER TABLE shipments ADD COLUMN markup_cents bigint NOT NULL DEFAULT 0 CHECK (markup_cents >= 0);

-- The admin's list of every user's shipments, newest first (the user's index leads with user_id),
-- and this month's carrier cost and margin. Its search needs no index of its own: the trigram GIN
-- index on (user_id, search_text) serves a condition on search_text alone.
CREATE INDEX shipments_created_idx ON shipments (created_at DESC, id DESC);
-- The admin's monthly revenue: the month's completed shipping charges and refunds, across users.
CREATE INDEX wallet_transactions_revenue_idx ON wallet_transactions (created_at)
  WHERE status = 'completed' AND type IN ('shipping_charge', 'refund');
`;
