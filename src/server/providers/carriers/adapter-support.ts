import { computeTaxes } from '../../../shared/taxes';
import { isProvinceCode } from '../../../shared/provinces';
import { CarrierError, type QuoteRequest } from './index';

/** What a real adapter logs with: a warning when a carrier's own tax disagrees with ours. */
export type AdapterLog = { warn(obj: object, msg: string): void };

/** How long one carrier's warning of one kind (a lane's tax difference, a service it rated that we could not read) stays quiet after it was logged. */
export const TAX_WARNING_EVERY_MS = 60 * 60_000;

/**
 * A warning about the carrier's answers (not about one request) logged once per key per
 * TAX_WARNING_EVERY_MS, with the count of times it was not logged meanwhile (`timesNotLogged`): the
 * same answer on every quote must not write a line per quote.
 */
export function warnOncePer(log: AdapterLog, everyMs = TAX_WARNING_EVERY_MS) {
  const loggedAt = new Map<string, number>();
  const notLogged = new Map<string, number>();
  return (key: string, obj: object, msg: string, now: Date): void => {
    const last = loggedAt.get(key);
    if (last !== undefined && now.getTime() - last < everyMs) {
      notLogged.set(key, (notLogged.get(key) ?? 0) + 1);
      return;
    }
    loggedAt.set(key, now.getTime());
    const timesNotLogged = notLogged.get(key) ?? 0;
    notLogged.delete(key);
    log.warn({ ...obj, timesNotLogged }, msg);
  };
}

type TaxedQuote = { serviceCode: string; priceCents: number; carrierTaxCents: number | null };

/** Our tax on a carrier's pre-tax price for this lane, or null when we cannot tell (an unknown province). */
function ourTaxCents(req: QuoteRequest, priceCents: number, now: Date): number | null {
  const origin = req.from.province;
  if (!isProvinceCode(origin)) return null;
  const destination = req.to.country === 'CA' && isProvinceCode(req.to.province) ? req.to.province : null;
  if (req.to.country === 'CA' && destination === null) return null;
  return computeTaxes({ amountCents: priceCents, origin, destination, date: now }).totalCents;
}

/**
 * Our taxes are computed by destination in modules/rates on our price; the carrier states its own
 * on its price. They should agree on the carrier's pre-tax price: a difference of more than a cent
 * is logged (a tax table out of date on either side), never charged. One warning per carrier and
 * lane lists every service that differs, and the same lane is logged again only after
 * TAX_WARNING_EVERY_MS (with the count of quotes not logged meanwhile): a table out of date must not
 * write a line per service per quote.
 */
export function taxDifferenceLog(log: AdapterLog, carrier: string) {
  const warn = warnOncePer(log);
  return (req: QuoteRequest, quotes: readonly TaxedQuote[], now: Date): void => {
    const services = quotes.flatMap((q) => {
      if (q.carrierTaxCents === null) return [];
      const ours = ourTaxCents(req, q.priceCents, now);
      if (ours === null || Math.abs(ours - q.carrierTaxCents) <= 1) return [];
      return [
        { serviceCode: q.serviceCode, priceCents: q.priceCents, carrierTaxCents: q.carrierTaxCents, ourTaxCents: ours },
      ];
    });
    if (services.length === 0) return;
    const lane = `${req.from.province}>${req.to.country === 'CA' ? req.to.province : req.to.country}`;
    warn(lane, { carrier, lane, services }, "the carrier's tax differs from ours by more than a cent", now);
  };
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

const SERVICE_WORDS =
  /service(?:[\s._-]|[\s._-][^;]{0,40}?[\s._-])(not[\s._-]*(available|valid|offered|allowed)|unavailable|invalid)|(invalid|unavailable|not available)[\s._-]+service/i;
const ADDRESS_WORDS =
  /postal[\s._-]*code|postcode|zip[\s._-]*code|address|province|\bstate\b|\bcity\b|street|country[\s._-]*code/i;
/** A refusal of the customs declaration: an HS code, a commodity, an origin, customs values or the invoice. */
const CUSTOMS_WORDS =
  /harmoni[sz]ed|\bhs[\s._-]*(tariff[\s._-]*)?code|\bhts\b|tariff[\s._-]*code|commodit(y|ies)|customs|country[\s._-]*of[\s._-]*(origin|manufacture)|manufacturer[\s._-]*country|export[\s._-]*(reason|declaration)|commercial[\s._-]*invoice|international[\s._-]*forms|line[\s._-]*items?/i;
const TO_WORDS = /ship[\s._-]*to\b|recipient|receiver|destination|consignee|delivery address/i;
const FROM_WORDS = /ship[\s._-]*from\b|shipper|sender|origin|pickup address/i;

/**
 * What a carrier's validation refusal of a rate or a purchase is about, read from its codes and
 * words (each mapping has already taken out limits, routes and outages): the chosen service not
 * offered (SERVICE_UNAVAILABLE), an address it rejects (ADDRESS_INVALID, with the party when its
 * words name one), the customs declaration (CUSTOMS_INVALID: an HS code, an origin, the invoice),
 * or anything else (REFUSED). The message is the carrier's, unchanged.
 */
export function refusalError(text: string, message: string): CarrierError {
  // Customs first: "Invalid country of origin" or "commodity … postal code" is about the declaration.
  if (CUSTOMS_WORDS.test(text)) return new CarrierError('CUSTOMS_INVALID', message);
  if (SERVICE_WORDS.test(text)) return new CarrierError('SERVICE_UNAVAILABLE', message);
  if (ADDRESS_WORDS.test(text)) {
    const to = TO_WORDS.test(text);
    const from = FROM_WORDS.test(text);
    return new CarrierError(
      'ADDRESS_INVALID',
      message,
      to && !from ? 'toAddress' : from && !to ? 'fromAddress' : undefined,
    );
  }
  return new CarrierError('REFUSED', message);
}

/** Base64 (as JSON APIs carry labels) to bytes. */
export function bytesOfBase64(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * Whether a carrier's label bytes are ZPL II (decision 040): a label format (^XA) and its end (^XZ),
 * leading download commands (~DG graphics) aside.
 */
export function isZplLabel(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes);
  return /^\s*(?:[~^][\s\S]*?)?\^XA/i.test(text) && /\^XZ/i.test(text) && !text.startsWith('%PDF-');
}
