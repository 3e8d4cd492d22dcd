export const name = '0042_receipts_numbered_after_commit';

// An order's receipt takes its number after the order commits (issue 26, decision 062).
//
// - Until now the receipt's trigger took the next R- number in the transaction that set the label
//   ('label_created') and held the counter's row until that transaction committed. Every order of
//   every shop passed through that one row: under load the orders' label statements queued on it,
//   and it is the one write that would take an order's transaction off its user's shard
//   (decision 030).
// - Now the trigger writes the receipt without its number. number_receipts() numbers every receipt
//   not yet numbered, in the order issued, in one short transaction under the counter's row: still
//   gapless and without duplicates (a number is given only to a committed receipt, and only under
//   that lock). The app calls it after an order's answer, and before any number is read, so a user
//   or a mail never sees a receipt without its number.
// - tax_documents stays append-only but for that one change: a receipt's seq and number are filled
//   in once, by number_receipts() alone, and nothing else about it may change.
// - A document's series is checked by a CHECK, no longer by a key to the counters: the key's check
//   share-locked the series' counter row from every order's transaction, and the series' first
//   receipt is now written before its counter row exists.
// - Credit notes (CN-) and prepayment receipts (P-) are numbered as before: voids and top-ups are
//   rare beside orders.
// - A number is its series, a dash and its seq padded to six digits, and no longer cut to six: lpad
//   cuts a longer text, so the millionth document of a series was given the 100,000th's number and
//   refused as a duplicate. A CHECK now holds every number to its series and seq.
export const sql = /* sql */ `
CREATE FUNCTION tax_document_number(p_series text, p_seq bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT p_series || '-' || lpad(p_seq::text, greatest(6, length(p_seq::text)), '0')
$$;

ALTER TABLE tax_documents ALTER COLUMN seq DROP NOT NULL, ALTER COLUMN number DROP NOT NULL;
ALTER TABLE tax_documents ADD CONSTRAINT tax_documents_numbered_check
  CHECK ((seq IS NULL) = (number IS NULL) AND (seq IS NOT NULL OR kind = 'receipt'));
ALTER TABLE tax_documents DROP CONSTRAINT tax_documents_series_fkey;
ALTER TABLE tax_documents ADD CONSTRAINT tax_documents_series_check CHECK (series IN ('R', 'CN', 'P'));
ALTER TABLE tax_documents ADD CONSTRAINT tax_documents_number_check
  CHECK (number = series || '-' || lpad(seq::text, greatest(6, length(seq::text)), '0'));
CREATE INDEX tax_documents_unnumbered_idx ON tax_documents (issued_at, id) WHERE seq IS NULL;

CREATE OR REPLACE FUNCTION tax_documents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL
     AND coalesce(current_setting('voyageur.numbering_receipts', true), '') = 'on'
     AND (to_jsonb(NEW) - 'seq' - 'number') = (to_jsonb(OLD) - 'seq' - 'number') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'tax_documents is append-only (% refused)', TG_OP;
END $$;

CREATE OR REPLACE FUNCTION shipments_issue_tax_documents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  rcpt tax_documents%ROWTYPE;
  export boolean;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF NEW.test THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'purchasing' AND NEW.status = 'label_created' THEN
    export := coalesce(NEW.to_address->>'country', 'CA') <> 'CA';
    INSERT INTO tax_documents (kind, series, seq, number, user_id, shipment_id, issued_at, customer,
      tax_province, zero_rated, shipping_cents, coverage_cents, discount_cents, subtotal_cents,
      gst_cents, hst_cents, qst_cents, total_cents)
    VALUES ('receipt', 'R', NULL, NULL, NEW.user_id, NEW.id, NEW.updated_at,
      tax_document_customer(NEW.user_id),
      CASE WHEN export THEN NULL ELSE NEW.to_address->>'province' END, export,
      NEW.price_cents + NEW.discount_cents - least(NEW.coverage_cents, NEW.price_cents + NEW.discount_cents),
      least(NEW.coverage_cents, NEW.price_cents + NEW.discount_cents), NEW.discount_cents, NEW.price_cents,
      NEW.gst_cents, NEW.hst_cents, NEW.qst_cents, NEW.total_cents);
  ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    SELECT * INTO rcpt FROM tax_documents WHERE shipment_id = NEW.id AND kind = 'receipt';
    IF FOUND THEN
      n := next_tax_document_number('CN');
      INSERT INTO tax_documents (kind, series, seq, number, user_id, shipment_id, refers_to, issued_at, customer,
        tax_province, zero_rated, shipping_cents, coverage_cents, discount_cents, subtotal_cents,
        gst_cents, hst_cents, qst_cents, total_cents)
      VALUES ('credit_note', 'CN', n, tax_document_number('CN', n), NEW.user_id, NEW.id, rcpt.id,
        coalesce(NEW.voided_at, NEW.updated_at), rcpt.customer, rcpt.tax_province, rcpt.zero_rated,
        rcpt.shipping_cents, rcpt.coverage_cents, rcpt.discount_cents, rcpt.subtotal_cents,
        rcpt.gst_cents, rcpt.hst_cents, rcpt.qst_cents, rcpt.total_cents);
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- Numbers every receipt not yet numbered, oldest issued first; answers how many. Without one to
-- number it takes no lock and writes nothing. Numberers queue on an advisory lock (no write, so the
-- ones that find the work done commit nothing), then on the counter's row as before; each statement
-- reads anew, so every receipt committed before the numbering statement starts is numbered by it.
CREATE FUNCTION number_receipts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_last bigint;
  v_count integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM tax_documents WHERE seq IS NULL) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('voyageur:number-receipts', 0));
  IF NOT EXISTS (SELECT 1 FROM tax_documents WHERE seq IS NULL) THEN
    RETURN 0;
  END IF;
  INSERT INTO tax_document_counters (series, last_number) VALUES ('R', 0) ON CONFLICT (series) DO NOTHING;
  SELECT last_number INTO v_last FROM tax_document_counters WHERE series = 'R' FOR UPDATE;
  PERFORM set_config('voyageur.numbering_receipts', 'on', true);
  WITH pending AS (
    SELECT id, row_number() OVER (ORDER BY issued_at, id) AS place FROM tax_documents WHERE seq IS NULL
  )
  UPDATE tax_documents d SET seq = v_last + p.place, number = tax_document_number('R', v_last + p.place)
  FROM pending p WHERE d.id = p.id;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('voyageur.numbering_receipts', 'off', true);
  UPDATE tax_document_counters SET last_number = v_last + v_count WHERE series = 'R';
  RETURN v_count;
END $$;

CREATE OR REPLACE FUNCTION wallet_transactions_issue_prepayment_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  n := next_tax_document_number('P');
  INSERT INTO tax_documents (kind, series, seq, number, user_id, transaction_id, issued_at, customer,
    subtotal_cents, total_cents)
  VALUES ('topup_receipt', 'P', n, tax_document_number('P', n), NEW.user_id, NEW.id, NEW.created_at,
    tax_document_customer(NEW.user_id), NEW.amount_cents, NEW.amount_cents);
  RETURN NEW;
END $$;
`;
