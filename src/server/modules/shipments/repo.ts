import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client';
import { COUNT_FIRST_FROM_OFFSET, readDeepPage } from '../../db/deep-page';
import { shipments, trackingEvents, type ShipmentRow, type TrackingEventRow } from '../../db/schema/orders';
import type { TShipmentDestination } from '../../../shared/contracts/shipments';
import { MARK_EVERY, afterMark, countWithMark } from './marks-repo';

/** Statuses the carrier still moves on (tracking sync reads these only). */
export const ACTIVE_STATUSES = ['label_created', 'in_transit', 'out_for_delivery'] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Where a search's words split, as the database splits search_text into search_words (migration
 * 0021): white space, ASCII punctuation, and the Unicode dashes and quotes U+2010–U+2027.
 */
const WORD_SPLIT = /[\s\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\u2010-\u2027]+/u;

/**
 * What a (normalized) search matches, by word: a word with a digit and at least three characters
 * is a fragment (of a tracking number, order code or postal code) found anywhere in search_text
 * (the trigram index); any other word matches the beginning of a word ('zh' finds Zhang, 'mont'
 * Montréal, 'm5v' the postal code M5V 3L9). Every word must match, in any order. A search with
 * punctuation ('100%', 'natural_foods', 'VY-7K3M') must also appear as typed (`literal`), so
 * punctuation is never ignored; a search of punctuation alone is matched as typed only.
 */
export function searchPlan(search: string): { prefixes: string[]; fragments: string[]; literal: string | null } {
  const words = [...new Set(search.split(WORD_SPLIT).filter((w) => w !== ''))];
  const literal = /[^\p{L}\p{N}\p{M} ]/u.test(search) ? search : null;
  const isFragment = (w: string) => w.length >= 3 && /\d/.test(w);
  return { prefixes: words.filter((w) => !isFragment(w)), fragments: words.filter(isFragment), literal };
}

/**
 * The tsquery of word prefixes: 'zh':* & 'wei':* (words hold no quote or backslash: WORD_SPLIT drops
 * them). A word in `whole` begins no other word of the user's (wholeWords) and is asked as itself,
 * 'wei', which the word index answers without gathering every word that begins with it.
 */
export function prefixQuery(prefixes: readonly string[], whole: ReadonlySet<string> = new Set()): string {
  return prefixes.map((w) => (whole.has(w) ? `'${w}'` : `'${w}':*`)).join(' & ');
}

/**
 * The least text above every text that begins with `word`, in code point order (COLLATE "C" on
 * UTF-8): `word` with its last code point raised by one, dropping trailing U+10FFFF (past which
 * nothing is; null when the word is only those) and stepping over the surrogates, which no text
 * holds. A bound of `word` followed by U+10FFFF would miss words that continue with U+10FFFF.
 */
