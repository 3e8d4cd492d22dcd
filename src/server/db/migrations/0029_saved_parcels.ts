export const name = '0029_saved_parcels';

// Issue 29's leftovers (decision 038): saved parcels — a user's named box sizes with their weight and
// type, in kg and cm as the API speaks (the forms convert) — and the user's default label format
// (PDF or ZPL II for 4×6 thermal printers), which the shipment screens and bulk results start from.
// Names are unique per user whatever their case; at most 50 a user (the service checks, under a
// lock on the user's row).
export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN label_format text NOT NULL DEFAULT 'pdf';
ALTER TABLE users ADD CONSTRAINT users_label_format_check CHECK (label_format IN ('pdf', 'zpl'));

CREATE TABLE saved_parcels (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  weight_kg double precision NOT NULL CHECK (weight_kg > 0),
  length_cm double precision NOT NULL CHECK (length_cm > 0),
  width_cm double precision NOT NULL CHECK (width_cm > 0),
  height_cm double precision NOT NULL CHECK (height_cm > 0),
  type text NOT NULL DEFAULT 'package' CHECK (type IN ('package', 'envelope', 'tube')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_parcels_user_name_key ON saved_parcels (user_id, lower(name));
CREATE INDEX saved_parcels_user_idx ON saved_parcels (user_id, created_at);
`;
