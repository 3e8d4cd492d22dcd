export const name = '0032_recipient_mail';

// The optional mail to the recipient (issue 27, decision 026's "What remains"):
//
// - shipments.notify_recipient / recipient_language: the per-shipment switch (off by default) and the
//   language of the recipient's mails; the address is the receiver's email (to_address->>'email').
// - addresses.notify_recipient / language: the same, remembered on an address-book entry.
// - recipient_mail_suppressions: addresses that unsubscribed, by the SHA-256 of the lower-cased
//   address (no address is kept in clear); no mail goes to them again, from any shipper.
// - A trigger on tracking_events writes the outbox row in the transaction of the event: the label
//   purchase's 'label_created' event ("shipped") and the first 'delivered' event. Test-mode
//   shipments send nothing; a restore stands aside (voyageur.restoring), as in 0024.
export const sql = /* sql */ `
ALTER TABLE shipments
  ADD COLUMN notify_recipient boolean NOT NULL DEFAULT false,
  ADD COLUMN recipient_language text NOT NULL DEFAULT 'en' CHECK (recipient_language IN ('en', 'zh'));

ALTER TABLE addresses
  ADD COLUMN notify_recipient boolean NOT NULL DEFAULT false,
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'zh'));

CREATE TABLE recipient_mail_suppressions (
  email_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE notification_outbox DROP CONSTRAINT notification_outbox_kind_check;
ALTER TABLE notification_outbox ADD CONSTRAINT notification_outbox_kind_check CHECK (kind IN
  ('receipt', 'credit_note', 'topup_receipt', 'low_balance', 'tracking', 'recipient_shipped', 'recipient_delivered'));

CREATE FUNCTION tracking_events_notify_recipient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM shipments s WHERE s.id = NEW.shipment_id AND s.notify_recipient AND NOT s.test
             AND coalesce(s.to_address->>'email', '') <> '') THEN
    INSERT INTO notification_outbox (kind, user_id, data)
    VALUES (CASE NEW.status WHEN 'delivered' THEN 'recipient_delivered' ELSE 'recipient_shipped' END, NEW.user_id,
      jsonb_build_object('shipmentId', NEW.shipment_id, 'eventId', NEW.id));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tracking_events_notify_recipient AFTER INSERT ON tracking_events
  FOR EACH ROW WHEN (NEW.status IN ('label_created', 'delivered'))
  EXECUTE FUNCTION tracking_events_notify_recipient();
`;
