export const name = '0011_coverage';

// Declared-value coverage (decision 020): what the carrier charges to cover the parcel's declared
// value, kept beside each quoted option and each order. It is part of `carrier_price_cents` (the
// carrier's cost), so price rules, discounts and taxes apply to it as to the rest of that cost; the
// column only lets the rate card, the order and the receipt show it as its own line.
export const sql = /* sql */ `
ALTER TABLE rate_quote_options
  ADD COLUMN coverage_cents bigint NOT NULL DEFAULT 0 CHECK (coverage_cents >= 0);
ALTER TABLE shipments
  ADD COLUMN coverage_cents bigint NOT NULL DEFAULT 0 CHECK (coverage_cents >= 0);
`;
