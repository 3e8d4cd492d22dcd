export const name = '0037_shipment_marks';

// Deep pages of a long list read from a kept mark instead of skipping every row before them
// (issue 26, decision 054).
//
// shipment_marks holds, per user, the key (created_at, id) of every MARK_EVERY-th shipment counted
// from the oldest (position 1000 is the 1,000th oldest). A page deep in the list seeks the index to
// the nearest mark below it and skips fewer than MARK_EVERY rows from there (shipments/marks-repo.ts);
// without marks a middle page of 200,000 shipments skipped 100,000 index entries.
//
// A mark is true only while no shipment of its user is added or removed below it. New shipments are
// the newest, so they leave every mark as it is; a shipment written with an older key (another
// instance's clock, a backdated row) or deleted shifts every mark above it. The statement triggers
// that keep shipment_counts (0021) now also delete, in the same statement, each mark of the users
// written at or above the oldest key written; a change of a shipment's key or owner drops the marks of
// the users concerned.
// Marks are added after an answer, never on a request (shipments/marks.ts): each addition first
// locks the user's shipment_counts row FOR SHARE, which an insert or delete of that user's shipments
// holds until it commits (its trigger updates the row), so marks are read from committed rows only,
// and a write that waited for them deletes those they no longer fit (its trigger's DELETE runs after
// the row update, on a fresh snapshot under READ COMMITTED).
//
// A restore stands aside (voyageur.restoring): the backup holds this table's rows, from the same
// snapshot as the shipments.
export const sql = /* sql */ `
CREATE TABLE shipment_marks (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position bigint NOT NULL CHECK (position > 0),
  created_at timestamptz NOT NULL,
  id uuid NOT NULL,
  PRIMARY KEY (user_id, position)
);

CREATE OR REPLACE FUNCTION shipment_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO shipment_counts (user_id, shipments)
    SELECT user_id, count(*) FROM inserted_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET shipments = shipment_counts.shipments + excluded.shipments;
  -- After the count's row lock (see above): marks above the oldest key written no longer fit.
  DELETE FROM shipment_marks m
    USING (SELECT DISTINCT ON (user_id) user_id, created_at, id FROM inserted_rows
           ORDER BY user_id, created_at, id) lo
    WHERE m.user_id = lo.user_id AND (m.created_at, m.id) > (lo.created_at, lo.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE shipment_counts c SET shipments = c.shipments - d.n
    FROM (SELECT user_id, count(*) AS n FROM deleted_rows GROUP BY user_id) d
    WHERE c.user_id = d.user_id;
  DELETE FROM shipment_marks m
    USING (SELECT DISTINCT ON (user_id) user_id, created_at, id FROM deleted_rows
           ORDER BY user_id, created_at, id) lo
    WHERE m.user_id = lo.user_id AND (m.created_at, m.id) >= (lo.created_at, lo.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipment_counts;
  DELETE FROM shipment_marks;
  RETURN NULL;
END $$;

-- The app never changes a shipment's key or owner; should anything do so, the marks of the users
-- concerned go, after the same row lock as a count's update, so a step adding marks is waited for
-- (a change that changes nothing, or another user's, leaves them).
CREATE FUNCTION shipment_marks_rekeyed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM shipment_counts WHERE user_id IN (OLD.user_id, NEW.user_id) ORDER BY user_id FOR NO KEY UPDATE;
  DELETE FROM shipment_marks WHERE user_id IN (OLD.user_id, NEW.user_id);
  RETURN NULL;
END $$;
CREATE TRIGGER shipment_marks_rekeyed AFTER UPDATE OF user_id, created_at, id ON shipments
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION shipment_marks_rekeyed();
`;
