/**
 * The sandbox rating engine shared by every sandbox carrier. Deterministic: prices come from rate
 * tables calibrated on public figures (/work/shared/rates-calibration.md), never from randomness.
 *
 * price = table[service][zone] at the billable weight step × service multiplier
 *         + fuel (percentage of that base) + flat surcharges (rural, remote, handling)
 */
import { applyBasisPoints, roundHalfUpDiv } from '../../../../shared/money';
import { isRuralPostalCode } from '../../../../shared/postal-code';
import { isFlyInPostalCode } from '../../../../shared/fly-in';
import { coverageCents, type CoverageTable } from './coverage';
import { exportRow } from './export';
import {
  CarrierError,
  type Carrier,
  type CarrierCode,
  type CarrierQuote,
  type QuoteRequest,
  type Surcharge,
} from '../index';

// ---------------------------------------------------------------------------------------------
// Geography: one centroid per postal district (first letter of the FSA), weighted towards where
// most parcels go in that district rather than its geometric centre.

type LatLon = { lat: number; lon: number };

export const DISTRICT_CENTROIDS: Readonly<Record<string, LatLon>> = {
  A: { lat: 47.9, lon: -54.0 }, // Newfoundland and Labrador (St. John's, Avalon)
  B: { lat: 44.8, lon: -63.6 }, // Nova Scotia (Halifax)
  C: { lat: 46.25, lon: -63.15 }, // Prince Edward Island (Charlottetown)
  E: { lat: 46.1, lon: -65.5 }, // New Brunswick (Moncton, Saint John, Fredericton)
  G: { lat: 46.8, lon: -71.3 }, // Eastern Quebec (Québec City)
  H: { lat: 45.5, lon: -73.6 }, // Montréal
  J: { lat: 45.9, lon: -73.2 }, // Western and northern Quebec (Laval suburbs, Gatineau, Sherbrooke)
  K: { lat: 45.0, lon: -76.0 }, // Eastern Ontario (Ottawa, Kingston)
  L: { lat: 43.5, lon: -79.8 }, // Central Ontario (Mississauga, Hamilton, Niagara)
  M: { lat: 43.7, lon: -79.4 }, // Toronto
  N: { lat: 43.0, lon: -81.2 }, // Southwestern Ontario (London, Windsor, Kitchener)
  P: { lat: 47.0, lon: -82.0 }, // Northern Ontario (Sudbury, Sault Ste. Marie, Thunder Bay)
  R: { lat: 49.9, lon: -97.1 }, // Manitoba (Winnipeg)
  S: { lat: 51.0, lon: -105.5 }, // Saskatchewan (Regina, Saskatoon)
  T: { lat: 52.2, lon: -113.8 }, // Alberta (Calgary, Edmonton)
  V: { lat: 49.4, lon: -123.0 }, // British Columbia (Vancouver, Victoria)
  X: { lat: 62.5, lon: -114.4 }, // Northwest Territories and Nunavut (Yellowknife)
  Y: { lat: 60.7, lon: -135.1 }, // Yukon (Whitehorse)
};

const EARTH_RADIUS_KM = 6371;

export function greatCircleKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function districtOf(postalCode: string): string {
  const letter = postalCode.trim().charAt(0).toUpperCase();
  if (!DISTRICT_CENTROIDS[letter]) throw new CarrierError('UNSUPPORTED_ROUTE', `Unknown postal district "${letter}"`);
  return letter;
}

export function districtDistanceKm(fromPostal: string, toPostal: string): number {
  return greatCircleKm(DISTRICT_CENTROIDS[districtOf(fromPostal)]!, DISTRICT_CENTROIDS[districtOf(toPostal)]!);
}

/** The territories (X: NT/NU, Y: YT) and the fly-in communities of the provinces are priced as remote. */
export function isRemotePostalCode(postalCode: string): boolean {
  const letter = postalCode.trim().charAt(0).toUpperCase();
  return letter === 'X' || letter === 'Y' || isFlyInPostalCode(postalCode);
}

/** Either end is a fly-in community (no year-round road): only services that fly go there. */
export function isFlyInLane(req: QuoteRequest): boolean {
  const end = (e: QuoteRequest['from']) => e.country === 'CA' && isFlyInPostalCode(e.postalCode);
  return end(req.from) || end(req.to);
}

/**
 * Domestic zone 1–6, shaped like Canada Post's rate-code letters: 1 local (A), 2 regional between
 * major centres (B), 3 regional further out (C/D), 4 national adjacent (E), 5 coast to coast (G),
 * 6 north and remote (H).
 */
