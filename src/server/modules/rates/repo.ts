import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { rateQuoteOptions, rateQuotes, type RateQuoteOptionRow } from '../../db/schema/rates';
import { DEFAULT_USD_RATE, type UsdRate } from '../../../shared/customs';
import { groupCommit, isRowError, type GroupCommit } from '../../lib/group-commit';

export type RateQuoteRow = typeof rateQuotes.$inferSelect;

export type NewQuote = Omit<typeof rateQuotes.$inferInsert, 'options'>;

/** What a quote stores of each option; its id, quote, user and times come from the quote (decision 045). */
export type StoredOption = Omit<RateQuoteOptionRow, 'id' | 'quoteId' | 'userId' | 'createdAt' | 'expiresAt'>;

/**
 * The fields of an option in `rate_quotes.options`, in the order each option's positional array
 * holds them (migration 0035), with the rate_quote_options column each was kept in before.
 */
const OPTION_FIELDS = [
  ['carrier', 'carrier'],
  ['serviceCode', 'service_code'],
  ['serviceName', 'service_name'],
  ['carrierPriceCents', 'carrier_price_cents'],
  ['markupCents', 'markup_cents'],
  ['discountCents', 'discount_cents'],
  ['coverageCents', 'coverage_cents'],
  ['priceCents', 'price_cents'],
  ['gstCents', 'gst_cents'],
  ['hstCents', 'hst_cents'],
  ['qstCents', 'qst_cents'],
  ['taxTotalCents', 'tax_total_cents'],
  ['totalCents', 'total_cents'],
  ['transitDays', 'transit_days'],
  ['estimatedDelivery', 'estimated_delivery'],
  ['breakdown', 'breakdown'],
  ['dutiesCents', 'duties_cents'],
  ['duties', 'duties'],
] as const satisfies readonly (readonly [keyof StoredOption, string])[];

/** Most options a quote can hold: an option's place is the last byte of its id. */
export const MAX_QUOTE_OPTIONS = 255;

/** A new quote's id: random, its last byte 00 (the places 1–255 name its options). */
export function newQuoteId(): string {
  return `${randomUUID().slice(0, 34)}00`;
}

/** The id of the option at `place` (1-based, the order the quote answered) of quote `quoteId`. */
export function optionIdOf(quoteId: string, place: number): string {
  if (!Number.isInteger(place) || place < 1 || place > MAX_QUOTE_OPTIONS) throw new RangeError(`option place ${place}`);
  return `${quoteId.slice(0, 34)}${place.toString(16).padStart(2, '0')}`;
}

/** The quote and place an option id names (place 0 names no option: it is a quote's own id). */
export function placeOfOption(optionId: string): { quoteId: string; place: number } {
  const id = optionId.toLowerCase();
  return { quoteId: `${id.slice(0, 34)}00`, place: Number.parseInt(id.slice(34), 16) };
}

/**
 * The quote and its options in one row (decision 045): on PGlite a third of the cost of a row per
 * option. Stored only while the pricing token (migration 0030) is still `pricingToken`, the one the
 * options were priced at, read in the same statement: answers false, storing nothing, when an admin
 * changed the pricing since (decision 039). A null token stores without the check. The options keep
 * their order: the one at index i has id optionIdOf(quote.id, i + 1).
 *
 * Quotes stored at the same moment share one statement (group commit, decision 048): the answer
 * still waits for its row, and a row the database refuses fails only its own quote.
 */
export async function insertQuote(
  db: Db,
  quote: NewQuote,
  options: readonly StoredOption[],
  pricingToken: string | null,
): Promise<boolean> {
  if (options.length > MAX_QUOTE_OPTIONS) throw new RangeError(`a quote holds at most ${MAX_QUOTE_OPTIONS} options`);
  let write = quoteWriters.get(db);
  if (!write) quoteWriters.set(db, (write = groupCommit((rows) => insertQuoteRows(db, rows), QUOTE_BATCH)));
  return write({
    id: quote.id,
    user_id: quote.userId,
    request: quote.request,
    warnings: quote.warnings ?? [],
    ship_date: quote.shipDate,
    created_at: (quote.createdAt ?? new Date()).toISOString(),
    expires_at: quote.expiresAt.toISOString(),
    options: options.map((o) => OPTION_FIELDS.map(([field]) => o[field] ?? null)),
    token: pricingToken,
  });
}

/** A quote as `insertQuoteRows` sends it: the columns of rate_quotes, and the pricing token to check. */
type QuoteRow = {
  id: string;
  user_id: string;
  request: unknown;
  warnings: unknown;
  ship_date: string;
  created_at: string;
  expires_at: string;
  options: unknown[][];
  token: string | null;
};

const quoteWriters = new WeakMap<Db, GroupCommit<QuoteRow, boolean>>();

/** At most this many quotes a statement (~5 KB each). */
const QUOTE_BATCH = { maxBatch: 64, isItemError: isRowError };

