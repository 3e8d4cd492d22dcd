import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { rateQuoteOptions, rateQuotes, type RateQuoteOptionRow } from '../../db/schema/rates';

export type RateQuoteRow = typeof rateQuotes.$inferSelect;

export type NewQuote = typeof rateQuotes.$inferInsert;
export type NewQuoteOption = typeof rateQuoteOptions.$inferInsert;

/**
 * The quote and all its options in one statement (a data-modifying CTE is atomic, like a
 * transaction), with the options as one jsonb parameter: on PGlite this is about twice as fast as
 * BEGIN + two inserts with 20 parameters per option row.
 */
export async function insertQuote(db: Db, quote: NewQuote, options: NewQuoteOption[]): Promise<void> {
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
  await db.execute(sql`
    with q as (
      insert into rate_quotes (id, user_id, request, warnings, ship_date, created_at, expires_at)
      values (${quote.id}, ${quote.userId}, ${JSON.stringify(quote.request)}::jsonb,
              ${JSON.stringify(quote.warnings ?? [])}::jsonb, ${quote.shipDate}, ${createdAt},
              ${quote.expiresAt.toISOString()})
      returning id, user_id, created_at, expires_at
    )
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
      breakdown jsonb, duties_cents bigint, duties jsonb)`);
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

/** One stored option of this user with its quote's request and ship date, in one query. */
export async function findQuoteOptionWithQuote(
  db: Db,
  userId: string,
  optionId: string,
): Promise<{ option: RateQuoteOptionRow; request: unknown; shipDate: string } | null> {
  const rows = await db
    .select({ option: rateQuoteOptions, request: rateQuotes.request, shipDate: rateQuotes.shipDate })
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

/**
 * In one round trip: the user's discount in force at `at` (the most recently created, when several
 * are) and the active price rules that can apply to them (everyone's and their organization's).
 */
export async function pricingFor(
  db: Db,
  userId: string,
  at: Date,
): Promise<{ discount: StoredDiscount | null; rules: PriceRule[] }> {
  const atIso = at.toISOString();
  const [row] = rowsOf<{ discount: StoredDiscount | string | null; rules: PriceRule[] | string }>(
    await db.execute(sql`
    select
      (select json_build_object('discountType', d.discount_type, 'valueUnits', d.value_units)
         from discounts d
        where d.user_id = ${userId} and d.is_active
          and (d.valid_from is null or d.valid_from <= ${atIso}::timestamptz)
          and (d.valid_to is null or d.valid_to > ${atIso}::timestamptz)
        order by d.created_at desc, d.id limit 1) as discount,
      (select coalesce(json_agg(json_build_object('carrier', r.carrier, 'serviceCode', r.service_code,
                'organizationId', r.organization_id, 'markupBp', r.markup_bp, 'markupFixedCents', r.markup_fixed_cents)), '[]'::json)
         from price_rules r
        where r.is_active
          and (r.organization_id is null or r.organization_id = (select organization_id from users where id = ${userId}))) as rules
  `),
  );
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const discount = row?.discount ? parse<StoredDiscount>(row.discount) : null;
  const rules = row
    ? parse<PriceRule[]>(row.rules).map((r) => ({
        ...r,
        markupBp: Number(r.markupBp),
        markupFixedCents: Number(r.markupFixedCents),
      }))
    : [];
  return { discount: discount ? { ...discount, valueUnits: Number(discount.valueUnits) } : null, rules };
}
