export const name = '0016_carrier_calls';

// The admin panel's carriers view (issue 24): one row per call to a carrier (a quote, a purchase, a
// void, a tracking request), written by every instance into the one database, so the last call and
// the error rate of the last hour are the same whichever instance answers. Kept a day (prune-expired).
// ok: the carrier answered in time. A call that failed (TIMEOUT, UNAVAILABLE) has ok = false and its
// reason; a carrier's answered refusal (REFUSED, UNSUPPORTED_ROUTE, NOT_VOIDABLE, …) is ok with its reason.
export const sql = /* sql */ `
CREATE TABLE carrier_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  carrier text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('sandbox', 'test', 'live')),
  operation text NOT NULL CHECK (operation IN ('quote', 'purchase', 'find', 'label', 'track', 'void')),
  ok boolean NOT NULL,
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  error_reason text CHECK (ok OR error_reason IS NOT NULL),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carrier_calls_carrier_at ON carrier_calls (carrier, at DESC);
CREATE INDEX carrier_calls_at ON carrier_calls (at);
`;
