import type { Carrier } from '../index';
import { sandboxCarrier, type CarrierDef, type SandboxOptions } from './engine';
import { DHL_EXPORT_TABLE } from './export';

/**
 * DHL Express has no domestic Canadian service: it answers [] inside Canada and quotes every
 * shipment leaving Canada (issue 25), at the four export zones of export.ts.
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
      lane: 'world',
      transitDays: [2, 3, 3, 4],
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
  // No domestic service (its only service is 'world').
  rowFor: () => null,
};

export const createDhlSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(DHL, opts);
