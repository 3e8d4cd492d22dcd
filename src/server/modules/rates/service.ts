import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Carrier, CarrierMode, CarrierQuote, QuoteRequest } from '../../providers/carriers/index';
import { customsDeclarationOf } from '../../providers/carriers/customs';
import { modeOf, quoteAll, type CarrierWarning } from '../../providers/carriers/registry';
import { applyBasisPoints, centsToDecimal, type Cents } from '../../../shared/money';
import { carrierName } from '../../../shared/carriers';
import { businessDate, computeTaxes, taxesToWire } from '../../../shared/taxes';
import { ErrorCode } from '../../../shared/errors';
import type { ProvinceCode } from '../../../shared/provinces';
import type { TQuoteRequest, TQuoteResponse, TRateOption, TRateWarning } from '../../../shared/contracts/rates';
import { recordCarrierCall } from '../carriers/calls';
import { dutiesQuoter } from './exchange-rate';
import { customsValueCents, type TDuties } from '../../../shared/contracts/customs';
import { formatRate, toCad, type UsdRate } from '../../../shared/customs';
import * as repo from './repo';
import { cachedPricing, discountAt, pricingCacheOf, type CachedPricing } from './pricing-cache';

export const QUOTE_TTL_MS = 15 * 60 * 1000;
/** Tries to store a quote at a current pricing token before storing it without the check. */
const QUOTE_PRICING_TRIES = 3;
/**
 * Kept from a quote's deadline (CARRIER_TIMEOUT_MS) for pricing and storing what came back, so the
 * answer comes within the deadline even when a carrier never answers (decision 023): the carriers get
 * the deadline less this, less the time the request already waited. A quarter of a short deadline.
 */
export const QUOTE_FINISH_RESERVE_MS = 200;

/** How long the carriers may take, for a quote `elapsedMs` after its request arrived. */
export function carrierBudgetMs(timeoutMs: number, elapsedMs: number): number {
  const reserve = Math.min(QUOTE_FINISH_RESERVE_MS, Math.floor(timeoutMs / 4));
  // A request that queued behind others still gives the carriers half the deadline: a quote answered late
  // beats one with no carrier in it.
  return Math.max(Math.floor(timeoutMs / 2), Math.floor(timeoutMs - reserve - Math.max(0, elapsedMs)));
}

/** A user's discount as the admin sets it: a percentage (in basis points, 12.5 % = 1250) or a fixed amount. */
export type Discount = { type: 'percentage'; basisPoints: number } | { type: 'fixed_amount'; amountCents: Cents };

/** The stored discount as quoting applies it. */
export function toDiscount(stored: repo.StoredDiscount | null): Discount | null {
  if (!stored) return null;
  return stored.discountType === 'percentage'
    ? { type: 'percentage', basisPoints: stored.valueUnits }
    : { type: 'fixed_amount', amountCents: stored.valueUnits };
}

/**
 * The rule that prices this carrier service for the user: the most specific active one — their
 * organization's over everyone's, one service's over the whole carrier's — or null (the carrier's price).
 */
