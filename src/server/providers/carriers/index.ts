import type { CarrierCode } from '../../../shared/carriers';

/**
 * Carrier adapters. Quoting is the first seam; purchase, label, track and void arrive with the
 * orders issue as a separate `CarrierOperations` type so that a quoting-only adapter stays valid.
 */
export type { CarrierCode };

export type PackageType = 'package' | 'envelope' | 'tube';

export type QuoteEnd = {
  /** Normalized "A1A 1A1" for CA; free text elsewhere. */
  postalCode: string;
  /** Province code for CA, state or region elsewhere. */
  province: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
};

export type QuoteRequest = {
  from: QuoteEnd;
  to: QuoteEnd;
  package: { weightKg: number; lengthCm: number; widthCm: number; heightCm: number; type: PackageType };
  /** YYYY-MM-DD, the day the parcel is handed over (Toronto calendar). */
  shipDate: string;
};

export type Surcharge = { code: string; amountCents: number };

export type CarrierQuote = {
  carrier: CarrierCode;
  serviceCode: string;
  serviceName: string;
  /** Carrier price including fuel and surcharges, before tax and before any Voyageur discount. */
  priceCents: number;
  transitDays: number;
  /** YYYY-MM-DD */
  estimatedDelivery: string;
  breakdown: { baseCents: number; fuelCents: number; surchargesCents: Surcharge[]; billableWeightKg: number };
};

export type CarrierErrorReason =
  /** The parcel is over this carrier's weight or size limits. */
  | 'LIMIT_EXCEEDED'
  /** The carrier does not serve this lane. */
  | 'UNSUPPORTED_ROUTE'
  /** No answer within the time allowed. */
  | 'TIMEOUT'
  /** The carrier answered with an error or could not be reached. */
  | 'UNAVAILABLE';

export class CarrierError extends Error {
  constructor(
    readonly reason: CarrierErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export type QuoteOptions = { signal: AbortSignal };

export type Carrier = {
  code: CarrierCode;
  name: string;
  /**
   * Every service this carrier offers for the request, [] when it serves none of them (e.g. DHL
   * inside Canada). Throws CarrierError, e.g. LIMIT_EXCEEDED with the reason in the message.
   */
  quote(req: QuoteRequest, opts: QuoteOptions): Promise<CarrierQuote[]>;
};
