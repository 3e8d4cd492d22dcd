import { computeTaxes } from '../../../shared/taxes';
import { isProvinceCode } from '../../../shared/provinces';
import { CarrierError, type QuoteRequest } from './index';

/** What a real adapter logs with: a warning when a carrier's own tax disagrees with ours. */
export type AdapterLog = { warn(obj: object, msg: string): void };

/**
 * Our taxes are computed by destination in modules/rates on our price; the carrier states its own
 * on its price. They should agree on the carrier's pre-tax price: a difference of more than a cent
 * is logged (a tax table out of date on either side), never charged.
 */
export function warnOnTaxDifference(
  log: AdapterLog,
  carrier: string,
  req: QuoteRequest,
  quote: { serviceCode: string; priceCents: number },
  carrierTaxCents: number | null,
  now: Date,
): void {
  if (carrierTaxCents === null) return;
  const origin = req.from.province;
  if (!isProvinceCode(origin)) return;
  const destination = req.to.country === 'CA' && isProvinceCode(req.to.province) ? req.to.province : null;
  if (req.to.country === 'CA' && destination === null) return;
  const ours = computeTaxes({ amountCents: quote.priceCents, origin, destination, date: now }).totalCents;
  if (Math.abs(ours - carrierTaxCents) > 1) {
    log.warn(
      { carrier, serviceCode: quote.serviceCode, priceCents: quote.priceCents, carrierTaxCents, ourTaxCents: ours },
      "the carrier's tax differs from ours by more than a cent",
    );
  }
}

/**
 * A void the carrier would not do is NOT_VOIDABLE with the carrier's reason (already transmitted,
 * picked up, past the void window); NOT_FOUND, TIMEOUT and UNAVAILABLE stay what they are.
 */
export function voidError(err: unknown): unknown {
  if (err instanceof CarrierError && (err.reason === 'REFUSED' || err.reason === 'LIMIT_EXCEEDED')) {
    return new CarrierError('NOT_VOIDABLE', err.message);
  }
  return err;
}

/** Base64 (as JSON APIs carry labels) to bytes. */
export function bytesOfBase64(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
