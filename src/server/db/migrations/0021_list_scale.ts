export const name = '0021_list_scale';

// Lists and search at a shop's scale (issue 26, decision 030).
//
// - shipment_counts: each user's number of shipments, kept exact by statement triggers on shipments,
//   so in the same transaction (and statement) that inserts or deletes them: the list's total and
//   page count are one primary-key read instead of a count over the user's rows. Row updates (status,
//   a void) do not change the count. A user's count row is locked by an order's insert until its
//   transaction ends; the order already holds the user's wallet row for as long, so nothing new waits.
// - search_words: the words of search_text (split at white space, ASCII punctuation and the Unicode
//   dashes and quotes U+2010–U+2027; accented letters stay in their word), as a tsvector kept by the
//   database. A GIN index on (user_id, search_words) answers word-prefix queries ('zh':* & 'wei':*)
//   from one character on, reading only that user's entries. Fragments with a digit (a piece of a
//   tracking number, order code or postal code) still use the trigram index on search_text.
// - shipments_user_idx (user_id alone) served the old count(*); the (user_id, created_at, id) index
//   serves every other use of it.
export const sql = /* sql */ `
CREATE TABLE shipment_counts (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  shipments bigint NOT NULL DEFAULT 0 CHECK (shipments >= 0)
);
INSERT INTO shipment_counts (user_id, shipments) SELECT user_id, count(*) FROM shipments GROUP BY user_id;

CREATE FUNCTION shipment_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore brings shipment_counts' own rows (voyageur.restoring): the trigger stands aside.
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO shipment_counts (user_id, shipments)
    SELECT user_id, count(*) FROM inserted_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET shipments = shipment_counts.shipments + excluded.shipments;
  RETURN NULL;
END $$;
CREATE FUNCTION shipment_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE shipment_counts c SET shipments = c.shipments - d.n
    FROM (SELECT user_id, count(*) AS n FROM deleted_rows GROUP BY user_id) d
    WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;
CREATE TRIGGER shipment_counts_insert AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_counts_inserted();
CREATE TRIGGER shipment_counts_delete AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_counts_deleted();
CREATE FUNCTION shipment_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipment_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER shipment_counts_truncate AFTER TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_counts_truncated();

ALTER TABLE shipments ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
  array_to_tsvector(array_remove(
    regexp_split_to_array(search_text, '[\\s\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e\\u2010-\\u2027]+'), ''))
) STORED;
CREATE INDEX shipments_words_idx ON shipments USING gin (user_id, search_words);
DROP INDEX IF EXISTS shipments_user_idx;
`;
