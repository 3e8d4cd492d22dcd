export const name = '0014_shipment_mode';

// Whether a shipment was bought from a real carrier (issue 22; DESIGN §5): the mode of the carrier
// that sold the label, stored at purchase. Every carrier so far has been the built-in sandbox, so
// existing rows are 'sandbox'; a row written without a mode is one too (nothing is called live that
// did not say so).
export const sql = /* sql */ `
ALTER TABLE shipments
  ADD COLUMN mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'test', 'live'));
`;
