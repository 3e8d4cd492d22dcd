import type { Carrier } from '../index';
import {
  COURIER_GROUND_TABLE,
  domesticRow,
  ruralExtraDay,
  sandboxCarrier,
  type CarrierDef,
  type SandboxOptions,
} from './engine';
import { PUROLATOR_EXPORT } from './export';

const NEXT_DAY = [1, 1, 1, 1, 1, 3];

/** Purolator: 68 kg; Express family at the published multiples of Ground. */
export const PUROLATOR: CarrierDef = {
  code: 'CA-PUROLATOR',
  name: 'Purolator',
  services: [
    {
      code: 'PUR.GROUND',
      name: 'Purolator Ground',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 9700,
      dimDivisor: 5000,
      transitDays: [1, 2, 3, 3, 4, 6],
      flyInExtraDays: null, // road only
    },
    {
      code: 'PUR.EXPRESS',
      name: 'Purolator Express',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 15_130, // 1.56 × Ground
      dimDivisor: 5000,
      transitDays: NEXT_DAY,
      flyInExtraDays: 1,
    },
    {
      code: 'PUR.EXPRESS1030',
      name: 'Purolator Express 10:30 AM',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 18_040, // 1.86 × Ground
      dimDivisor: 5000,
      transitDays: NEXT_DAY,
      flyInExtraDays: null, // no time-of-day guarantee to fly-in points
    },
    {
      code: 'PUR.EXPRESS9AM',
      name: 'Purolator Express 9 AM',
      table: COURIER_GROUND_TABLE,
      multiplierBp: 20_370, // 2.1 × Ground
      dimDivisor: 5000,
      transitDays: NEXT_DAY,
      flyInExtraDays: null, // no time-of-day guarantee to fly-in points
    },
    // Leaving Canada (issue 25): its US and international services.
    ...PUROLATOR_EXPORT,
  ],
  limits: { maxWeightKg: 68, maxLengthCm: 274, maxLengthPlusGirthCm: 419 },
  steps: 'half-kg',
  fuelBp: 2750, // March 2026
  surcharges: {
    ruralCents: 595,
    remoteCents: 3500,
    nonStandardCents: 0,
    handlingCents: 2200,
    handlingOverLengthCm: 122,
    handlingOverSecondSideCm: 76,
    handlingOverWeightKg: 30,
  },
  // Declared value (Purolator terms and conditions of service, "Limitation of liability"): the first
  // $100 is covered at no charge; more is charged per $100 (or part) above it, up to $5,000 per
  // piece without prior arrangement. CAD figure estimated; the shape is Purolator's.
  coverage: {
    includedCents: 10_000,
    maxDeclaredCents: 500_000,
    price: { kind: 'per100', unitCents: 240, on: 'excess', minimumCents: 0 },
  },
  rowFor: domesticRow,
  extraDays: ruralExtraDay,
};

export const createPurolatorSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(PUROLATOR, opts);
