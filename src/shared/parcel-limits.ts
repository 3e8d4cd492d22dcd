import type { CarrierCode } from './carriers';

/** What one carrier takes: weight, longest side, and either length plus girth or a cap on the other sides. */
export type ParcelLimits = {
  maxWeightKg: number;
  maxLengthCm: number;
  /** Longest side + 2 × (the other two); omitted when the carrier caps each side instead. */
  maxLengthPlusGirthCm?: number;
  /** Second and third sides, for carriers that cap every side. */
  maxOtherSidesCm?: number;
};

/**
 * The limits of the carriers that quote shipments within Canada (the only lane the shipment form
 * offers). The rates service answers 400 when every carrier refuses a parcel as over its limits;
 * the form checks the same limits first. A server test keeps this table equal to the carriers'.
 */
export const DOMESTIC_CARRIER_LIMITS: Partial<Record<CarrierCode, ParcelLimits>> = {
  'CA-CP': { maxWeightKg: 30, maxLengthCm: 200, maxLengthPlusGirthCm: 300 },
  'CA-PUROLATOR': { maxWeightKg: 68, maxLengthCm: 274, maxLengthPlusGirthCm: 419 },
  'CA-UPS': { maxWeightKg: 70, maxLengthCm: 274, maxLengthPlusGirthCm: 400 },
  'CA-Fedex': { maxWeightKg: 68, maxLengthCm: 274, maxLengthPlusGirthCm: 330 },
};

export type MetricParcel = { weightKg: number; lengthCm: number; widthCm: number; heightCm: number };

/** The sides longest first, and length plus girth, as the carriers measure them. */
export function measureParcel(p: MetricParcel): { sides: [number, number, number]; lengthPlusGirth: number } {
  const sides = [p.lengthCm, p.widthCm, p.heightCm].sort((a, b) => b - a) as [number, number, number];
  return { sides, lengthPlusGirth: sides[0] + 2 * (sides[1] + sides[2]) };
}

function sizeFits(l: ParcelLimits, p: MetricParcel): boolean {
  const { sides, lengthPlusGirth } = measureParcel(p);
  if (sides[0] > l.maxLengthCm) return false;
  if (l.maxOtherSidesCm !== undefined && sides[1] > l.maxOtherSidesCm) return false;
  if (l.maxLengthPlusGirthCm !== undefined && lengthPlusGirth > l.maxLengthPlusGirthCm) return false;
  return true;
}

/** True when this carrier takes the parcel (same comparisons as the carriers make). */
export function parcelFits(l: ParcelLimits, p: MetricParcel): boolean {
  return p.weightKg <= l.maxWeightKg && sizeFits(l, p);
}

/**
 * Why no carrier takes the parcel, one entry per thing to fix, with the largest value some
 * carrier takes; [] when at least one carrier takes it.
 * - `weight`: heavier than any carrier takes (`max` kg).
 * - `weightForSize`: some carrier takes this size, but none of those this weight (`max` kg).
 * - `side`: a side longer than any carrier takes (`max` cm; `side` names it).
 * - `lengthPlusGirth`: longest side + twice the other two over what any carrier takes (`max` cm).
 */
export type ParcelLimitProblem =
  | { kind: 'weight'; max: number }
  | { kind: 'weightForSize'; max: number }
  | { kind: 'side'; side: 'length' | 'width' | 'height'; max: number }
  | { kind: 'lengthPlusGirth'; max: number };

export function parcelLimitProblems(
  p: MetricParcel,
  limits: readonly ParcelLimits[] = Object.values(DOMESTIC_CARRIER_LIMITS),
): ParcelLimitProblem[] {
  if (limits.length === 0 || limits.some((l) => parcelFits(l, p))) return [];
  const problems: ParcelLimitProblem[] = [];
  const maxWeight = Math.max(...limits.map((l) => l.maxWeightKg));
  const maxLength = Math.max(...limits.map((l) => l.maxLengthCm));
  const bySize = limits.filter((l) => sizeFits(l, p));
  if (p.weightKg > maxWeight) problems.push({ kind: 'weight', max: maxWeight });
  else if (bySize.length > 0) {
    problems.push({ kind: 'weightForSize', max: Math.max(...bySize.map((l) => l.maxWeightKg)) });
  }
  if (bySize.length === 0) {
    const sides = [
      ['length', p.lengthCm],
      ['width', p.widthCm],
      ['height', p.heightCm],
    ] as const;
    for (const [side, cm] of sides) if (cm > maxLength) problems.push({ kind: 'side', side, max: maxLength });
    // The largest length plus girth among the carriers that take the longest side (or any, when none does).
    const { sides: sorted, lengthPlusGirth } = measureParcel(p);
    const forLength = limits.filter((l) => l.maxLengthCm >= sorted[0]);
    const girthCaps = (forLength.length > 0 ? forLength : limits).map((l) =>
      l.maxLengthPlusGirthCm !== undefined
        ? l.maxLengthPlusGirthCm
        : l.maxLengthCm + 4 * (l.maxOtherSidesCm ?? l.maxLengthCm),
    );
    const maxGirth = Math.max(...girthCaps);
    if (lengthPlusGirth > maxGirth || !problems.some((x) => x.kind === 'side')) {
      problems.push({ kind: 'lengthPlusGirth', max: maxGirth });
    }
  }
  return problems;
}
