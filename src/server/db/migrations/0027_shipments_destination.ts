export const name = '0027_shipments_destination';

// The shipments list filters by where the receiver is (issue 25): domestic (Canada), us, or
// international. The index holds each user's shipments by that destination, newest first, so a
// filtered page and its capped count read only that user's entries of that destination
// (shipments/repo.ts writes the same CASE expression).
export const sql = /* sql */ `
CREATE INDEX shipments_user_destination_idx ON shipments (
  user_id,
  (CASE to_address->>'country' WHEN 'CA' THEN 'domestic' WHEN 'US' THEN 'us' ELSE 'international' END),
  created_at DESC,
  id DESC
);
`;
