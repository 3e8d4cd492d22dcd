export const name = '0034_quote_option_keys';

// A quote's 15 or so option rows were each checked against two foreign keys as they were inserted
// (issue 26, decision 044): the quote (inserted by the same statement) and the user. Those 30 checks
// were a quarter of the quote's insert on the embedded database.
//
// - user_id: an option's user is its quote's user (the one statement that writes both copies it from
//   the quote row); the quote keeps its own key to the user.
// - quote_id: an option is only ever written with its quote, in that statement (rates/repo.ts
//   insertQuote). The cascade becomes a statement trigger: deleting quotes (the pruning job) deletes
//   their options in the same statement.
export const sql = /* sql */ `
ALTER TABLE rate_quote_options DROP CONSTRAINT rate_quote_options_user_id_fkey;
ALTER TABLE rate_quote_options DROP CONSTRAINT rate_quote_options_quote_id_fkey;

CREATE FUNCTION rate_quotes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rate_quote_options o USING deleted_quotes d WHERE o.quote_id = d.id;
  RETURN NULL;
END $$;
CREATE TRIGGER rate_quotes_delete AFTER DELETE ON rate_quotes
  REFERENCING OLD TABLE AS deleted_quotes FOR EACH STATEMENT EXECUTE FUNCTION rate_quotes_deleted();
CREATE FUNCTION rate_quotes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rate_quote_options;
  RETURN NULL;
END $$;
CREATE TRIGGER rate_quotes_truncate AFTER TRUNCATE ON rate_quotes
  FOR EACH STATEMENT EXECUTE FUNCTION rate_quotes_truncated();
`;
