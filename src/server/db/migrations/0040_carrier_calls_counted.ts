export const name = '0040_carrier_calls_counted';

// One row of carrier_calls stands for `calls` calls alike (issue 26, decision 060): the same carrier,
// mode, operation, outcome and reason, recorded by one instance within one flush (about a second).
// Its latency and time are the last of them. A quote asks five carriers, so a row per call was five
// rows a quote, a twentieth of a quote's time on the embedded database; the carriers view (each
// carrier's last call, the last hour's calls and errors) reads the same from the counted rows.
export const sql = /* sql */ `
ALTER TABLE carrier_calls ADD COLUMN calls integer NOT NULL DEFAULT 1 CHECK (calls >= 1);
`;
