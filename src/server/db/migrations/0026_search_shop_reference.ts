export const name = '0026_search_shop_reference';

// The shop's own order number (a bulk import row's reference: '#1001', 'SO-5521') finds its shipment in
// the shipments search, as the order code and tracking number do.
//
// - The reference lives on the bulk import row that bought the shipment (bulk_import_rows.data,
//   shipment_id); the shipment's search_text gets it appended, normalized as search_text is (trimmed,
//   lower-cased, inner white space as one space). search_words (migration 0021) is generated from
//   search_text, so its words follow, and fragments with a digit use the trigram index as before.
// - A BEFORE UPDATE OF search_text trigger on shipments appends it whenever search_text is written
//   again (the label's purchase rewrites it with the tracking number); an AFTER trigger on
//   bulk_import_rows rewrites the shipment's search_text (to itself, so the first trigger runs) when
//   a row gets its shipment. Both stand aside during a restore (voyageur.restoring): restored rows
//   already hold their search_text.
// - bulk_import_rows_shipment_idx finds a shipment's row.
// - Shipments bought from a bulk import before this migration are backfilled (backfillSql).
//
// Also the list's live/test filter (issue 28, GET /api/shipments?test=true|false):
// shipments_user_test_idx holds only test-key shipments (usually few), newest first: test=true reads
// its page and capped count from it, test=false counts them to take from the kept count.
export const backfillSql = /* sql */ `
UPDATE shipments SET search_text = search_text
  WHERE id IN (SELECT shipment_id FROM bulk_import_rows WHERE shipment_id IS NOT NULL);
`;

export const sql = /* sql */ `
CREATE INDEX bulk_import_rows_shipment_idx ON bulk_import_rows (shipment_id) WHERE shipment_id IS NOT NULL;
CREATE INDEX shipments_user_test_idx ON shipments (user_id, created_at DESC, id DESC) WHERE test;

CREATE FUNCTION shipments_search_reference() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ref text;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  SELECT lower(btrim(regexp_replace(r.data->>'reference', '\\s+', ' ', 'g'))) INTO ref
    FROM bulk_import_rows r
    WHERE r.shipment_id = NEW.id AND coalesce(r.data->>'reference', '') ~ '\\S'
    LIMIT 1;
  IF ref IS NOT NULL AND position(' ' || ref || ' ' IN ' ' || NEW.search_text || ' ') = 0 THEN
    NEW.search_text := btrim(NEW.search_text || ' ' || ref);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shipments_search_reference BEFORE UPDATE OF search_text ON shipments
  FOR EACH ROW EXECUTE FUNCTION shipments_search_reference();

CREATE FUNCTION bulk_import_rows_search_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF NEW.shipment_id IS NOT NULL AND (
    TG_OP = 'INSERT'
    OR OLD.shipment_id IS DISTINCT FROM NEW.shipment_id
    OR OLD.data->>'reference' IS DISTINCT FROM NEW.data->>'reference'
  ) THEN
    UPDATE shipments SET search_text = search_text WHERE id = NEW.shipment_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bulk_import_rows_search_reference AFTER INSERT OR UPDATE OF shipment_id, data ON bulk_import_rows
  FOR EACH ROW EXECUTE FUNCTION bulk_import_rows_search_reference();
${backfillSql}`;