export type Zone = 1 | 2 | 3 | 4 | 5 | 6;
export const ZONE_LIMITS_KM = [150, 700, 1200, 2200] as const;

export function domesticZone(fromPostal: string, toPostal: string): Zone {
  if (isRemotePostalCode(fromPostal) || isRemotePostalCode(toPostal)) return 6;
  const km = districtDistanceKm(fromPostal, toPostal);
  if (km < ZONE_LIMITS_KM[0]) return 1;
  if (km < ZONE_LIMITS_KM[1]) return 2;
  if (km < ZONE_LIMITS_KM[2]) return 3;
  if (km < ZONE_LIMITS_KM[3]) return 4;
  return 5;
}

// ---------------------------------------------------------------------------------------------
// Rate tables: cents at the anchor weights 1, 2, 5 and 10 kg, one row per zone. Below 1 kg a step
// costs a share of the 1 kg price; above 10 kg each step adds the 5→10 kg slope.

/** Cents at 1, 2, 5, 10 kg. */
type AnchorRow = readonly [number, number, number, number];
/** Rows in zone order; a carrier may use fewer zones (e.g. DHL: US, rest of world). */
export type RateTable = readonly AnchorRow[];

const ANCHOR_GRAMS = [1000, 2000, 5000, 10000] as const;

function between(a: AnchorRow, b: AnchorRow): AnchorRow {
  return a.map((v, i) => Math.round((v + b[i]!) / 2)) as unknown as AnchorRow;
}

// Canada Post price guides 2021–22 (Regular Parcel counter, the others small business), zones
// A1, B1–B2, E4, G4, H1 from the calibration file; zone 3 (C/D) sits between B and E.
function cpTable(z1: AnchorRow, z2: AnchorRow, z4: AnchorRow, z5: AnchorRow, z6: AnchorRow): RateTable {
  return [z1, z2, between(z2, z4), z4, z5, z6];
}

export const CANADA_POST_TABLES = {
  regular: cpTable(
    [1134, 1217, 1460, 1899],
    [1308, 1446, 1746, 2228],
    [1595, 1784, 2179, 2814],
    [1774, 2025, 2516, 3338],
    [1902, 2183, 2717, 3605],
  ),
  expedited: cpTable(
    [1085, 1176, 1408, 1831],
    [1251, 1392, 1683, 2148],
    [1525, 1709, 2082, 2689],
    [1693, 1939, 2408, 3187],
    [1815, 2090, 2599, 3449],
  ),
  xpresspost: cpTable(
    [1326, 1476, 1757, 2203],
    [1518, 1693, 1975, 2482],
    [2139, 3037, 4113, 5635],
    [2368, 3495, 5519, 8335],
    [2786, 4152, 6163, 9296],
  ),
  priority: cpTable(
    [2179, 2309, 2636, 3187],
    [2750, 2906, 3297, 3970],
    [4063, 4794, 6785, 9930],
    [4645, 5447, 7655, 11144],
    [5475, 6510, 9063, 13093],
  ),
} as const;

/** 2021–22 guides to 2025–26 prices: +15 % (one documented +3.4 % in Sep 2023, the rest estimated). */
export const CANADA_POST_PRICE_INDEX_BP = 11_500;

/**
 * Courier ground list prices in 2025 CAD. Fitted so that UPS Standard Vancouver → Moncton billed
 * 11.5 kg lands near the captured 93.90 and a 2 kg Toronto → Vancouver box at 35–45 with fuel.
 * Each courier service is a multiple of this row (Purolator's published ratios, UPS's captured
 * response for the air services).
 */
export const COURIER_GROUND_TABLE: RateTable = [
  [1750, 1900, 2300, 3000],
  [1850, 2050, 2650, 3650],
  [2200, 2480, 3300, 4700],
  [2650, 3000, 4200, 6100],
  [3150, 3550, 5250, 8400],
  [3900, 4500, 6800, 10800],
];

/** Price in cents for a weight step (grams) in one row; never decreasing in weight. */
export function tablePrice(row: AnchorRow, grams: number): number {
  if (grams <= ANCHOR_GRAMS[0]) {
    // 0.5 kg → 88 %, 0.75 kg → 94 % of the 1 kg price.
    const share = 7600 * 1000 + 2400 * Math.max(grams, 500);
    return roundHalfUpDiv(row[0] * share, 10_000 * 1000);
  }
  for (let i = 1; i < ANCHOR_GRAMS.length; i++) {
    const g0 = ANCHOR_GRAMS[i - 1]!;
    const g1 = ANCHOR_GRAMS[i]!;
    if (grams <= g1) return row[i - 1]! + roundHalfUpDiv((row[i]! - row[i - 1]!) * (grams - g0), g1 - g0);
  }
  const slope = row[3] - row[2];
  return row[3] + roundHalfUpDiv(slope * (grams - 10_000), 5000);
}

