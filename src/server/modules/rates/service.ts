import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Carrier, CarrierQuote, QuoteRequest } from '../../providers/carriers/index';
import { quoteAll, type CarrierWarning } from '../../providers/carriers/registry';
import { applyBasisPoints, centsToDecimal, type Cents } from '../../../shared/money';
import { carrierName } from '../../../shared/carriers';
import { businessDate, computeTaxes, taxesToWire } from '../../../shared/taxes';
import { ErrorCode } from '../../../shared/errors';
import type { TQuoteRequest, TQuoteResponse, TRateOption, TRateWarning } from '../../../shared/contracts/rates';
import * as repo from './repo';

export const QUOTE_TTL_MS = 15 * 60 * 1000;

/** A user's discount as the admin sets it: a percentage (in basis points, 12.5 % = 1250) or a fixed amount. */
export type Discount = { type: 'percentage'; basisPoints: number } | { type: 'fixed_amount'; amountCents: Cents };

/**
 * The discount in force for the user at that moment, or null. Discounts arrive with the admin
 * issue; until then nobody has one.
 */
export async function activeDiscountFor(_db: Db, _userId: string, _at: Date): Promise<Discount | null> {
  return null;
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

type Priced = CarrierQuote & { id: string; discountedCents: Cents; taxes: ReturnType<typeof computeTaxes> };

export function createRatesService(deps: RatesDeps) {
  return {
    /** The options, cheapest first, and the carriers that gave none (the route puts them in a header). */
    async quote(userId: string, body: TQuoteRequest): Promise<{ rates: TQuoteResponse; warnings: TRateWarning[] }> {
      const now = deps.clock.now();
      const req = toCarrierRequest(body, businessDate(now));
      const { quotes, warnings } = await quoteAll(deps.carriers, req, {
        timeoutMs: deps.timeoutMs,
        onError: (carrier, err) => deps.log?.error({ err, carrier }, 'carrier quote failed'),
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

      const discount = await activeDiscountFor(deps.db, userId, now);
      const priced: Priced[] = quotes.map((q) => {
        const discountedCents = applyDiscount(q.priceCents, discount);
        const taxes = computeTaxes({
          amountCents: discountedCents,
          origin: body.fromAddress.province,
          destination: body.toAddress.country === 'CA' ? body.toAddress.province : null,
          date: now,
        });
        return { ...q, id: randomUUID(), discountedCents, taxes };
      });
      priced.sort(
        (a, b) =>
          a.discountedCents + a.taxes.totalCents - (b.discountedCents + b.taxes.totalCents) ||
          a.transitDays - b.transitDays ||
          a.carrier.localeCompare(b.carrier) ||
          a.serviceCode.localeCompare(b.serviceCode),
      );

      const quoteId = randomUUID();
      const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
      await repo.insertQuote(
        deps.db,
        {
          id: quoteId,
          userId,
          request: { body, carrierRequest: req },
          warnings,
          shipDate: req.shipDate,
          createdAt: now,
          expiresAt,
        },
        priced.map((p) => ({
          id: p.id,
          quoteId,
          userId,
          carrier: p.carrier,
          serviceCode: p.serviceCode,
          serviceName: p.serviceName,
          carrierPriceCents: p.priceCents,
          discountCents: p.priceCents - p.discountedCents,
          priceCents: p.discountedCents,
          gstCents: p.taxes.gstCents,
          hstCents: p.taxes.hstCents,
          qstCents: p.taxes.qstCents,
          taxTotalCents: p.taxes.totalCents,
          totalCents: p.discountedCents + p.taxes.totalCents,
          transitDays: p.transitDays,
          estimatedDelivery: p.estimatedDelivery,
          breakdown: p.breakdown,
          createdAt: now,
          expiresAt,
        })),
      );

      const meta = { quoteId, expiresAt: expiresAt.toISOString() };
      return { rates: priced.map((p) => toWire(p, meta)), warnings: warnings.map(toWireWarning) };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;

function toWire(p: Priced, meta: { quoteId: string; expiresAt: string }): TRateOption {
  return {
    id: p.id,
    quoteId: meta.quoteId,
    expiresAt: meta.expiresAt,
    carrier: p.carrier,
    carrierName: carrierName(p.carrier),
    serviceName: p.serviceName,
    serviceCode: p.serviceCode,
    price: centsToDecimal(p.discountedCents),
    ...(p.discountedCents !== p.priceCents ? { originalPrice: centsToDecimal(p.priceCents) } : {}),
    taxes: taxesToWire(p.taxes),
    total: centsToDecimal(p.discountedCents + p.taxes.totalCents),
    transitDays: p.transitDays,
    estimatedDelivery: p.estimatedDelivery,
  };
}

export function toWireWarning(w: CarrierWarning): TRateWarning {
  return { carrier: w.carrier, reason: w.reason, message: w.message };
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
    package: { weightKg: p.weight, lengthCm: p.length, widthCm: p.width, heightCm: p.height, type: p.type },
    shipDate,
  };
}
