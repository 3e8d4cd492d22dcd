export const name = '0024_notifications';

// Mail the settings promise (issue 27, decision 026): per-kind switches and the low-balance threshold
// on users, and an outbox the database writes in the same transaction as the change a mail tells of.
//
// - notification_outbox: one row per mail to send. A small job moves committed rows into pg-boss
//   (the job's id is the row's id, so two instances moving the same row queue it once) and deletes
//   them. The rows are written by triggers, so no order, void, top-up or tracking code path changes:
//     tax_documents insert            receipt / credit_note / topup_receipt (migrations 0017, 0022
//                                     decide when a document is issued; test-mode orders get none)
//     tracking_events insert          tracking (picked up, out for delivery, delivered, exception),
//                                     not for test-mode shipments
//     wallets balance going down      low_balance, when it goes from at or above the user's threshold
//     across it                       to below it: once per crossing (it must rise back to cross again)
// - app_secrets: the key of the one-click unsubscribe tokens (HMAC of user and kind), made by the
//   server on first use.
// A restore brings its own rows and says so with voyageur.restoring: the triggers stand aside.
export const sql = /* sql */ `
ALTER TABLE users
  ADD COLUMN notify_receipts boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_credit_notes boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_topup_receipts boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_low_balance boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_tracking boolean NOT NULL DEFAULT true,
  ADD COLUMN low_balance_threshold_cents bigint NOT NULL DEFAULT 2000
    CHECK (low_balance_threshold_cents >= 0 AND low_balance_threshold_cents <= 100000000);

CREATE TABLE notification_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note', 'topup_receipt', 'low_balance', 'tracking')),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_outbox_created_idx ON notification_outbox (created_at);

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE FUNCTION tax_documents_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  INSERT INTO notification_outbox (kind, user_id, data)
  VALUES (NEW.kind, NEW.user_id, jsonb_build_object('documentId', NEW.id));
  RETURN NEW;
END $$;
CREATE TRIGGER tax_documents_notify AFTER INSERT ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_notify();

CREATE FUNCTION tracking_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM shipments s WHERE s.id = NEW.shipment_id AND NOT s.test) THEN
    INSERT INTO notification_outbox (kind, user_id, data)
    VALUES ('tracking', NEW.user_id, jsonb_build_object('shipmentId', NEW.shipment_id, 'eventId', NEW.id,
      'status', NEW.status));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tracking_events_notify AFTER INSERT ON tracking_events
  FOR EACH ROW WHEN (NEW.status IN ('picked_up', 'out_for_delivery', 'delivered', 'exception'))
  EXECUTE FUNCTION tracking_events_notify();

CREATE FUNCTION wallets_notify_low_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE threshold bigint;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  SELECT low_balance_threshold_cents INTO threshold FROM users WHERE id = NEW.user_id;
  IF threshold > 0 AND OLD.balance_cents >= threshold AND NEW.balance_cents < threshold THEN
    INSERT INTO notification_outbox (kind, user_id, data)
    VALUES ('low_balance', NEW.user_id, jsonb_build_object('balanceCents', NEW.balance_cents,
      'thresholdCents', threshold));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER wallets_notify_low_balance AFTER UPDATE OF balance_cents ON wallets
  FOR EACH ROW WHEN (NEW.balance_cents < OLD.balance_cents)
  EXECUTE FUNCTION wallets_notify_low_balance();
`;