/**
 * Stores the rows whose token is null or still current, in one statement; whether each was stored.
 * Each value is a parameter of its own (decision 060): postgres reads each once, where one JSON document
 * of every row was parsed whole and then taken apart. The JSON ones are stored as the text they are
 * (migration 0041, decision 061): JSON.stringify wrote them, so nothing checks them again.
 */
async function insertQuoteRows(db: Db, rows: QuoteRow[]): Promise<boolean[]> {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.user_id}::uuid, ${JSON.stringify(r.request)}::text, ${JSON.stringify(r.warnings)}::text,
             ${r.ship_date}::date, ${r.created_at}::timestamptz, ${r.expires_at}::timestamptz,
             ${JSON.stringify(r.options)}::text, ${r.token}::text)`,
    ),
    sql`, `,
  );
  const stored = rowsOf<{ id: string }>(
    await db.execute(sql`
    insert into rate_quotes (id, user_id, request, warnings, ship_date, created_at, expires_at, options)
    select q.id, q.user_id, q.request, q.warnings, q.ship_date, q.created_at, q.expires_at, q.options
    from (values ${values}) as q(id, user_id, request, warnings, ship_date, created_at, expires_at, options, token)
    where q.token is null
       or coalesce((select token::text from config_versions where name = 'pricing'), ${NO_TOKEN}) = q.token
    returning id::text as id`),
  );
  const ids = new Set(stored.map((r) => r.id));
  return rows.map((r) => ids.has(r.id.toLowerCase()));
}

/** An option as a row again, from its positional array and its quote. */
function optionFrom(
  values: readonly unknown[],
  quote: { id: string; optionId: string; userId: string; createdAt: Date; expiresAt: Date },
): RateQuoteOptionRow {
  // JSON gives every amount as a number (an old row's bigint columns too, through jsonb_build_array).
  const option = Object.fromEntries(OPTION_FIELDS.map(([field], i) => [field, values[i] ?? null])) as StoredOption;
  return {
    ...option,
    id: quote.optionId,
    quoteId: quote.id,
    userId: quote.userId,
    createdAt: quote.createdAt,
    expiresAt: quote.expiresAt,
  };
}

/** The options of one quote of this user, in the order it answered them (another user's quote has none). */
export async function listQuoteOptions(db: Db, userId: string, quoteId: string): Promise<RateQuoteOptionRow[]> {
  const [row] = await db
    .select({ options: rateQuotes.options, createdAt: rateQuotes.createdAt, expiresAt: rateQuotes.expiresAt })
    .from(rateQuotes)
    .where(and(eq(rateQuotes.userId, userId), eq(rateQuotes.id, quoteId)))
    .limit(1);
  if (!row) return [];
  if (!row.options) {
    return db
      .select()
      .from(rateQuoteOptions)
      .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.quoteId, quoteId)));
  }
  return row.options.map((values, i) =>
    optionFrom(values, { ...row, id: quoteId, userId, optionId: optionIdOf(quoteId, i + 1) }),
  );
}

/** The quote of this user (another user's id finds nothing). */
export async function findQuote(db: Db, userId: string, quoteId: string): Promise<RateQuoteRow | null> {
  const rows = await db
    .select()
    .from(rateQuotes)
    .where(and(eq(rateQuotes.userId, userId), eq(rateQuotes.id, quoteId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A row of rate_quote_options (before migration 0035) as a positional array, as the quote row keeps one. */
const LEGACY_OPTION = sql.raw(`json_build_array(${OPTION_FIELDS.map(([, column]) => `o.${column}`).join(', ')})`);

/**
 * One stored option of this user with its quote's request and ship date, in one query; and whether
 * the user's wallet is on hold (decision 021), so an order learns both in one round trip (decision 039).
 * The option is found in its quote's row by the place its id names, or among the rows of
 * rate_quote_options of a quote made before migration 0035 (decision 045).
 */
export async function findQuoteOptionWithQuote(
  db: Db,
  userId: string,
  optionId: string,
): Promise<{ option: RateQuoteOptionRow; request: unknown; shipDate: string; walletHeld: boolean } | null> {
  const { quoteId, place } = placeOfOption(optionId);
  type Raw = {
    option: unknown[];
    quote_id: string;
    request: unknown;
    ship_date: string;
    created_at: string;
    expires_at: string;
    wallet_held: boolean;
  };
  const [row] = rowsOf<Raw>(
    await db.execute(sql`
    select x.option, x.quote_id, x.request, x.ship_date, x.created_at, x.expires_at,
           exists (select 1 from wallets w where w.user_id = ${userId}::uuid
                   and w.held_at is not null and w.hold_kind is not null) as wallet_held
    from (
      select q.options::json -> ${place - 1}::int as option, q.id::text as quote_id, q.request::json as request,
             q.ship_date::text as ship_date,
             to_json(q.created_at) as created_at, to_json(q.expires_at) as expires_at
      from rate_quotes q
      where ${place}::int >= 1 and q.id = ${quoteId}::uuid and q.user_id = ${userId}::uuid
      union all
      select ${LEGACY_OPTION}, q.id::text, q.request::json, q.ship_date::text,
             to_json(q.created_at), to_json(q.expires_at)
      from rate_quote_options o join rate_quotes q on q.id = o.quote_id
      where o.id = ${optionId}::uuid and o.user_id = ${userId}::uuid and q.user_id = ${userId}::uuid
    ) x
    where json_typeof(x.option) = 'array'
    limit 1`),
  );
  if (!row) return null;
  const quote = {
    id: row.quote_id,
    optionId: optionId.toLowerCase(),
    userId,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
  return {
    option: optionFrom(row.option, quote),
    request: row.request,
    shipDate: row.ship_date,
    walletHeld: row.wallet_held === true,
  };
}

/** A price rule as quoting applies it (DESIGN: price = carrier cost + markup, then the discount). */
export type PriceRule = {
  carrier: string;
  serviceCode: string | null;
  organizationId: string | null;
  markupBp: number;
  markupFixedCents: number;
};

export type StoredDiscount = { discountType: 'percentage' | 'fixed_amount'; valueUnits: number };

/** An active discount of one user with its window; which one is in force depends on the instant. */
export type CachedDiscount = StoredDiscount & {
  id: string;
  validFrom: string | null;
  validTo: string | null;
  createdAt: string;
};

/** Token 'none' before any pricing change was ever recorded (migration 0030). */
const NO_TOKEN = 'none';

/**
 * Quoting's pricing in one statement (decision 039): the token of migration 0030's
 * `config_versions`, and read in the same snapshot only what the caller does not hold at that
 * token — the active price rules and the CAD/USD rate (`known.shared`), the user's organization and
 * active discounts (`known.user`).
 */
export async function pricingSince(
  db: Db,
  userId: string,
  known: { shared: string | null; user: string | null },
): Promise<{
  token: string;
  shared: { rules: PriceRule[]; usdRate: UsdRate & { setAt: Date } } | null;
  user: { organizationId: string | null; discounts: CachedDiscount[] } | null;
}> {
  type Raw = {
    token: string;
    shared: { rules: PriceRule[]; usd: { micros: number | string; setAt: string } | null } | string | null;
    user: { organizationId: string | null; discounts: CachedDiscount[] } | string | null;
  };
  const [row] = rowsOf<Raw>(
    await db.execute(sql`
    with v as (
      select coalesce((select token::text from config_versions where name = 'pricing'), ${NO_TOKEN}) as token
    )
    select v.token,
      case when v.token is distinct from ${known.shared}::text then json_build_object(
        'rules', (select coalesce(json_agg(json_build_object('carrier', r.carrier, 'serviceCode', r.service_code,
                    'organizationId', r.organization_id, 'markupBp', r.markup_bp,
                    'markupFixedCents', r.markup_fixed_cents)), '[]'::json)
                    from price_rules r where r.is_active),
        'usd', (select json_build_object('micros', e.cad_per_usd_micros, 'setAt', e.created_at)
                  from exchange_rates e order by e.created_at desc limit 1)) end as shared,
      case when v.token is distinct from ${known.user}::text then json_build_object(
        'organizationId', (select u.organization_id from users u where u.id = ${userId}),
        'discounts', (select coalesce(json_agg(json_build_object('id', d.id, 'discountType', d.discount_type,
                        'valueUnits', d.value_units, 'validFrom', d.valid_from, 'validTo', d.valid_to,
                        'createdAt', d.created_at)), '[]'::json)
                        from discounts d where d.user_id = ${userId} and d.is_active)) end as "user"
    from v
  `),
  );
  if (!row) throw new Error('pricing: no answer');
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const shared = parse(row.shared);
  const user = parse(row.user);
  const iso = (v: string) => new Date(v).toISOString();
  return {
    token: row.token,
    shared: shared && {
      rules: shared.rules.map((r) => ({
        ...r,
        markupBp: Number(r.markupBp),
        markupFixedCents: Number(r.markupFixedCents),
      })),
      usdRate: shared.usd
        ? { cadPerUsdMicros: Number(shared.usd.micros), setAt: new Date(shared.usd.setAt) }
        : { cadPerUsdMicros: DEFAULT_USD_RATE.cadPerUsdMicros, setAt: new Date(DEFAULT_USD_RATE.setAt) },
    },
    user: user && {
      organizationId: user.organizationId,
      discounts: user.discounts.map((d) => ({
        ...d,
        valueUnits: Number(d.valueUnits),
        validFrom: d.validFrom && iso(d.validFrom),
        validTo: d.validTo && iso(d.validTo),
        createdAt: iso(d.createdAt),
      })),
    },
  };
}
