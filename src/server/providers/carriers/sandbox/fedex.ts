import type { Carrier } from '../index';
import {
  COURIER_GROUND_TABLE,
  domesticRow,
  ruralExtraDay,
  sandboxCarrier,
  type CarrierDef,
  type SandboxOptions,
} from './engine';
import { FEDEX_EXPORT } from './export';

/** FedEx: 68 kg, 274 cm, 330 cm length + girth; divisor 139 in³/lb ≈ 5000 cm³/kg. */
export const FEDEX: CarrierDef = {
  code: 'CA-Fedex',
  name: 'FedEx',
  services: [
    {
      code: 'FDX.GROUND',
      name: 'FedEx Ground',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 9800,
      dimDivisor: 5000,
      transitDays: [1, 2, 3, 4, 5, 7],
      flyInExtraDays: null, // road only
    },
    {
      code: 'FDX.ECONOMY',
      name: 'FedEx Economy',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 17_500,
      dimDivisor: 5000,
      transitDays: [1, 2, 2, 2, 2, 4],
      flyInExtraDays: 2,
    },
    {
      code: 'FDX.PRIORITY_OVERNIGHT',
      name: 'FedEx Priority Overnight',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 21_000,
      dimDivisor: 5000,
      transitDays: [1, 1, 1, 1, 1, 3],
      flyInExtraDays: 1,
    },
    // Leaving Canada (issue 25): its US and international services.
    ...FEDEX_EXPORT,
  ],
  limits: { maxWeightKg: 68, maxLengthCm: 274, maxLengthPlusGirthCm: 330 },
  steps: 'half-kg',
  fuelBp: 1475, // 2024 capture
  surcharges: {
    ruralCents: 575,
    remoteCents: 3500,
    nonStandardCents: 0,
    handlingCents: 2700,
    handlingOverLengthCm: 122,
    handlingOverSecondSideCm: 76,
    handlingOverWeightKg: 25,
  },
  // Declared value (FedEx Canada service guide, "Declared value"): FedEx is liable for $100 without
  // one; a higher declared value is charged per $100 (or part) above the first $100, with a
  // minimum, up to $50,000 per package. CAD figures estimated; the shape is FedEx's.
  coverage: {
    includedCents: 10_000,
    maxDeclaredCents: 5_000_000,
    price: { kind: 'per100', unitCents: 220, on: 'excess', minimumCents: 440 },
  },
  rowFor: domesticRow,
  extraDays: ruralExtraDay,
};

export const createFedexSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(FEDEX, opts);
