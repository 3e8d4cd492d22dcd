export const name = '0039_quote_rows_json';

// A quote's request, warnings and options are kept as json, not jsonb (issue 26, decision 060). The
// server writes them from JSON.stringify and reads them back whole (an order takes one option by its
// place, `options -> n`, which json has too); nothing searches inside them. jsonb builds a binary
// tree of every value as the row goes in, which on the embedded database was most of a quote's
// insert: json only checks the text. Rows kept by orders are rewritten once by this migration.
export const sql = /* sql */ `
ALTER TABLE rate_quotes
  ALTER COLUMN request TYPE json USING request::json,
  ALTER COLUMN warnings DROP DEFAULT,
  ALTER COLUMN warnings TYPE json USING warnings::json,
  ALTER COLUMN warnings SET DEFAULT '[]'::json,
  ALTER COLUMN options TYPE json USING options::json;
`;
