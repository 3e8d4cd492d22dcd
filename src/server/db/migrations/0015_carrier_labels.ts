export const name = '0015_carrier_labels';

// Real carriers (issue 24, decision 023).
// - shipment_labels: the label the carrier sold, as it sent it (a PDF printed byte for byte, or an
//   image such as UPS's PNG placed on a 4×6 page when printed). Its own table, so the shipment rows
//   every list reads stay small; sandbox shipments have none (their label is drawn from the row).
// - shipments.carrier_ref: what the carrier needs later to void the label or fetch it again (e.g.
//   Canada Post's shipment and refund links), as the adapter handed it over.
// - shipments.tracking_next_check_at / tracking_attempts: a real carrier is asked about a shipment
//   at most once per 15 minutes, later after errors and rate limits (back-off).
export const sql = /* sql */ `
ALTER TABLE shipments
  ADD COLUMN carrier_ref jsonb,
  ADD COLUMN tracking_next_check_at timestamptz,
  ADD COLUMN tracking_attempts integer NOT NULL DEFAULT 0 CHECK (tracking_attempts >= 0);

CREATE TABLE shipment_labels (
  shipment_id uuid PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
  media_type text NOT NULL CHECK (media_type ~ '^[a-z]+/[a-z0-9.+-]+$'),
  bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
