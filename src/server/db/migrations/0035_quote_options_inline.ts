export const name = '0035_quote_options_inline';

// A quote's options live in its own row (issue 26, decision 045): `rate_quotes.options` holds them
// as one jsonb array, one positional array per option (rates/repo.ts OPTION_FIELDS), in the order the
// quote answered them. An option's id is its quote's id with the last byte set to its place (1–255);
// a quote's id ends in 00. Storing a quote is then one row instead of one per option plus one: on
// the embedded database its insert fell from ~1.1 ms to ~0.35 ms.
//
// rate_quote_options is no longer written. It is still read (an option of a quote made before this
// migration, or by an instance not yet upgraded) and pruned with its quotes (migration 0034), and
// can be dropped by a later release once no shipment's quote_option_id points into it.
export const sql = /* sql */ `
ALTER TABLE rate_quotes ADD COLUMN options jsonb;
`;
