export const name = '0025_webhooks';

// Signed webhooks of the public API (issue 28, decision 034).
// webhook_endpoints: a user's receiver URLs, the events each wants and the secret that signs them
// (kept as is: signing needs it; it is answered once, at creation). An endpoint failing for a day is
// disabled (enabled = false, disabled_at, disabled_reason) and its owner mailed; failing_since is the
// first failure since the last success.
// webhook_deliveries: both the outbox and the delivery log. A row per event and endpoint is inserted
// in the same transaction as the change that causes the event (an order, a void, a tracking update,
// a top-up), so no event is lost on a crash; the delivery job sends the rows due, in seq order per
// endpoint, and records each attempt's outcome. body is the exact JSON sent (and signed) each time.
// wallet.low_balance is written by a trigger beside migration 0024's low-balance mail: when a wallet's
// balance goes from at or above the user's low_balance_threshold_cents to below it (once per
// crossing), in the transaction that lowered it; a restore (voyageur.restoring) writes none.
export const sql = /* sql */ `
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  disabled_at timestamptz,
  disabled_reason text,
  failing_since timestamptz,
  consecutive_failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, created_at);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  event_id text NOT NULL,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  response_status integer,
  duration_ms integer,
  error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE FUNCTION wallets_webhook_low_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold bigint;
  evt text;
  payload text;
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  SELECT low_balance_threshold_cents INTO threshold FROM users WHERE id = NEW.user_id;
  IF threshold > 0 AND OLD.balance_cents >= threshold AND NEW.balance_cents < threshold THEN
    evt := 'evt_' || replace(gen_random_uuid()::text, '-', '');
    payload := jsonb_build_object(
      'id', evt,
      'type', 'wallet.low_balance',
      'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object('wallet', jsonb_build_object(
        'balance', to_char(NEW.balance_cents / 100.0, 'FM999999999990.00'),
        'threshold', to_char(threshold / 100.0, 'FM999999999990.00'),
        'currency', 'CAD')))::text;
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, user_id, type, body, next_attempt_at, created_at)
    SELECT gen_random_uuid(), evt, e.id, e.user_id, 'wallet.low_balance', payload, now(), now()
    FROM webhook_endpoints e
    WHERE e.user_id = NEW.user_id AND e.enabled AND 'wallet.low_balance' = ANY (e.events);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER wallets_webhook_low_balance AFTER UPDATE OF balance_cents ON wallets
  FOR EACH ROW WHEN (NEW.balance_cents < OLD.balance_cents)
  EXECUTE FUNCTION wallets_webhook_low_balance();
`;