// ---------------------------------------------------------------------------------------------
// Weights and sizes

export type Parcel = QuoteRequest['package'];

/** Sides sorted longest first, length + girth (2 × the two shorter sides). */
export function measure(p: Parcel): { sides: [number, number, number]; lengthPlusGirth: number } {
  const sides = [p.lengthCm, p.widthCm, p.heightCm].sort((a, b) => b - a) as [number, number, number];
  return { sides, lengthPlusGirth: sides[0] + 2 * (sides[1] + sides[2]) };
}

/** Grams, rounded up; a hair of tolerance so that 2.3 kg is 2300 g and not 2301 g. */
function toGrams(kg: number): number {
  return Math.ceil(kg * 1000 - 1e-6);
}

export function dimensionalWeightKg(p: Parcel, divisor: number): number {
  return (p.lengthCm * p.widthCm * p.heightCm) / divisor;
}

/** Canada Post: 0.5, 0.75, 1.0 kg, then every 0.5 kg. Couriers: every 0.5 kg. */
export type StepScheme = 'canada-post' | 'half-kg';

export function weightStepGrams(grams: number, scheme: StepScheme): number {
  if (scheme === 'canada-post' && grams <= 1000) return grams <= 500 ? 500 : grams <= 750 ? 750 : 1000;
  return Math.max(500, Math.ceil(grams / 500) * 500);
}

/** An envelope this light and flat is rated as documents; anything else is rated as a package. */
export const ENVELOPE_MAX_KG = 0.5;
export const ENVELOPE_MAX_THICKNESS_CM = 2;
const ENVELOPE_SHARE_BP = 9000;
/** Tubes roll on sorting belts: every carrier bills them at least 1 kg. */
export const TUBE_MIN_BILLABLE_KG = 1;

export function isDocumentEnvelope(p: Parcel): boolean {
  return p.type === 'envelope' && p.weightKg <= ENVELOPE_MAX_KG && measure(p).sides[2] <= ENVELOPE_MAX_THICKNESS_CM;
}

// ---------------------------------------------------------------------------------------------
// Business days

