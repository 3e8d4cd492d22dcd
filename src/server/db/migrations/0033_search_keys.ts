export const name = '0033_search_keys';

// Issue 26 (decision 030, measured in 042): a search's word prefixes read only the searching user's
// words. search_words' GIN index on (user_id, search_words) answered 'wei':* & 'zhang':* by first
// collecting every shipment of every user with a word starting 'wei' or 'zhang' (a prefix is a
// partial match over the whole index), then intersecting with the user's 200,000 entries: 34 ms of
// GIN work for 42 matches at 1,000,000 shipments. search_keys holds the same words, each behind the
// first 12 hex digits of the owner's id ('0f3a9c21b7d4zhang'), so a prefix query names one user's
// words only ('0f3a9c21b7d4zh':*). Two users sharing those digits (one pair in ~16 million users)
// only share candidates: the list's WHERE keeps user_id = $1. The words are split as before (white
// space, ASCII punctuation, U+2010–U+2027). Adding the stored column rewrites shipments (minutes at
// 1,000,000 rows, under an exclusive lock): on a large production database, run it in a maintenance
// window.
export const sql = /* sql */ `
ALTER TABLE shipments ADD COLUMN search_keys tsvector GENERATED ALWAYS AS (
  array_to_tsvector(array_remove(regexp_split_to_array(
    regexp_replace(
      btrim(regexp_replace(search_text, '[\\s\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e\\u2010-\\u2027]+', ' ', 'g')),
      '(^| )', '\\1' || left(replace(user_id::text, '-', ''), 12), 'g'),
    ' '), ''))
) STORED;
CREATE INDEX shipments_keys_idx ON shipments USING gin (search_keys);
DROP INDEX shipments_words_idx;
ALTER TABLE shipments DROP COLUMN search_words;
`;
