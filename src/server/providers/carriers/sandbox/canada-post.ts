import type { Carrier } from '../index';
import {
  CANADA_POST_PRICE_INDEX_BP,
  CANADA_POST_TABLES,
  domesticRow,
  ruralExtraDay,
  sandboxCarrier,
  type CarrierDef,
  type SandboxOptions,
} from './engine';
import { CANADA_POST_EXPORT } from './export';

/** Canada Post: 30 kg, 2 m longest side, 3 m length + girth; real service codes. */
export const CANADA_POST: CarrierDef = {
  code: 'CA-CP',
  name: 'Canada Post',
  services: [
    {
      code: 'DOM.RP',
      name: 'Regular Parcel',
      table: CANADA_POST_TABLES.regular,
      multiplierBp: CANADA_POST_PRICE_INDEX_BP,
      dimDivisor: 6000,
      transitDays: [2, 3, 4, 5, 7, 9],
      flyInExtraDays: 4, // Canada Post reaches every community; by air, slowly, to the fly-in ones.
    },
    {
      code: 'DOM.EP',
      name: 'Expedited Parcel',
      table: CANADA_POST_TABLES.expedited,
      multiplierBp: CANADA_POST_PRICE_INDEX_BP,
      dimDivisor: 5000,
      transitDays: [1, 2, 3, 4, 5, 7],
      flyInExtraDays: 3,
    },
    {
      code: 'DOM.XP',
      name: 'Xpresspost',
      table: CANADA_POST_TABLES.xpresspost,
      multiplierBp: CANADA_POST_PRICE_INDEX_BP,
      dimDivisor: 5000,
      transitDays: [1, 1, 2, 2, 2, 4],
      flyInExtraDays: 1,
    },
    {
      code: 'DOM.PC',
      name: 'Priority',
      table: CANADA_POST_TABLES.priority,
      multiplierBp: CANADA_POST_PRICE_INDEX_BP,
      dimDivisor: 5000,
      transitDays: [1, 1, 1, 1, 1, 3],
      flyInExtraDays: 1,
    },
    // Leaving Canada (issue 25): its US and international services.
    ...CANADA_POST_EXPORT,
  ],
  limits: { maxWeightKg: 30, maxLengthCm: 200, maxLengthPlusGirthCm: 300 },
  steps: 'canada-post',
  // Canada Post's domestic fuel surcharge has moved between about 15 % and 20 % since 2023.
  fuelBp: 1750,
  surcharges: {
    ruralCents: 165,
    remoteCents: 500,
    nonStandardCents: 480,
    handlingCents: 1250,
    handlingOverLengthCm: 100,
    handlingOverSecondSideCm: 76,
    handlingOverWeightKg: 23,
  },
  // Coverage (canadapost.ca, "Features and options for parcel services"): Priority, Xpresspost and
  // Expedited Parcel include up to $100 against loss or damage; Regular Parcel includes none and
  // coverage is bought from the first dollar. More is sold per $100 (or part) up to $5,000 within
  // Canada. The $2.25 per $100 is the figure shippers pass on from Canada Post's counter price (not
  // read from a current Canada Post guide).
  coverage: {
    includedCents: 10_000,
    includedByService: { 'DOM.RP': 0 },
    maxDeclaredCents: 500_000,
    price: { kind: 'per100', unitCents: 225, on: 'excess', minimumCents: 0 },
  },
  rowFor: domesticRow,
  extraDays: ruralExtraDay,
};

export const createCanadaPostSandbox = (opts?: SandboxOptions): Carrier => sandboxCarrier(CANADA_POST, opts);
