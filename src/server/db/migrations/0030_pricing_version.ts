export const name = '0030_pricing_version';

// Issue 26 (decision 039): quoting keeps the price rules, the discounts and the exchange rate in
// process and asks the database per quote only whether they changed. `config_versions` holds one
// row per cached set ('pricing'), whose token is replaced by a statement trigger in the same
// transaction as every write to those tables (the admin's routes, SQL by hand, an organization's
// deletion that clears users.organization_id), so it commits or rolls back with the change and
// every instance sees it with the change. A random token, not a counter: a restored backup brings
// back the token of the data it brings back, so no instance can take old data for new. No row is
// seeded (a restore loads the backup's); none means nothing was ever changed. The triggers stand
// aside during a restore, which loads the row as backed up.
export const sql = /* sql */ `
CREATE TABLE config_versions (
  name text PRIMARY KEY,
  token uuid NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION bump_pricing_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO config_versions (name, token, changed_at) VALUES ('pricing', gen_random_uuid(), now())
  ON CONFLICT (name) DO UPDATE SET token = excluded.token, changed_at = excluded.changed_at;
  RETURN NULL;
END $$;

CREATE TRIGGER price_rules_pricing_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
CREATE TRIGGER discounts_pricing_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
CREATE TRIGGER exchange_rates_pricing_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
CREATE TRIGGER users_organization_pricing_version AFTER UPDATE OF organization_id ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();
`;
