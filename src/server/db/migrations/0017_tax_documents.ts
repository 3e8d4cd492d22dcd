export const name = '0017_tax_documents';

// Receipts, credit notes and top-up receipts (issue 27, decision 025).
//
// - tax_document_counters: one row per series (R receipts, CN credit notes, P prepayment receipts).
//   A number is taken by updating that row in the transaction that makes the supply, so a number
//   is used exactly when the change commits: no gaps (a sequence's nextval survives a rollback and
//   would leave one), no duplicates (the row lock orders concurrent issuers).
// - tax_documents: what was issued, append-only, with the amounts and the customer as they stood
//   at issue (a later billing-address change does not rewrite a receipt already given).
//
// Triggers issue the documents in the same transaction as the change they record, whichever code
// path makes it (an order, the recovery job, a void, a card top-up, a webhook, an admin charge):
//   shipments 'purchasing' → 'label_created'   a receipt (the supply is made when the label exists;
//                                               a failed order, refunded in full, never gets one)
//   shipments with a receipt → 'cancelled'     a credit note referring to that receipt
//   a completed top-up/admin_charge credit     a prepayment receipt (not a taxable supply)
// A restore brings its own rows and says so with voyageur.restoring: the triggers stand aside.
export const sql = /* sql */ `
CREATE TABLE tax_document_counters (
  series text PRIMARY KEY CHECK (series IN ('R', 'CN', 'P')),
  last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);

CREATE TABLE tax_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note', 'topup_receipt')),
  series text NOT NULL REFERENCES tax_document_counters(series),
  seq bigint NOT NULL CHECK (seq > 0),
  number text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  shipment_id uuid REFERENCES shipments(id) ON DELETE RESTRICT,
  transaction_id uuid,
  refers_to uuid REFERENCES tax_documents(id),
  issued_at timestamptz NOT NULL,
  customer jsonb NOT NULL,
  -- The province whose GST/HST rate applies (the destination); null for a zero-rated export or a
  -- document with no taxable supply (a prepayment).
  tax_province text,
  zero_rated boolean NOT NULL DEFAULT false,
  shipping_cents bigint NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  coverage_cents bigint NOT NULL DEFAULT 0 CHECK (coverage_cents >= 0),
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  subtotal_cents bigint NOT NULL DEFAULT 0 CHECK (subtotal_cents >= 0),
  gst_cents bigint NOT NULL DEFAULT 0 CHECK (gst_cents >= 0),
  hst_cents bigint NOT NULL DEFAULT 0 CHECK (hst_cents >= 0),
  qst_cents bigint NOT NULL DEFAULT 0 CHECK (qst_cents >= 0),
  total_cents bigint NOT NULL CHECK (total_cents >= 0 AND total_cents = subtotal_cents + gst_cents + hst_cents + qst_cents),
  UNIQUE (series, seq),
  CHECK ((kind = 'credit_note') = (refers_to IS NOT NULL))
);
CREATE UNIQUE INDEX tax_documents_shipment_kind_key ON tax_documents (shipment_id, kind) WHERE shipment_id IS NOT NULL;
CREATE UNIQUE INDEX tax_documents_transaction_key ON tax_documents (transaction_id) WHERE transaction_id IS NOT NULL;
CREATE INDEX tax_documents_user_idx ON tax_documents (user_id, issued_at);
CREATE INDEX tax_documents_issued_idx ON tax_documents (issued_at);

CREATE FUNCTION tax_documents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax_documents is append-only (% refused)', TG_OP;
END $$;
CREATE TRIGGER tax_documents_append_only BEFORE UPDATE OR DELETE ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_append_only();

-- The next number of a series, taken under the counter row's lock (held to the end of the
-- transaction). A series' row is made by its first number (no rows seeded here: a restore migrates
-- an empty database and then loads the backup's own counters).
CREATE FUNCTION next_tax_document_number(p_series text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  INSERT INTO tax_document_counters AS c (series, last_number) VALUES (p_series, 1)
  ON CONFLICT (series) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO n;
  RETURN n;
END $$;

-- The customer as a receipt names them: name, e-mail, organization and its billing address now.
CREATE FUNCTION tax_document_customer(p_user uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'name', trim(u.first_name || ' ' || u.last_name),
    'email', u.email,
    'organization', coalesce(o.name, ''),
    'organizationAddress', coalesce(o.address, ''),
    'billingAddress', o.billing_address)
  FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
  WHERE u.id = p_user
$$;

CREATE FUNCTION shipments_issue_tax_documents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  rcpt tax_documents%ROWTYPE;
  export boolean;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'purchasing' AND NEW.status = 'label_created' THEN
    export := coalesce(NEW.to_address->>'country', 'CA') <> 'CA';
    n := next_tax_document_number('R');
    INSERT INTO tax_documents (kind, series, seq, number, user_id, shipment_id, issued_at, customer,
      tax_province, zero_rated, shipping_cents, coverage_cents, discount_cents, subtotal_cents,
      gst_cents, hst_cents, qst_cents, total_cents)
    VALUES ('receipt', 'R', n, 'R-' || lpad(n::text, 6, '0'), NEW.user_id, NEW.id, NEW.updated_at,
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
      VALUES ('credit_note', 'CN', n, 'CN-' || lpad(n::text, 6, '0'), NEW.user_id, NEW.id, rcpt.id,
        coalesce(NEW.voided_at, NEW.updated_at), rcpt.customer, rcpt.tax_province, rcpt.zero_rated,
        rcpt.shipping_cents, rcpt.coverage_cents, rcpt.discount_cents, rcpt.subtotal_cents,
        rcpt.gst_cents, rcpt.hst_cents, rcpt.qst_cents, rcpt.total_cents);
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shipments_issue_tax_documents AFTER UPDATE OF status ON shipments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION shipments_issue_tax_documents();

CREATE FUNCTION wallet_transactions_issue_prepayment_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  n := next_tax_document_number('P');
  INSERT INTO tax_documents (kind, series, seq, number, user_id, transaction_id, issued_at, customer,
    subtotal_cents, total_cents)
  VALUES ('topup_receipt', 'P', n, 'P-' || lpad(n::text, 6, '0'), NEW.user_id, NEW.id, NEW.created_at,
    tax_document_customer(NEW.user_id), NEW.amount_cents, NEW.amount_cents);
  RETURN NEW;
END $$;
CREATE TRIGGER wallet_transactions_issue_prepayment_receipt AFTER INSERT ON wallet_transactions
  FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.direction = 'credit' AND NEW.type IN ('topup', 'admin_charge'))
  EXECUTE FUNCTION wallet_transactions_issue_prepayment_receipt();
`;
