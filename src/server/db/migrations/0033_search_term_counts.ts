export const name = '0033_search_term_counts';

// A search's count without reading its matches (issue 26, decision 043).
//
// A search of one word counts its matches up to 10,000 (shipments/repo.ts). With many matches that
// count read one heap page per match: 'w' or the biggest city took 35–60 ms at 200,000 shipments.
// shipment_search_terms keeps, per user, how many shipments hold each search term, exact, in the
// same statement that writes the shipment:
//
// - the first one and two characters of every word of search_words (a word with a digit too: '7r'
//   and 'k1' are word-beginning searches), and the first three when they hold no digit (three
//   characters with a digit are a fragment, matched in search_text by the trigram index). A shipment
//   counts once per term however many of its words begin with it. A search of one word of up to three
//   characters is then one primary-key read: 'w' counts exactly the shipments that 'w':* matches.
// - every word of four characters or more without a digit, counted once per shipment. A longer search
//   ('toronto') matches the words it begins; the biggest of their counts is a lower bound of its
//   matches, so a word held by more shipments than the cap says "10,000+" without a scan. Below the
//   cap the matches are counted as before.
//
// Each write of shipments changes the counts in one statement, rows locked in (user_id, term) order,
// so two such statements of one user never wait on each other in a cycle. Counts that reach 0 stay
// (a word the user may ship to again). A restore stands aside (voyageur.restoring): the backup holds
// this table's rows. Existing shipments are counted here.

/** The terms of `words` (a tsvector) as FROM items giving t.term (NULL where a word has none of that kind). */
const termsOf = (words: string) => /* sql */ `unnest(tsvector_to_array(${words})) AS w(word),
      LATERAL (VALUES
        (left(w.word, 1)),
        (left(w.word, 2)),
        (CASE WHEN left(w.word, 3) !~ '[0-9]' THEN left(w.word, 3) END),
        (CASE WHEN char_length(w.word) > 3 AND w.word !~ '[0-9]' THEN w.word END)
      ) AS t(term)`;

/** A trigger function adding `sign` × each term's number of shipments in `rows` (a transition table). */
const addRows = (fn: string, rows: string, sign: '' | '-') => /* sql */ `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- No CHECK (shipments >= 0): an upsert's candidate row carries the change, negative for terms lost.
CREATE TABLE shipment_search_terms (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  term text COLLATE "C" NOT NULL,
  shipments bigint NOT NULL,
  PRIMARY KEY (user_id, term)
);
${addRows('shipment_search_terms_inserted', 'inserted_rows', '')}
${addRows('shipment_search_terms_deleted', 'deleted_rows', '-')}
CREATE FUNCTION shipment_search_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION shipment_search_terms_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipment_search_terms;
  RETURN NULL;
END $$;
CREATE TRIGGER shipment_search_terms_insert AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_search_terms_inserted();
CREATE TRIGGER shipment_search_terms_delete AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment_search_terms_deleted();
CREATE TRIGGER shipment_search_terms_update AFTER UPDATE OF search_text ON shipments
  FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
  EXECUTE FUNCTION shipment_search_terms_updated();
CREATE TRIGGER shipment_search_terms_truncate AFTER TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_search_terms_truncated();

INSERT INTO shipment_search_terms (user_id, term, shipments)
  SELECT s.user_id, t.term, count(DISTINCT s.id)
  FROM shipments s, ${termsOf('s.search_words')}
  WHERE t.term IS NOT NULL
  GROUP BY 1, 2;
`;