export function ruleFor(rules: readonly repo.PriceRule[], carrier: string, serviceCode: string): repo.PriceRule | null {
  let best: repo.PriceRule | null = null;
  let bestScore = -1;
  for (const r of rules) {
    if (r.carrier !== carrier || (r.serviceCode !== null && r.serviceCode !== serviceCode)) continue;
    const score = (r.organizationId ? 2 : 0) + (r.serviceCode ? 1 : 0);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

/** Our markup over the carrier's cost: percent (rounded half-up to the cent) plus the fixed amount. */
export function markupOf(costCents: Cents, rule: repo.PriceRule | null): Cents {
  if (!rule) return 0;
  return applyBasisPoints(costCents, rule.markupBp) + rule.markupFixedCents;
}

/** The price after the discount, rounded half-up to the cent, never below zero. */
export function applyDiscount(priceCents: Cents, discount: Discount | null): Cents {
  if (!discount) return priceCents;
  const off =
    discount.type === 'percentage'
      ? applyBasisPoints(priceCents, Math.min(10_000, Math.max(0, discount.basisPoints)))
      : Math.max(0, discount.amountCents);
  return Math.max(0, priceCents - off);
}

/** The price of one carrier service for a customer, from the carrier's cost up (decision 017). */
export type PriceParts = {
  markupCents: Cents;
  /** Carrier cost + markup: the price before the customer's discount. */
  listedCents: Cents;
  /** The price after the discount, before taxes. */
  discountedCents: Cents;
  taxes: ReturnType<typeof computeTaxes>;
  /** discountedCents + taxes. */
  totalCents: Cents;
};

/** The price rules and the discount in force for a customer at one instant. */
export type PricingInForce = { discount: Discount | null; rules: readonly repo.PriceRule[] };

/** Where the parcel goes, for the taxes: origin province, destination province (null outside Canada). */
export type TaxLane = { origin: ProvinceCode; destination: ProvinceCode | null };

export function taxLaneOf(body: TQuoteRequest): TaxLane {
  // The sender is in Canada (the contract says so), so its province is one of the 13 codes.
  return {
    origin: body.fromAddress.province as ProvinceCode,
    // Leaving Canada: zero-rated (issue 25).
    destination: body.toAddress.country === 'CA' ? (body.toAddress.province as ProvinceCode) : null,
  };
}

/**
 * Carrier cost (coverage included, decision 020) + the rule's markup, then the discount, then taxes
 * on `date`. Quotes and orders both price with this, so an order can tell whether the price a
 * stored option was made with still holds.
 */
export function priceFor(
  cost: { carrier: string; serviceCode: string; carrierPriceCents: Cents },
  pricing: PricingInForce,
  lane: TaxLane,
  date: Date,
): PriceParts {
  const markupCents = markupOf(cost.carrierPriceCents, ruleFor(pricing.rules, cost.carrier, cost.serviceCode));
  const listedCents = cost.carrierPriceCents + markupCents;
  const discountedCents = applyDiscount(listedCents, pricing.discount);
  const taxes = computeTaxes({
    amountCents: discountedCents,
    origin: lane.origin,
    destination: lane.destination,
    date,
  });
  return { markupCents, listedCents, discountedCents, taxes, totalCents: discountedCents + taxes.totalCents };
}

/** No carrier gave a rate: 502 with the carriers' reasons. */
export class NoRatesError extends AppError {
  constructor(readonly warnings: CarrierWarning[]) {
    super(502, 'Unable to get shipping rates', ErrorCode.API_FAILURE);
  }
}

export type RatesDeps = {
  db: Db;
  clock: Clock;
  carriers: readonly Carrier[];
  timeoutMs: number;
  log?: { error(obj: object, msg: string): void };
};

/**
 * A carrier's quote priced for the user. The quote is held, not copied: spreading 15 quotes of
 * several shapes into new objects cost ~0.1 ms a quote (issue 26).
 */
type Priced = {
  quote: CarrierQuote;
  id: string;
  /** Carrier cost + our markup: the price before the customer's discount. */
  listedCents: Cents;
  markupCents: Cents;
  discountedCents: Cents;
  taxes: ReturnType<typeof computeTaxes>;
  /** The quoting carrier's mode: anything but 'live' ships no real parcel. */
  mode: CarrierMode;
  /** Leaving Canada (issue 25): the duties estimate, charged with the label when DDP; else 0 / null. */
  dutiesCents: Cents;
  duties: TDuties | null;
};

export function createRatesService(deps: RatesDeps) {
  return {
    /** The options, cheapest first, and the carriers that gave none (the route puts them in a header). */
    async quote(
      userId: string,
      body: TQuoteRequest,
      opts: { elapsedMs?: number } = {},
    ): Promise<{ rates: TQuoteResponse; warnings: TRateWarning[] }> {
      const now = deps.clock.now();
      const req = toCarrierRequest(body, businessDate(now));
      const { quotes, warnings } = await quoteAll(deps.carriers, req, {
        timeoutMs: carrierBudgetMs(deps.timeoutMs, opts.elapsedMs ?? 0),
        onError: (carrier, err) => deps.log?.error({ err, carrier }, 'carrier quote failed'),
        // The admin's carriers view (issue 24): written in the background, never holding up the quote.
        onCall: (call) => recordCarrierCall(deps.db, { ...call, operation: 'quote' }, deps.log),
      });

      if (quotes.length === 0) {
        const limits = warnings.filter((w) => w.reason === 'LIMIT_EXCEEDED');
        if (limits.length > 0 && limits.length === warnings.length) {
          const reasons = limits.map((w) => w.message);
          throw new AppError(400, `No carrier accepts this parcel: ${reasons.join('; ')}`, ErrorCode.VALIDATION_ERROR, {
            packageDetails: reasons,
          });
        }
        throw new NoRatesError(warnings);
      }

      // The rules, the user's discounts and the CAD/USD rate as this process holds them (decision 039):
      // the quote's insert checks that they are still current, and when an admin changed them since,
      // stores nothing; then they are read again and the options priced again.
      // While an admin keeps changing them (a script, several instances), the last try stores what a
      // fresh read gave without the check: the price of a moment ago, as a quote read just before it.
      let cached = pricingCacheOf(deps.db).held(userId) ?? (await cachedPricing(deps.db, userId));
      for (let attempt = 1; ; attempt++) {
        const last = attempt >= QUOTE_PRICING_TRIES;
        const stored = await priceAndStore(deps, userId, body, req, quotes, warnings, cached, now, last);
        if (stored) return stored;
        cached = await cachedPricing(deps.db, userId);
      }
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;

/** Prices the carriers' quotes with `cached` and stores them, unless the pricing moved on (null). */
async function priceAndStore(
  deps: RatesDeps,
  userId: string,
  body: TQuoteRequest,
  req: QuoteRequest,
  quotes: CarrierQuote[],
  warnings: CarrierWarning[],
  cached: CachedPricing,
  now: Date,
  unchecked = false,
): Promise<{ rates: TQuoteResponse; warnings: TRateWarning[] } | null> {
  declaredWithinUsdGoods(body, cached.usdRate);
  const pricing = { discount: discountAt(cached.discounts, now), rules: cached.rules };
  const discount = toDiscount(pricing.discount);
  // Leaving Canada: each carrier's duties estimate (its brokerage fee differs), decision 029.
  const dutiesOf = await dutiesQuoter(deps.db, body, req.shipDate, cached.usdRate);
  const quoteId = repo.newQuoteId();
  const lane = taxLaneOf(body);
  const options: Priced[] = quotes.map((q) => {
    const { markupCents, listedCents, discountedCents, taxes } = priceFor(
      { carrier: q.carrier, serviceCode: q.serviceCode, carrierPriceCents: q.priceCents },
      { discount, rules: pricing.rules },
      lane,
      now,
    );
    const { dutiesCents, duties } = dutiesOf(q.carrier);
    // The id is the option's place once sorted (decision 045).
    return {
      quote: q,
      id: '',
      listedCents,
      markupCents,
      discountedCents,
      taxes,
      mode: modeOf(deps.carriers, q.carrier),
      dutiesCents,
      duties,
    };
  });
  options.sort(
    (a, b) =>
      a.discountedCents +
        a.taxes.totalCents +
        a.dutiesCents -
        (b.discountedCents + b.taxes.totalCents + b.dutiesCents) ||
      a.quote.transitDays - b.quote.transitDays ||
      a.quote.carrier.localeCompare(b.quote.carrier) ||
      a.quote.serviceCode.localeCompare(b.quote.serviceCode),
  );
  options.forEach((p, i) => (p.id = repo.optionIdOf(quoteId, i + 1)));

  const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
  const stored = await repo.insertQuote(
    deps.db,
    {
      id: quoteId,
      userId,
      request: { body },
      warnings,
      shipDate: req.shipDate,
      createdAt: now,
      expiresAt,
    },
    options.map((p) => ({
      carrier: p.quote.carrier,
      serviceCode: p.quote.serviceCode,
      serviceName: p.quote.serviceName,
      carrierPriceCents: p.quote.priceCents,
      markupCents: p.markupCents,
      discountCents: p.listedCents - p.discountedCents,
      coverageCents: p.quote.breakdown.coverageCents ?? 0,
      priceCents: p.discountedCents,
      gstCents: p.taxes.gstCents,
      hstCents: p.taxes.hstCents,
      qstCents: p.taxes.qstCents,
      taxTotalCents: p.taxes.totalCents,
      totalCents: p.discountedCents + p.taxes.totalCents,
      transitDays: p.quote.transitDays,
      estimatedDelivery: p.quote.estimatedDelivery,
      breakdown: p.quote.breakdown,
      dutiesCents: p.dutiesCents,
      duties: p.duties,
    })),
    unchecked ? null : cached.token,
  );
  if (!stored) return null;

  const meta = { quoteId, expiresAt: expiresAt.toISOString(), declaredCents: req.package.declaredValueCents ?? 0 };
  return { rates: options.map((p) => toWire(p, meta)), warnings: warnings.map(toWireWarning) };
}

/**
 * The price rules and discount in force for a user at `at`: one statement, which reads the data only
 * when an admin changed it since this process last did (decision 039).
 */
export async function pricingInForce(db: Db, userId: string, at: Date): Promise<PricingInForce> {
  const cached = await cachedPricing(db, userId);
  return { discount: toDiscount(discountAt(cached.discounts, at)), rules: cached.rules };
}

function toWire(p: Priced, meta: { quoteId: string; expiresAt: string; declaredCents: number }): TRateOption {
  return {
    id: p.id,
    quoteId: meta.quoteId,
    expiresAt: meta.expiresAt,
    carrier: p.quote.carrier,
    carrierName: carrierName(p.quote.carrier),
    serviceName: p.quote.serviceName,
    serviceCode: p.quote.serviceCode,
    price: centsToDecimal(p.discountedCents),
    ...(p.discountedCents !== p.listedCents ? { originalPrice: centsToDecimal(p.listedCents) } : {}),
    taxes: taxesToWire(p.taxes),
    total: centsToDecimal(p.discountedCents + p.taxes.totalCents + p.dutiesCents),
    ...(p.duties ? { duties: p.duties } : {}),
    ...(meta.declaredCents > 0
      ? {
          coverage: {
            declaredValue: centsToDecimal(meta.declaredCents),
            amount: centsToDecimal(p.quote.breakdown.coverageCents ?? 0),
          },
        }
      : {}),
    transitDays: p.quote.transitDays,
    ...(p.quote.flyInExtraDays ? { flyInDays: p.quote.flyInExtraDays } : {}),
    estimatedDelivery: p.quote.estimatedDelivery,
    mode: p.mode,
  };
}

export function toWireWarning(w: CarrierWarning): TRateWarning {
  return { carrier: w.carrier, reason: w.reason, message: w.message };
}

/**
 * The declared value (CAD) may not exceed what the goods are worth (decision 029). The contract checks
 * a declaration valued in CAD; one valued in USD is checked here, at the CAD/USD rate the duties use.
 */
function declaredWithinUsdGoods(body: TQuoteRequest, rate: UsdRate): void {
  const declared = declaredValueCents(body.packageDetails.insuranceValue);
  if (!body.customs || body.customs.currency !== 'USD' || declared === 0) return;
  const goods = toCad(customsValueCents(body.customs), 'USD', rate);
  if (declared > goods) {
    const message = `The declared value ($${centsToDecimal(declared)}) is more than the items are worth ($${centsToDecimal(goods)} CAD at ${formatRate(rate)} CAD per USD)`;
    throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { 'packageDetails.insuranceValue': [message] });
  }
}

/** The package's declared value (CAD, `insuranceValue`) in cents; 0 when none. */
export function declaredValueCents(insuranceValue: number | null | undefined): Cents {
  return insuranceValue && insuranceValue > 0 ? Math.round(insuranceValue * 100) : 0;
}

function toCarrierRequest(body: TQuoteRequest, shipDate: string): QuoteRequest {
  const end = (a: TQuoteRequest['fromAddress']) => ({
    postalCode: a.postalCode,
    province: a.province,
    country: a.country,
    city: a.city,
  });
  const p = body.packageDetails;
  return {
    from: end(body.fromAddress),
    to: end(body.toAddress),
    package: {
      weightKg: p.weight,
      lengthCm: p.length,
      widthCm: p.width,
      heightCm: p.height,
      type: p.type,
      declaredValueCents: declaredValueCents(p.insuranceValue),
    },
    shipDate,
    // Leaving Canada: the declaration (FedEx rates international goods on their commodities).
    ...(body.customs ? { customs: customsDeclarationOf(body.customs) } : {}),
  };
}