/** Adds business days to a YYYY-MM-DD date; a weekend ship date is handed over the next Monday. */
export function addBusinessDays(isoDate: string, days: number): string {
  // Every service of every carrier asks this for the same ship date (~15 a quote): kept per date.
  const key = `${isoDate}|${days}`;
  const known = businessDays.get(key);
  if (known) return known;
  const d = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${isoDate}`);
  const isWeekend = () => d.getUTCDay() === 0 || d.getUTCDay() === 6;
  while (isWeekend()) d.setUTCDate(d.getUTCDate() + 1);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend()) left--;
  }
  const answer = d.toISOString().slice(0, 10);
  if (businessDays.size >= 1000) businessDays.clear();
  businessDays.set(key, answer);
  return answer;
}

const businessDays = new Map<string, string>();

// ---------------------------------------------------------------------------------------------
// Carrier definitions

export type ServiceDef = {
  code: string;
  name: string;
  table: RateTable;
  /** Multiplier on the table in basis points (10000 = as is). */
  multiplierBp: number;
  /** cm³ per kg for the dimensional weight. */
  dimDivisor: number;
  /** Business days by zone (same indexing as the table rows). */
  transitDays: readonly number[];
  /** Overrides the carrier's default fuel percentage for this service (e.g. UPS ground vs air). */
  fuelBp?: number;
  /**
   * A fly-in community (shared/fly-in.ts) at either end: the business days this service adds to its
   * remote-zone time, or null when it travels by road and does not go there at all.
   */
  flyInExtraDays: number | null;
  /**
   * Where the service goes (issue 25): within Canada (the default), to the United States only, to
   * other countries only, or to both (its table rows are then the four export zones, export.ts).
   */
  lane?: 'domestic' | 'us' | 'intl' | 'world';
  /** A lighter limit than the carrier's (e.g. Tracked Packet USA, 2 kg): heavier parcels are not offered it. */
  maxWeightKg?: number;
};

export type CarrierLimits = {
  maxWeightKg: number;
  maxLengthCm: number;
  /** Length + girth; omitted when the carrier limits each side instead. */
  maxLengthPlusGirthCm?: number;
  /** Second and third sides, for carriers that cap every side (DHL). */
  maxOtherSidesCm?: number;
};

export type CarrierDef = {
  code: CarrierCode;
  name: string;
  services: readonly ServiceDef[];
  limits: CarrierLimits;
  steps: StepScheme;
  /** Default fuel surcharge in basis points of the base price. */
  fuelBp: number;
  surcharges: {
    /** Destination in a rural FSA (digit 0). */
    ruralCents: number;
    /** Either end in the territories. */
    remoteCents: number;
    /** Tube or other non-standard shape. */
    nonStandardCents: number;
    /** Long, heavy or awkward parcel. */
    handlingCents: number;
    handlingOverLengthCm: number;
    handlingOverSecondSideCm: number;
    handlingOverWeightKg: number;
  };
  /** Declared-value coverage as this carrier publishes it (decision 020); absent: it covers nothing. */
  coverage?: CoverageTable;
  /** Table row (0-based) within Canada, or null when this carrier has no domestic service on it. */
  rowFor(req: QuoteRequest): number | null;
  /** Extra transit days, e.g. +1 to a rural destination. */
  extraDays?(req: QuoteRequest): number;
};

export function domesticRow(req: QuoteRequest): number | null {
  if (req.from.country !== 'CA' || req.to.country !== 'CA') return null;
  return domesticZone(req.from.postalCode, req.to.postalCode) - 1;
}

const fmtKg = (kg: number) => `${Number(kg.toFixed(2))} kg`;
const fmtCm = (cm: number) => `${Number(cm.toFixed(1))} cm`;

/** The first limit the parcel breaks, in words, or null. */
export function limitProblem(def: CarrierDef, p: Parcel): string | null {
  const { sides, lengthPlusGirth } = measure(p);
  const l = def.limits;
  if (p.weightKg > l.maxWeightKg) {
    return `${def.name} accepts parcels up to ${l.maxWeightKg} kg; this one weighs ${fmtKg(p.weightKg)}`;
  }
  if (sides[0] > l.maxLengthCm) {
    return `${def.name} accepts parcels up to ${l.maxLengthCm} cm long; the longest side is ${fmtCm(sides[0])}`;
  }
  if (l.maxOtherSidesCm !== undefined && sides[1] > l.maxOtherSidesCm) {
    return `${def.name} accepts parcels up to ${l.maxLengthCm} × ${l.maxOtherSidesCm} × ${l.maxOtherSidesCm} cm`;
  }
  if (l.maxLengthPlusGirthCm !== undefined && lengthPlusGirth > l.maxLengthPlusGirthCm) {
    return `${def.name} accepts parcels up to ${l.maxLengthPlusGirthCm} cm in length plus girth; this one measures ${fmtCm(lengthPlusGirth)}`;
  }
  return null;
}

function assertParcel(p: Parcel): void {
  for (const v of [p.weightKg, p.lengthCm, p.widthCm, p.heightCm]) {
    if (!Number.isFinite(v) || v <= 0) throw new CarrierError('UNAVAILABLE', 'Weight and dimensions must be positive');
  }
}

/** Billable weight in grams at this service's step. */
export function billableGrams(def: CarrierDef, service: ServiceDef, p: Parcel): number {
  if (isDocumentEnvelope(p)) return weightStepGrams(toGrams(p.weightKg), def.steps);
  let grams = Math.max(toGrams(p.weightKg), toGrams(dimensionalWeightKg(p, service.dimDivisor)));
  if (p.type === 'tube') grams = Math.max(grams, TUBE_MIN_BILLABLE_KG * 1000);
  return weightStepGrams(grams, def.steps);
}

/** All the services of one carrier for a request, cheapest service first. Pure and synchronous. */
export function rateCarrier(def: CarrierDef, req: QuoteRequest, fuelOverrideBp?: number): CarrierQuote[] {
  const lane = laneServices(def, req);
  if (!lane) return [];
  const { row, services: offered } = lane;
  const p = req.package;
  assertParcel(p);
  const problem = limitProblem(def, p);
  if (problem) throw new CarrierError('LIMIT_EXCEEDED', problem);
  const flyIn = isFlyInLane(req);
  const byWeight = offered.filter((s) => s.maxWeightKg === undefined || p.weightKg <= s.maxWeightKg);
  const services = flyIn ? byWeight.filter((s) => s.flyInExtraDays !== null) : byWeight;
  if (services.length === 0) {
    throw new CarrierError('NO_AIR_SERVICE', `${def.name} has no air service to or from fly-in communities`);
  }

  const { sides } = measure(p);
  const s = def.surcharges;
  const surcharges: Surcharge[] = [];
  const remote =
    (req.from.country === 'CA' && isRemotePostalCode(req.from.postalCode)) ||
    (req.to.country === 'CA' && isRemotePostalCode(req.to.postalCode));
  if (remote && s.remoteCents > 0) surcharges.push({ code: 'REMOTE', amountCents: s.remoteCents });
  else if (req.to.country === 'CA' && isRuralPostalCode(req.to.postalCode) && s.ruralCents > 0) {
    surcharges.push({ code: 'RURAL', amountCents: s.ruralCents });
  }
  if (p.type === 'tube' && s.nonStandardCents > 0)
    surcharges.push({ code: 'NON_STANDARD', amountCents: s.nonStandardCents });
  if (
    s.handlingCents > 0 &&
    (sides[0] > s.handlingOverLengthCm || sides[1] > s.handlingOverSecondSideCm || p.weightKg > s.handlingOverWeightKg)
  ) {
    surcharges.push({ code: 'ADDITIONAL_HANDLING', amountCents: s.handlingCents });
  }
  const surchargeTotal = surcharges.reduce((sum, x) => sum + x.amountCents, 0);
  const extraDays = def.extraDays?.(req) ?? 0;
  const declared = p.declaredValueCents ?? 0;
  const coverageOf = (serviceCode: string) =>
    def.coverage ? coverageCents(def.name, def.coverage, serviceCode, declared) : 0;
  // A value above what the carrier covers refuses the carrier, as a parcel over its limits does.
  if (declared > 0) for (const service of offered) coverageOf(service.code);

  return services.map((service) => {
    const grams = billableGrams(def, service, p);
    // An 'intl' service's rows are the export zones 2–3.
    const serviceRow = service.lane === 'intl' ? row - 2 : row;
    const tableRow = service.table[Math.min(serviceRow, service.table.length - 1)]!;
    let baseCents = applyBasisPoints(tablePrice(tableRow, grams), service.multiplierBp);
    if (isDocumentEnvelope(p)) baseCents = applyBasisPoints(baseCents, ENVELOPE_SHARE_BP);
    const fuelBp = fuelOverrideBp ?? service.fuelBp ?? def.fuelBp;
    const fuelCents = applyBasisPoints(baseCents, fuelBp);
    const transitDays =
      service.transitDays[Math.min(serviceRow, service.transitDays.length - 1)]! +
      extraDays +
      (flyIn ? (service.flyInExtraDays ?? 0) : 0);
    const coverage = coverageOf(service.code);
    return {
      carrier: def.code,
      serviceCode: service.code,
      serviceName: service.name,
      priceCents: baseCents + fuelCents + surchargeTotal + coverage,
      transitDays,
      ...(flyIn && service.flyInExtraDays ? { flyInExtraDays: service.flyInExtraDays } : {}),
      estimatedDelivery: addBusinessDays(req.shipDate, transitDays),
      breakdown: {
        baseCents,
        fuelCents,
        surchargesCents: surcharges.map((x) => ({ ...x })),
        billableWeightKg: grams / 1000,
        coverageCents: coverage,
      },
    };
  });
}

/**
 * The table row and the services of this carrier for the lane: within Canada its domestic services
 * at `rowFor`; leaving Canada its export services for the destination at the export zone
 * (export.ts). Null when it has none.
 */
export function laneServices(def: CarrierDef, req: QuoteRequest): { row: number; services: ServiceDef[] } | null {
  const row = exportRow(req);
  if (row === null) {
    const domestic = def.rowFor(req);
    if (domestic === null) return null;
    const services = def.services.filter((s) => (s.lane ?? 'domestic') === 'domestic');
    return services.length > 0 ? { row: domestic, services } : null;
  }
  const toUs = row <= 1;
  const services = def.services.filter(
    (s) => s.lane === 'world' || (s.lane === 'us' && toUs) || (s.lane === 'intl' && !toUs),
  );
  return services.length > 0 ? { row, services } : null;
}

export type SandboxOptions = {
  /** Fuel surcharge override in basis points (config.fuelSurchargeBp[code]). */
  fuelBp?: number;
};

/** Wraps a definition as an asynchronous Carrier, as a real adapter would be. */
export function sandboxCarrier(def: CarrierDef, opts: SandboxOptions = {}): Carrier {
  return {
    code: def.code,
    name: def.name,
    mode: 'sandbox',
    quote: async (req, { signal }) => {
      signal.throwIfAborted();
      return rateCarrier(def, req, opts.fuelBp);
    },
  };
}

/** Rural destinations take one more day with every domestic carrier. */
export function ruralExtraDay(req: QuoteRequest): number {
  return req.to.country === 'CA' && isRuralPostalCode(req.to.postalCode) && !isRemotePostalCode(req.to.postalCode)
    ? 1
    : 0;
}