export function prefixEnd(word: string): string | null {
  const points = [...word];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/**
 * The words of a search, of three characters or more, that begin no other word in the user's
 * shipments (migration 0036): the only row held from the word up to prefixEnd(word) in the kept term
 * counts is the word's own (no longer word, no mark of a word with a digit), so matching it whole
 * finds exactly what matching its beginning finds.
 */
async function wholeWords(db: Db, userId: string, words: readonly string[]): Promise<Set<string>> {
  const candidates = words.filter((w) => [...w].length >= 3);
  if (candidates.length === 0) return new Set();
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      select w.word from unnest(${sql.param(candidates)}::text[], ${sql.param(candidates.map(prefixEnd))}::text[])
        as w(word, word_end), shipment_search_terms t
      where t.user_id = ${userId} and t.shipments > 0
        and t.term >= w.word collate "C" and (w.word_end is null or t.term < w.word_end collate "C")
      group by w.word
      having count(*) = 1 and bool_or(t.term = w.word collate "C")`),
  );
  return new Set(rows.map((r) => r.word));
}

/**
 * The receiver's destination as migration 0027 indexes it (shipments_user_destination_idx on
 * user_id, this expression, created_at, id): the same text, so the planner uses the index.
 */
const destinationSql = sql`(CASE ${shipments.toAddress}->>'country' WHEN 'CA' THEN 'domestic' WHEN 'US' THEN 'us' ELSE 'international' END)`;

function listWhere(
  userId: string,
  search: string | null,
  destination: TShipmentDestination | null = null,
  test: boolean | null = null,
  whole: ReadonlySet<string> = new Set(),
  dense = false,
): SQL {
  const owned = and(eq(shipments.userId, userId), ...(test === null ? [] : [eq(shipments.test, test)]))!;
  const mine = destination ? and(owned, sql`${destinationSql} = ${destination}`)! : owned;
  if (!search) return mine;
  const { prefixes, fragments, literal } = searchPlan(search);
  // search_text and the search are both lower-cased (the same JavaScript toLowerCase), so a plain
  // LIKE is the case-insensitive match; the trigram index (gin_trgm_ops) serves LIKE as it serves
  // ILIKE, and its recheck skips ILIKE's case folding of every candidate.
  // Every fragment is part of the literal: with one, the literal alone is asked.
  const substrings = literal ? [literal] : fragments;
  return and(
    mine,
    ...(prefixes.length > 0
      ? [
          dense
            ? // The @@ operator's own function: the same match, which no index answers (denseWord).
              sql`ts_match_vq(search_words, ${prefixQuery(prefixes, whole)}::tsquery)`
            : sql`search_words @@ ${prefixQuery(prefixes, whole)}::tsquery`,
        ]
      : []),
    ...substrings.map((f) => like(shipments.searchText, containsPattern(f))),
  )!;
}

/** Each user's number of shipments (migration 0021: kept by triggers on shipments, read only here). */
const shipmentCounts = pgTable('shipment_counts', {
  userId: uuid('user_id').primaryKey(),
  shipments: bigint('shipments', { mode: 'number' }).notNull(),
});

/** A search's count stops here: past it the list says "10,000+" and pages through the newest 10,000. */
export const SEARCH_COUNT_CAP = 10_000;

/** The user's number of shipments, kept exact by the triggers of migration 0021 (no scan of their rows). */
export async function countShipments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: shipmentCounts.shipments })
    .from(shipmentCounts)
    .where(eq(shipmentCounts.userId, userId));
  return row?.n ?? 0;
}

/** The user's shipments bought with a test API key (the partial index shipments_user_test_idx, migration 0026). */
async function countTestShipments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.test, true)));
  return row?.n ?? 0;
}

/** Each user's number of shipments per search term (migration 0033: kept by triggers on shipments). */
const searchTerms = pgTable('shipment_search_terms', {
  userId: uuid('user_id').notNull(),
  term: text('term').notNull(),
  shipments: bigint('shipments', { mode: 'number' }).notNull(),
});

/** `n` matches as the list shows them: up to the cap, or the cap and "+". */
const cappedAt = (n: number) =>
  n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };

/**
 * The matches of a search of one word alone (isWordAlone), from the kept term counts where they answer
 * it (migrations 0033 and 0036): a word of up to three characters is one row's count, exact. A longer
 * word reads the rows of the words it begins: when the only one held by a shipment is the word itself
 * (no longer word, no mark of a word with a digit), that row's count is exact; when the biggest count
 * among them passes the cap the search is over the cap without a scan. Otherwise its matches are
 * counted (countMatches, on `where`).
 */
async function countWord(
  db: Db,
  userId: string,
  word: string,
  where: SQL,
): Promise<{ total: number; capped: boolean; whole?: true }> {
  if ([...word].length <= 3) {
    const [row] = await db
      .select({ n: searchTerms.shipments })
      .from(searchTerms)
      .where(and(eq(searchTerms.userId, userId), eq(searchTerms.term, word)));
    return cappedAt(row?.n ?? 0);
  }
  // Words beginning with `word`, and marks of words with a digit (migration 0036).
  const end = prefixEnd(word);
  const [range] = await db
    .select({
      biggest: sql<number | null>`max(${searchTerms.shipments})`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${searchTerms.shipments} > 0)`.mapWith(Number),
      own: sql<number | null>`max(${searchTerms.shipments}) filter (where ${searchTerms.term} = ${word})`.mapWith(
        Number,
      ),
    })
    .from(searchTerms)
    .where(
      and(
        eq(searchTerms.userId, userId),
        sql`${searchTerms.term} >= ${word}`,
        ...(end === null ? [] : [sql`${searchTerms.term} < ${end}`]),
      ),
    );
  const held = range?.held ?? 0;
  const own = range?.own ?? 0;
  if (held === 0) return cappedAt(0);
  // The word begins no other word: matching it whole finds the same shipments (decision 047), faster.
  if (held === 1 && own > 0) return { ...cappedAt(own), whole: true };
  const lowerBound = range?.biggest ?? 0;
  if (lowerBound > SEARCH_COUNT_CAP) return cappedAt(lowerBound);
  return countMatches(db, where);
}

