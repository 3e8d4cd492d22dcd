import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { rateQuoteOptions, rateQuotes, type RateQuoteOptionRow } from '../../db/schema/rates';
import { DEFAULT_USD_RATE, type UsdRate } from '../../../shared/customs';

export type RateQuoteRow = typeof rateQuotes.$inferSelect;

export type NewQuote = typeof rateQuotes.$inferInsert;
export type NewQuoteOption = typeof rateQuoteOptions.$inferInsert;

/**
 * The quote and all its options in one statement (a data-modifying CTE is atomic, like a
 * transaction), with the options as one jsonb parameter: on PGlite this is about twice as fast as
 * BEGIN + two inserts with 20 parameters per option row. Stored only while the pricing token
 * (migration 0030) is still `pricingToken`, the one the options were priced at, read in the same
 * statement: answers false, storing nothing, when an admin changed the pricing since (decision 039).
 * A null token stores without the check.
 */
export async function insertQuote(
  db: Db,
  quote: NewQuote,
  options: NewQuoteOption[],
  pricingToken: string | null,
): Promise<boolean> {
  const rows = options.map((o) => ({
    id: o.id,
    carrier: o.carrier,
    service_code: o.serviceCode,
    service_name: o.serviceName,
    carrier_price_cents: o.carrierPriceCents,
    markup_cents: o.markupCents ?? 0,
    discount_cents: o.discountCents ?? 0,
    coverage_cents: o.coverageCents ?? 0,
    price_cents: o.priceCents,
    gst_cents: o.gstCents,
    hst_cents: o.hstCents,
    qst_cents: o.qstCents,
    tax_total_cents: o.taxTotalCents,
    total_cents: o.totalCents,
    transit_days: o.transitDays,
    estimated_delivery: o.estimatedDelivery,
    breakdown: o.breakdown,
    duties_cents: o.dutiesCents ?? 0,
    duties: o.duties ?? null,
  }));
  const createdAt = (quote.createdAt ?? new Date()).toISOString();
  const [row] = rowsOf<{ stored: number }>(
    await db.execute(sql`
    with t as (
      select coalesce((select token::text from config_versions where name = 'pricing'), ${NO_TOKEN}) as token
    ),
    q as (
      insert into rate_quotes (id, user_id, request, warnings, ship_date, created_at, expires_at)
      select ${quote.id}::uuid, ${quote.userId}::uuid, ${JSON.stringify(quote.request)}::jsonb,
             ${JSON.stringify(quote.warnings ?? [])}::jsonb, ${quote.shipDate}::date, ${createdAt}::timestamptz,
             ${quote.expiresAt.toISOString()}::timestamptz
      from t where ${pricingToken}::text is null or t.token = ${pricingToken}::text
      returning id, user_id, created_at, expires_at
    ),
    o as (
    insert into rate_quote_options (
      id, quote_id, user_id, carrier, service_code, service_name, carrier_price_cents, markup_cents, discount_cents,
      coverage_cents, price_cents, gst_cents, hst_cents, qst_cents, tax_total_cents, total_cents, transit_days,
      estimated_delivery, breakdown, duties_cents, duties, created_at, expires_at)
    select x.id, q.id, q.user_id, x.carrier, x.service_code, x.service_name, x.carrier_price_cents,
           x.markup_cents, x.discount_cents, x.coverage_cents, x.price_cents, x.gst_cents, x.hst_cents, x.qst_cents, x.tax_total_cents,
           x.total_cents, x.transit_days, x.estimated_delivery, x.breakdown, x.duties_cents, x.duties, q.created_at, q.expires_at
    from q, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      id uuid, carrier text, service_code text, service_name text, carrier_price_cents bigint,
      markup_cents bigint, discount_cents bigint, coverage_cents bigint, price_cents bigint, gst_cents bigint, hst_cents bigint, qst_cents bigint,
      tax_total_cents bigint, total_cents bigint, transit_days integer, estimated_delivery date,
      breakdown jsonb, duties_cents bigint, duties jsonb)
    )
    select (select count(*) from q)::int as stored`),
  );
  return Number(row?.stored ?? 0) === 1;
}

/** One stored option of this user (another user's id finds nothing). */
export async function findQuoteOption(db: Db, userId: string, optionId: string): Promise<RateQuoteOptionRow | null> {
  const rows = await db
    .select()
    .from(rateQuoteOptions)
    .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.id, optionId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listQuoteOptions(db: Db, userId: string, quoteId: string): Promise<RateQuoteOptionRow[]> {
  return db
    .select()
    .from(rateQuoteOptions)
    .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.quoteId, quoteId)));
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

/**
 * One stored option of this user with its quote's request and ship date, in one query; and whether
 * the user's wallet is on hold (decision 021), so an order learns both in one round trip (decision 039).
 */
export async function findQuoteOptionWithQuote(
  db: Db,
  userId: string,
  optionId: string,
): Promise<{ option: RateQuoteOptionRow; request: unknown; shipDate: string; walletHeld: boolean } | null> {
  const rows = await db
    .select({
      option: rateQuoteOptions,
      request: rateQuotes.request,
      shipDate: rateQuotes.shipDate,
      walletHeld: sql<boolean>`exists (select 1 from wallets w where w.user_id = ${userId}
        and w.held_at is not null and w.hold_kind is not null)`,
    })
    .from(rateQuoteOptions)
    .innerJoin(rateQuotes, eq(rateQuotes.id, rateQuoteOptions.quoteId))
    .where(and(eq(rateQuoteOptions.userId, userId), eq(rateQuoteOptions.id, optionId)))
    .limit(1);
  return rows[0] ?? null;
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
