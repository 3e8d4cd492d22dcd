export const name = '0004_quotes';

export const sql = /* sql */ `
CREATE TABLE rate_quotes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  request jsonb NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  ship_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_quotes_user_idx ON rate_quotes (user_id, created_at DESC);

CREATE TABLE rate_quote_options (
  id uuid PRIMARY KEY,
  quote_id uuid NOT NULL REFERENCES rate_quotes(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  carrier text NOT NULL,
  service_code text NOT NULL,
  service_name text NOT NULL,
  carrier_price_cents bigint NOT NULL CHECK (carrier_price_cents >= 0),
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  gst_cents bigint NOT NULL CHECK (gst_cents >= 0),
  hst_cents bigint NOT NULL CHECK (hst_cents >= 0),
  qst_cents bigint NOT NULL CHECK (qst_cents >= 0),
  tax_total_cents bigint NOT NULL CHECK (tax_total_cents >= 0),
  total_cents bigint NOT NULL CHECK (total_cents = price_cents + tax_total_cents),
  transit_days integer NOT NULL,
  estimated_delivery date NOT NULL,
  breakdown jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_quote_options_quote_idx ON rate_quote_options (quote_id);
CREATE INDEX rate_quote_options_user_idx ON rate_quote_options (user_id, created_at DESC);
`;
