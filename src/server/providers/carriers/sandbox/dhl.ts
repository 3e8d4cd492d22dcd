import type { Carrier, QuoteRequest } from '../index';
import { DHL_EXPORT_TABLE, sandboxCarrier, type CarrierDef, type SandboxOptions } from './engine';

/**
 * DHL Express has no domestic Canadian service: it answers [] inside Canada and quotes only
 * shipments leaving Canada (row 0 United States, row 1 rest of the world). The shipment form
 * sends CA → CA only for now, so this is the seam the cross-border work plugs into.
 */
export const DHL: CarrierDef = {
  code: 'CA-DHL',
  name: 'DHL Express',
  services: [
    {
      code: 'DHL.P',
      name: 'DHL Express Worldwide',
      table: DHL_EXPORT_TABLE,
      multiplierBp: 10_000,
      dimDivisor: 5000,
      transitDays: [2, 4],
      flyInExtraDays: 2,
    },
  ],
  limits: { maxWeightKg: 70, maxLengthCm: 120, maxOtherSidesCm: 80 },
  steps: 'half-kg',
  fuelBp: 2650,
  surcharges: {
    ruralCents: 0,
    remoteCents: 3250,
    nonStandardCents: 0,
    handlingCents: 0,
    handlingOverLengthCm: Infinity,
    handlingOverSecondSideCm: Infinity,
    handlingOverWeightKg: Infinity,
  },
  // Shipment Insurance (mydhl.express.dhl, "Shipment Insurance key facts"): an optional charge of a
  // percentage of the declared value with a minimum (1.5 %, minimum £12 in the UK; 1.2 %, minimum
  // ¥2,500 in Japan); DHL's own liability is by weight, so no value is covered free. Canada: 1.5 %,
  // minimum CAD $20 (estimated from those), up to $100,000 (larger values need DHL's approval).
  coverage: {
    includedCents: 0,
    maxDeclaredCents: 10_000_000,
    price: { kind: 'percent', basisPoints: 150, minimumCents: 2_000 },
  },
  rowFor: (req: QuoteRequest) => {
    if (req.from.country !== 'CA' || req.to.country === 'CA') return null;
    return req.to.country === 'US' ? 0 : 1;
  },
};

export const createDhlSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(DHL, opts);
