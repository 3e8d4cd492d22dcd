export const name = '0022_documents_test_mode';

// Test-mode orders take no tax document (issue 27 fix, decision 025). Migration 0018 added
// shipments.test after 0017's trigger was written, so an order bought with a `vy_test_` API key
// (sandbox carriers only, nothing charged, decision 027) took an R- number at 'label_created' and a
// CN- number on void: a gap-free series of real supplies spent on orders nobody paid for, and their
// taxes in the operator's tax report. The trigger function is replaced to stand aside for them; the
// rest of it is 0017's unchanged. A development database that already issued numbers to test orders
// keeps those rows (the table is append-only); the tax report and the receipt routes leave them out.
export const sql = /* sql */ `
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
`;
