/**
 * DHL Express global product codes (non-document parcels) and ours. Our code is the product code
 * behind the DHL. prefix — DHL.P is the sandbox's Express Worldwide (sandbox/dhl.ts) — so every
 * product DHL answers maps to a code and back without a table entry.
 */
export type DhlService = { code: string; productCode: string; name: string };

export const DHL_SERVICES: readonly DhlService[] = [
  { code: 'DHL.P', productCode: 'P', name: 'DHL Express Worldwide' },
  { code: 'DHL.Y', productCode: 'Y', name: 'DHL Express 12:00' },
  { code: 'DHL.E', productCode: 'E', name: 'DHL Express 9:00' },
  { code: 'DHL.H', productCode: 'H', name: 'DHL Economy Select' },
  { code: 'DHL.8', productCode: '8', name: 'DHL Express Easy' },
];

const PREFIX = 'DHL.';
const BY_PRODUCT = new Map(DHL_SERVICES.map((s) => [s.productCode, s]));

export function dhlServiceByProduct(productCode: string, productName: string): DhlService {
  return (
    BY_PRODUCT.get(productCode) ?? { code: `${PREFIX}${productCode}`, productCode, name: productName || productCode }
  );
}

/** DHL's product code for our code; null when the code is not a DHL one. */
export function dhlProductCode(code: string): string | null {
  return code.startsWith(PREFIX) && code.length > PREFIX.length ? code.slice(PREFIX.length) : null;
}
