export const name = '0041_quote_rows_text';

// A quote's row is stored as the server wrote it (issue 26, decision 061).
//
// - request, warnings and options become text. The server writes them from JSON.stringify and reads
//   them back whole. An order takes one option by its place with `options::json -> n`. json checked
//   every character of a quote’s ~3.5 KB on each insert, about a quarter of the insert on the
//   embedded database.
// - The key to users goes. Its check took a share lock on the user's row for every quote: a write
//   to that row on the embedded database, and on PostgreSQL one multixact for a shop's quotes at
//   once. The user is the signed-in session's, and users are never deleted.
//
// Rows kept by orders are rewritten once by this migration.
export const sql = /* sql */ `
ALTER TABLE rate_quotes DROP CONSTRAINT IF EXISTS rate_quotes_user_id_fkey;
ALTER TABLE rate_quotes
  ALTER COLUMN request TYPE text USING request::text,
  ALTER COLUMN warnings DROP DEFAULT,
  ALTER COLUMN warnings TYPE text USING warnings::text,
  ALTER COLUMN warnings SET DEFAULT '[]',
  ALTER COLUMN options TYPE text USING options::text;
`;
