/** Carrier codes as the spec (and the carriers' APIs) spell them. */
export const CARRIER_CODES = ['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL'] as const;

export type CarrierCode = (typeof CARRIER_CODES)[number];

export const CARRIER_NAMES: Record<CarrierCode, string> = {
  'CA-CP': 'Canada Post',
  'CA-PUROLATOR': 'Purolator',
  'CA-UPS': 'UPS',
  'CA-Fedex': 'FedEx',
  'CA-DHL': 'DHL',
};

/** Shown when a shipment has no carrier; the web translates it. */
export const UNKNOWN_CARRIER = 'unknown carrier';

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === 'string' && (CARRIER_CODES as readonly string[]).includes(value);
}

/** The exact code, or the code this text spells in another case ('CA-FEDEX' → 'CA-Fedex'); else null. */
export function toCarrierCode(value: string | null | undefined): CarrierCode | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return CARRIER_CODES.find((c) => c.toUpperCase() === upper) ?? null;
}

/** The carrier's display name; other values raw; missing → 'unknown carrier' (or the given text). */
export function carrierName(code: string | null | undefined, unknownText: string = UNKNOWN_CARRIER): string {
  if (typeof code !== 'string' || code.trim() === '') return unknownText;
  const known = toCarrierCode(code);
  return known ? CARRIER_NAMES[known] : code;
}

/**
 * The carrier and its service as one name, without naming the carrier twice when the service's name
 * already starts with it: 'Canada Post Xpresspost', but 'DHL Express Worldwide' (not 'DHL DHL Express
 * Worldwide'). Used where both are printed together (receipt and credit-note PDFs, mails).
 */
export function carrierAndService(code: string | null | undefined, serviceName: string): string {
  const carrier = carrierName(code);
  const service = serviceName.trim();
  if (!service) return carrier;
  const lower = service.toLowerCase();
  const prefix = carrier.trim().toLowerCase();
  if (prefix && (lower === prefix || lower.startsWith(`${prefix} `))) return service;
  return `${carrier} ${service}`;
}
