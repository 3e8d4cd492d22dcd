/**
 * UPS service codes (Rating/Shipping API `Service.Code`) for shipments from Canada, with the names
 * UPS Canada gives them. Our serviceCode is `UPS.` + the UPS code, as the sandbox's (sandbox/ups.ts).
 * Source: UPS Rating API appendix (Karrio connector `ServiceZone`, origin CA).
 */
export const UPS_CA_SERVICES: readonly { upsCode: string; name: string }[] = [
  { upsCode: '11', name: 'UPS Standard' },
  { upsCode: '02', name: 'UPS Expedited' },
  { upsCode: '13', name: 'UPS Express Saver' },
  { upsCode: '01', name: 'UPS Express' },
  { upsCode: '14', name: 'UPS Express Early' },
  { upsCode: '12', name: 'UPS 3 Day Select' },
  { upsCode: '65', name: 'UPS Express Saver' },
  { upsCode: '08', name: 'UPS Worldwide Expedited' },
  { upsCode: '07', name: 'UPS Worldwide Express' },
  { upsCode: '54', name: 'UPS Worldwide Express Plus' },
  { upsCode: '70', name: 'UPS Access Point Economy' },
];

const PREFIX = 'UPS.';

/**
 * UPS Standard (11) to the United States is its own service for us, as the sandbox quotes it
 * (sandbox/export.ts 'UPS.11.US'): its rules and stored rates stay apart from domestic Standard.
 */
const US_SUFFIX = '.US';

/** Our serviceCode for a UPS service code: '11' → 'UPS.11' ('UPS.11.US' when it goes to the United States). */
export const upsServiceCode = (upsCode: string, toCountry = 'CA'): string =>
  `${PREFIX}${upsCode}${upsCode === '11' && toCountry === 'US' ? US_SUFFIX : ''}`;

/** The UPS service code inside our serviceCode, or null when it is not a UPS one. */
export function upsCodeOf(serviceCode: string): string | null {
  if (!serviceCode.startsWith(PREFIX)) return null;
  const code = serviceCode.slice(PREFIX.length);
  if (code === `11${US_SUFFIX}`) return '11';
  return /^[0-9A-Z]{2,3}$/.test(code) ? code : null;
}

/** The name UPS Canada gives a service; UPS's own description, then the code, for one we do not list. */
export function upsServiceName(upsCode: string, description?: string): string {
  const known = UPS_CA_SERVICES.find((s) => s.upsCode === upsCode);
  if (known) return known.name;
  return description?.trim() ? description.trim() : `UPS service ${upsCode}`;
}
