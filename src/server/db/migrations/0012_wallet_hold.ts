export const name = '0012_wallet_hold';

// Uncovered chargebacks and wallet holds (decision 021).
//
// - A dispute the balance could not cover is a `pending` debit (decision 016). It is paid by later
//   top-ups with completed debits of their own that name it (`settles_id`); once they add up to its
//   amount the pending entry gets its `settled_at`. That one column may be set once, on a pending
//   debit, with nothing else changed: the append-only trigger allows exactly that and refuses every
//   other UPDATE or DELETE. Its status stays 'pending' (it never moved money; ledger:verify counts
//   completed entries only, so neither the sums nor the balance_after chain change).
// - A wallet may be on hold: by an admin ('admin'), or by itself while a chargeback is owed
//   ('uncovered_debit', lifted by itself once paid). Orders on a held wallet are refused.
// - Our payment intents keep the card that paid (the provider's payment method id and its
//   fingerprint) and when it was disputed, so a disputed card is known when it pays again; a top-up
//   refused for that reason is marked so it is never credited.
export const sql = /* sql */ `
ALTER TABLE wallet_transactions ADD COLUMN settles_id uuid;
ALTER TABLE wallet_transactions ADD COLUMN settled_at timestamptz;
CREATE INDEX wallet_transactions_settles_idx ON wallet_transactions (settles_id) WHERE settles_id IS NOT NULL;
CREATE INDEX wallet_transactions_open_pending_idx ON wallet_transactions (wallet_id, seq)
  WHERE status = 'pending' AND direction = 'debit' AND settled_at IS NULL;

-- Append-only, but for the one mark a pending debit gets when later entries have paid it.
CREATE OR REPLACE FUNCTION wallet_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unchanged wallet_transactions;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND OLD.direction = 'debit'
     AND OLD.settled_at IS NULL AND NEW.settled_at IS NOT NULL THEN
    unchanged := NEW;
    unchanged.settled_at := NULL;
    IF unchanged IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'wallet_transactions is append-only (% refused)', TG_OP;
END $$;

ALTER TABLE wallets ADD COLUMN held_at timestamptz;
ALTER TABLE wallets ADD COLUMN hold_kind text CHECK (hold_kind IN ('admin', 'uncovered_debit'));
ALTER TABLE wallets ADD COLUMN hold_reason text;
ALTER TABLE wallets ADD COLUMN held_by uuid;
ALTER TABLE wallets ADD CONSTRAINT wallets_hold_complete CHECK ((held_at IS NULL) = (hold_kind IS NULL));

-- Wallets that owe a chargeback today are held until it is paid.
UPDATE wallets w SET held_at = now(), hold_kind = 'uncovered_debit',
  hold_reason = 'A card payment was disputed and the balance could not cover all of it'
WHERE EXISTS (
  SELECT 1 FROM wallet_transactions t
  WHERE t.wallet_id = w.id AND t.status = 'pending' AND t.direction = 'debit' AND t.settled_at IS NULL
);

ALTER TABLE payment_intents ADD COLUMN card_method_id text;
ALTER TABLE payment_intents ADD COLUMN card_fingerprint text;
ALTER TABLE payment_intents ADD COLUMN disputed_at timestamptz;
ALTER TABLE payment_intents ADD COLUMN refused_at timestamptz;
ALTER TABLE payment_intents ADD COLUMN refused_reason text;
-- A user's disputed payments (few): read whenever one of their payments is about to be credited.
CREATE INDEX payment_intents_disputed_idx ON payment_intents (user_id) WHERE disputed_at IS NOT NULL;
`;
