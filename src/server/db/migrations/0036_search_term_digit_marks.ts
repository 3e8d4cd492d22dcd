export const name = '0036_search_term_digit_marks';

// Words known to begin no other word (issue 26, decision 047).
//
// Migration 0033 keeps every word of four characters or more without a digit, and the first three
// characters of every word, so a search word w ('winnipeg', 'wei') could be known to begin no other
// word from the rows between w and w followed by the last code point, had every word beginning with
// w a row there: a longer word without a digit ('winnipegosis') has its own row, but a word with a
// digit ('winnipeg2', 'wei5') has none. Such words now leave a mark: the part before their first
// digit followed by chr(1) (sorting right after that part, COLLATE "C"), when that part has three
// characters or more (a shorter search word is not looked up). When the only row of that range held
// by a shipment is w itself, every word beginning with w is w: a search of w alone is counted
// exactly from its row (four characters or more; shorter ones are counted from 0033's rows already),
// and a search of several words matches w as a whole word, which the word index answers far faster
// than a prefix. A mark or another word there keeps the search as before. Marks are counted like
// terms (per user, once per shipment), by the same triggers.
//
// The trigger functions are those of 0033 with the mark added. Existing shipments' marks are counted
// here (after a restore too: a backup made before this migration is migrated after its rows load).

/** The terms of `words` (a tsvector) as FROM items giving t.term (NULL where a word has none of that kind). */
const termsOf = (words: string) => /* sql */ `unnest(tsvector_to_array(${words})) AS w(word),
      LATERAL (VALUES
        (left(w.word, 1)),
        (left(w.word, 2)),
        (CASE WHEN left(w.word, 3) !~ '[0-9]' THEN left(w.word, 3) END),
        (CASE WHEN char_length(w.word) > 3 AND w.word !~ '[0-9]' THEN w.word END),
        (CASE WHEN w.word ~ '^[^0-9]{3}' AND w.word ~ '[0-9]' THEN substring(w.word from '^[^0-9]*') || chr(1) END)
      ) AS t(term)`;

/** A statement-level trigger function adding `sign` × each term's number of shipments in `rows` (a transition table). */
const addRows = (fn: string, rows: string, sign: '' | '-') => /* sql */ `
CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO shipment_search_terms AS c (user_id, term, shipments)
    SELECT s.user_id, t.term, ${sign}count(DISTINCT s.id)
    FROM ${rows} s, ${termsOf('s.search_words')}
    WHERE t.term IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, term) DO UPDATE SET shipments = c.shipments + excluded.shipments;
  RETURN NULL;
END $$;`;

export const sql = /* sql */ `
${addRows('shipment_search_terms_inserted', 'inserted_rows', '')}
${addRows('shipment_search_terms_deleted', 'deleted_rows', '-')}
CREATE OR REPLACE FUNCTION shipment_search_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('voyageur.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO shipment_search_terms AS c (user_id, term, shipments)
    SELECT x.user_id, x.term, sum(x.d)
    FROM (
      SELECT DISTINCT NEW.user_id AS user_id, t.term, 1 AS d FROM ${termsOf('NEW.search_words')} WHERE t.term IS NOT NULL
      UNION ALL
      SELECT DISTINCT OLD.user_id, t.term, -1 FROM ${termsOf('OLD.search_words')} WHERE t.term IS NOT NULL
    ) x
    GROUP BY 1, 2 HAVING sum(x.d) <> 0 ORDER BY 1, 2
  ON CONFLICT (user_id, term) DO UPDATE SET shipments = c.shipments + excluded.shipments;
  RETURN NULL;
END $$;

INSERT INTO shipment_search_terms AS c (user_id, term, shipments)
  SELECT s.user_id, substring(w.word from '^[^0-9]*') || chr(1), count(DISTINCT s.id)
  FROM shipments s, unnest(tsvector_to_array(s.search_words)) AS w(word)
  WHERE w.word ~ '^[^0-9]{3}' AND w.word ~ '[0-9]'
  GROUP BY 1, 2
ON CONFLICT (user_id, term) DO UPDATE SET shipments = excluded.shipments;
`;