/** A search of one word, matched by its beginning, and nothing else (no fragment, no punctuation). */
const isWordAlone = (plan: ReturnType<typeof searchPlan>) =>
  plan.prefixes.length === 1 && plan.fragments.length === 0 && plan.literal === null;

/**
 * Whether a word's page is read from the user's newest shipments, each tested against the word, rather
 * than from the word index, whose matches are all gathered and sorted by date: the first reads about
 * depth × all ÷ matches rows, the second `matches` rows, so the first wins when matches² > depth × all.
 * 'w' matches 4,658 of a user's 20,000: its first page is ~110 rows from the newest instead of 4,658
 * gathered. Said in the query itself, because the embedded database's prepared statements plan once
 * for every value (a generic plan), without knowing how common the word is (decision 050).
 */
export function denseWord(matches: number, all: number, depth: number): boolean {
  return matches * matches > depth * all;
}

/** The matches of a search, counted up to SEARCH_COUNT_CAP + 1 and no further. */
async function countMatches(db: Db, where: SQL): Promise<{ total: number; capped: boolean }> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(shipments)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('capped');
  return cappedAt((await db.select({ n: count() }).from(capped))[0]?.n ?? 0);
}

/**
 * One page of the user's shipments, newest first, and how many there are in all: the kept count
 * without a search, a count that stops at SEARCH_COUNT_CAP with one (`capped`), read through
 * db/deep-page.ts: near the start the count and the page run at once; deep pages count first (a page
 * past the end reads nothing, a page in the older half is read backwards from the oldest row), and a
 * capped search pages through its newest matches.
 */
export async function listShipments(
  db: Db,
  userId: string,
  q: {
    search: string | null;
    limit: number;
    offset: number;
    destination?: TShipmentDestination | null;
    /** Only test-key shipments (true), only the others (false), or both (null). */
    test?: boolean | null;
  },
): Promise<{
  rows: ShipmentRow[];
  total: number;
  capped: boolean;
  /** Marks up to this many rows from the oldest would make this page cheaper next time (marks.ts). */
  marksWanted?: number | null;
}> {
  const test = q.test ?? null;
  const search = q.search;
  // A search of several words asks those that begin no other word as whole words: its count and page
  // run on the word index, where a word's beginning gathers every word it begins (decision 047).
  const plan = search ? searchPlan(search) : null;
  const whole =
    plan && plan.prefixes.length + plan.fragments.length >= 2
      ? await wholeWords(db, userId, plan.prefixes)
      : new Set<string>();
  // A word alone is counted first (from the kept term counts, usually one row): the count says how
  // the page is best read (denseWord).
  if (search && plan && isWordAlone(plan) && !q.destination && test === null) {
    const word = plan.prefixes[0]!;
    const byIndex = listWhere(userId, search);
    const [{ whole: isWhole, ...counted }, all] = await Promise.all([
      countWord(db, userId, word, byIndex),
      countShipments(db, userId),
    ]);
    const asked = isWhole ? new Set([word]) : new Set<string>();
    const where = denseWord(counted.total, all, q.offset + q.limit)
      ? listWhere(userId, search, null, null, asked, true)
      : isWhole
        ? listWhere(userId, search, null, null, asked)
        : byIndex;
    return readDeepPage(
      q,
      () => Promise.resolve(counted),
      (limit, offset, from) => pageRows(db, where, limit, offset, from),
    );
  }
  const where = listWhere(userId, search, q.destination ?? null, test, whole);
  // Every shipment of the user (or its live ones, when it has no test shipment: an API key's list), a
  // deep page: read past the nearest kept mark (decision 054).
  const everyShipment =
    !search &&
    !q.destination &&
    q.offset >= COUNT_FIRST_FROM_OFFSET &&
    (test === null || (test === false && (await countTestShipments(db, userId)) === 0));
  if (everyShipment) {
    // Without test shipments the live ones are all of them: the user's index alone answers.
    const mine = listWhere(userId, null);
    const { total, mark } = await countWithMark(db, userId, q.offset + q.limit);
    const skip = Math.max(0, total - q.offset - q.limit);
    // The rows this page skips: from the newest, or from the oldest past the mark, whichever is fewer.
    const skipped = Math.min(q.offset, skip - (mark?.position ?? 0));
    const marksWanted = skipped >= 2 * MARK_EVERY ? skip : null;
    const page = await readDeepPage(
      q,
      () => Promise.resolve({ total, capped: false, ...(mark ? { markedFrom: mark.position } : {}) }),
      (limit, offset, from) =>
        from === 'oldest' && mark
          ? pageRows(db, and(mine, afterMark(mark))!, limit, offset - mark.position, 'oldest')
          : pageRows(db, mine, limit, offset, from),
    );
    return { rows: page.rows, total, capped: false, marksWanted };
  }
  // The kept count is of every shipment: any other search, a destination or test shipments alone
  // count their matches (up to the cap); live shipments alone are the kept count less the user's test
  // shipments (exact; migration 0026's partial index holds only test shipments, usually few).
  const counted = () =>
    search || q.destination || test === true
      ? countMatches(db, where)
      : test === false
        ? Promise.all([countShipments(db, userId), countTestShipments(db, userId)]).then(([all, tests]) => ({
            total: Math.max(0, all - tests),
            capped: false,
          }))
        : countShipments(db, userId).then((total) => ({ total, capped: false }));
  return readDeepPage(q, counted, (limit, offset, from) => pageRows(db, where, limit, offset, from));
}

