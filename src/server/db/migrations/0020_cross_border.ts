export const name = '0020_cross_border';

// Shipping beyond Canada (issue 25, decision 029). A quote option and a shipment leaving Canada carry
// the duties estimate: its amount (charged with the label when DDP, as a wallet entry of its own) and
// its lines as JSON; a shipment keeps its customs declaration. The CAD price of one US dollar that
// customs values are converted at is set by an admin: every change is a new row (the newest is in
// force). No row is seeded here (a restore migrates an empty database, then loads the backup's rows):
// until an admin sets one, the code reads DEFAULT_USD_RATE (src/shared/customs.ts).
export const sql = /* sql */ `
ALTER TABLE rate_quote_options
  ADD COLUMN duties_cents bigint NOT NULL DEFAULT 0 CHECK (duties_cents >= 0),
  ADD COLUMN duties jsonb;
ALTER TABLE shipments
  ADD COLUMN duties_cents bigint NOT NULL DEFAULT 0 CHECK (duties_cents >= 0),
  ADD COLUMN duties jsonb,
  ADD COLUMN customs jsonb;
-- A refund may now give back the duties too: refunded up to the label's charge plus the duties.
DO $$
DECLARE c text;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
           WHERE conrelid = 'shipments'::regclass AND contype = 'c'
             AND pg_get_constraintdef(oid) LIKE '%refunded_cents <= total_cents%'
  LOOP
    EXECUTE format('ALTER TABLE shipments DROP CONSTRAINT %I', c);
  END LOOP;
END $$;
ALTER TABLE shipments ADD CONSTRAINT shipments_refund_within_charge
  CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents + duties_cents);
CREATE TABLE exchange_rates (
  id uuid PRIMARY KEY,
  cad_per_usd_micros bigint NOT NULL CHECK (cad_per_usd_micros BETWEEN 500000 AND 3000000),
  set_by uuid,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchange_rates_created_at ON exchange_rates (created_at DESC);
`;
