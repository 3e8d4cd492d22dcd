import type { Carrier } from '../index';
import {
  COURIER_GROUND_TABLE,
  domesticRow,
  ruralExtraDay,
  sandboxCarrier,
  type CarrierDef,
  type SandboxOptions,
} from './engine';
import { UPS_EXPORT } from './export';

const NEXT_DAY = [1, 1, 1, 1, 1, 3];
const AIR_FUEL_BP = 2600;

/**
 * UPS: 70 kg, 274 cm, 400 cm length + girth. Air multiples from the captured Vancouver → Moncton
 * response (Expedited 1.75, Express Saver 1.85, Express 2.08 × Standard at the same weight).
 * UPS service codes: 11 Standard, 02 Expedited, 13 Express Saver, 01 Express.
 */
export const UPS: CarrierDef = {
  code: 'CA-UPS',
  name: 'UPS',
  services: [
    {
      code: 'UPS.11',
      name: 'UPS Standard',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 10_000,
      dimDivisor: 6000,
      transitDays: [1, 2, 3, 4, 6, 7],
      flyInExtraDays: null, // road only
      fuelBp: 2300,
    },
    {
      code: 'UPS.02',
      name: 'UPS Expedited',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 17_500,
      dimDivisor: 5000,
      transitDays: [1, 2, 2, 2, 2, 4],
      flyInExtraDays: 2,
      fuelBp: AIR_FUEL_BP,
    },
    {
      code: 'UPS.13',
      name: 'UPS Express Saver',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 18_500,
      dimDivisor: 5000,
      transitDays: NEXT_DAY,
      flyInExtraDays: 1,
      fuelBp: AIR_FUEL_BP,
    },
    {
      code: 'UPS.01',
      name: 'UPS Express',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 20_800,
      dimDivisor: 5000,
      transitDays: NEXT_DAY,
      flyInExtraDays: 1,
      fuelBp: AIR_FUEL_BP,
    },
    // Leaving Canada (issue 25): its US and international services.
    ...UPS_EXPORT,
  ],
  limits: { maxWeightKg: 70, maxLengthCm: 274, maxLengthPlusGirthCm: 400 },
  steps: 'half-kg',
  fuelBp: 2300,
  surcharges: {
    ruralCents: 560,
    remoteCents: 3600,
    nonStandardCents: 0,
    handlingCents: 2800,
    handlingOverLengthCm: 122,
    handlingOverSecondSideCm: 76,
    handlingOverWeightKg: 25,
  },
  // Declared value (ups.com/ca, "Declared Value"): UPS is liable for CAD $100 without a declared
  // value, and covers up to CAD $50,000 per package for an additional charge, per $100 of the whole
  // declared value once it is above $100, with a minimum (UPS Canada rate guide, "Declared Value").
  // The CAD figures are estimated from UPS's U.S. daily rates; the shape is UPS's.
  coverage: {
    includedCents: 10_000,
    maxDeclaredCents: 5_000_000,
    price: { kind: 'per100', unitCents: 240, on: 'whole', minimumCents: 720 },
  },
  rowFor: domesticRow,
  extraDays: ruralExtraDay,
};

export const createUpsSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(UPS, opts);