/**
 * Deep pages: the ids of the page are found first from the index alone (no row is fetched for
 * the rows skipped), then only the page's rows are read.
 */
async function pageRows(
  db: Db,
  where: SQL,
  limit: number,
  offset: number,
  from: 'newest' | 'oldest',
): Promise<ShipmentRow[]> {
  const order =
    from === 'newest' ? [desc(shipments.createdAt), desc(shipments.id)] : [asc(shipments.createdAt), asc(shipments.id)];
  if (offset === 0) {
    return db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  }
  const ids = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select()
    .from(shipments)
    .innerJoin(ids, eq(ids.id, shipments.id))
    .orderBy(...order)
    .then((r) => r.map((x) => x.shipments));
}

export function recentShipments(db: Db, userId: string, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(eq(shipments.userId, userId))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
}

/**
 * Each shipment's place among this user's orders to its receiver, by shipment id: 1 for the first
 * order to that receiver, 2 for the second, by created time (then id, as the list orders them).
 * Failed orders are not counted: a failed one reads as the order it would have been (the orders
 * before it, plus one). One query for all the shipments given: a window over those receivers'
 * shipments (the (user_id, receiver_key) index finds them); shipments without a receiver key are left out.
 */
export async function receiverOrdinals(
  db: Db,
  userId: string,
  rows: readonly Pick<ShipmentRow, 'id' | 'receiverKey'>[],
): Promise<Map<string, number>> {
  const keyed = rows.filter((r) => r.receiverKey !== null);
  if (keyed.length === 0) return new Map();
  const keys = [...new Set(keyed.map((r) => r.receiverKey!))];
  const ids = [...new Set(keyed.map((r) => r.id))];
  const found = rowsOf<{ id: string; n: number | string }>(
    await db.execute(sql`
      select id, n from (
        select id, 1 + count(*) filter (where status <> 'failed') over (
          partition by receiver_key order by created_at, id rows between unbounded preceding and 1 preceding
        ) as n
        from shipments
        where user_id = ${userId} and receiver_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})
      ) ordered
      where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(found.map((r) => [r.id, Number(r.n)]));
}

export async function findShipment(db: Db, userId: string, id: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The user's shipment whose tracking number or order code is `ref` (upper-case, no spaces),
 * compared case-insensitively. The trigram index finds the candidates (search_text holds both,
 * lower-cased); the exact comparison then picks the one.
 */
export async function findByTrackingRef(db: Db, userId: string, ref: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, userId),
        or(
          eq(shipments.trackingNumber, ref),
          eq(shipments.orderCode, ref),
          like(shipments.searchText, containsPattern(ref.toLowerCase())),
        ),
        or(sql`upper(${shipments.trackingNumber}) = ${ref}`, sql`upper(${shipments.orderCode}) = ${ref}`),
      ),
    )
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  return row ?? null;
}

/** The shipment's tracking events, oldest first (by its user too: every user-owned read names the user, decision 030). */
export function listEvents(db: Db, shipment: { id: string; userId: string }): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.userId, shipment.userId), eq(trackingEvents.shipmentId, shipment.id)))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt));
}

export type NewEvent = { status: string; description: string; location: string; occurredAt: Date };

/** Stores the events not stored yet (one per status and shipment). */
export async function insertEvents(
  db: Db,
  shipment: { id: string; userId: string },
  events: readonly NewEvent[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await db
    .insert(trackingEvents)
    .values(
      events.map((e) => ({
        id: randomUUID(),
        shipmentId: shipment.id,
        userId: shipment.userId,
        status: e.status,
        description: e.description,
        location: e.location,
        occurredAt: e.occurredAt,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [trackingEvents.shipmentId, trackingEvents.status] })
    .returning({ id: trackingEvents.id });
  return inserted.length;
}

/**
 * Moves the shipment to `status` only while it is in one of `from` (a concurrent void or a later
 * status wins), and records the sync; null when it was not in `from`.
 */
export async function advanceStatus(
  db: Db,
  shipment: { id: string; userId: string },
  from: readonly ActiveStatus[],
  to: { status: Exclude<ActiveStatus, 'label_created'> | 'delivered'; deliveredAt: Date | null },
  now: Date,
): Promise<ShipmentRow | null> {
  if (from.length === 0) return null;
  const [row] = await db
    .update(shipments)
    .set({
      status: to.status,
      ...(to.deliveredAt ? { deliveredAt: to.deliveredAt } : {}),
      trackingSyncedAt: now,
      updatedAt: now,
    })
    .where(
      and(eq(shipments.userId, shipment.userId), eq(shipments.id, shipment.id), inArray(shipments.status, [...from])),
    )
    .returning();
  return row ?? null;
}

export async function markSynced(
  db: Db,
  shipment: { id: string; userId: string },
  now: Date,
): Promise<ShipmentRow | null> {
  const [row] = await db
    .update(shipments)
    .set({ trackingSyncedAt: now })
    .where(and(eq(shipments.userId, shipment.userId), eq(shipments.id, shipment.id)))
    .returning();
  return row ?? null;
}

/**
 * Claims up to `limit` active shipments for a tracking pass, least recently synced first: rows
 * another process holds are skipped, and the claim stamps tracking_synced_at so a concurrent pass
 * picks others.
 */
export async function claimActiveBatch(db: Db, limit: number, now: Date): Promise<ShipmentRow[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update shipments set tracking_synced_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from shipments
        where status in ('label_created', 'in_transit', 'out_for_delivery') and tracking_number is not null
          and (mode = 'sandbox' or tracking_next_check_at is null
               or tracking_next_check_at <= ${now.toISOString()}::timestamptz)
        order by tracking_synced_at nulls first
        limit ${limit}
        for update skip locked
      )
      returning id`),
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(shipments)
    .where(
      inArray(
        shipments.id,
        rows.map((r) => r.id),
      ),
    );
}

/** A real carrier is asked about one shipment at most this often (issue 24). */
export const REAL_TRACKING_EVERY_MS = 15 * 60_000;
/** The longest wait between tracking calls after errors or rate limits. */
export const REAL_TRACKING_MAX_BACKOFF_MS = 6 * 60 * 60_000;

/**
 * Takes the right to ask a real carrier about this shipment now: only when its next check is due,
 * and the next one is put 15 minutes ahead in the same statement, so concurrent passes (the job on
 * several processes, a user opening the detail) ask once. False when it is not due yet.
 */
export async function claimTrackingCheck(
  db: Db,
  shipment: { id: string; userId: string },
  now: Date,
): Promise<boolean> {
  const next = new Date(now.getTime() + REAL_TRACKING_EVERY_MS);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update shipments set tracking_next_check_at = ${next.toISOString()}::timestamptz
      where user_id = ${shipment.userId} and id = ${shipment.id}
        and (tracking_next_check_at is null or tracking_next_check_at <= ${now.toISOString()}::timestamptz)
      returning id`),
  );
  return rows.length > 0;
}

/** The wait before the next tracking call after `attempts` failures in a row: 15 min doubling, at most 6 h. */
export function trackingBackoffMs(attempts: number): number {
  return Math.min(REAL_TRACKING_EVERY_MS * 2 ** Math.min(attempts, 16), REAL_TRACKING_MAX_BACKOFF_MS);
}

/** After a real carrier's tracking call: a success resets the back-off; a failure lengthens it. */
export async function recordTrackingOutcome(
  db: Db,
  shipment: { id: string; userId: string },
  now: Date,
  ok: boolean,
): Promise<void> {
  if (ok) {
    await db
      .update(shipments)
      .set({ trackingAttempts: 0 })
      .where(and(eq(shipments.userId, shipment.userId), eq(shipments.id, shipment.id)));
    return;
  }
  await db.execute(sql`
    update shipments set tracking_attempts = tracking_attempts + 1,
      tracking_next_check_at = ${now.toISOString()}::timestamptz
        + make_interval(secs => least(${REAL_TRACKING_EVERY_MS / 1000} * power(2, least(tracking_attempts + 1, 16)),
                                      ${REAL_TRACKING_MAX_BACKOFF_MS / 1000}))
    where user_id = ${shipment.userId} and id = ${shipment.id}`);
}
