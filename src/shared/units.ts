/** Conversion constants as the spec fixes them (forms in lb/in, calls in kg/cm). */
export const LB_TO_KG = 0.453592;
export const IN_TO_CM = 2.54;
/** The spec's display factor (lb per kg); deliberately the rounded figure, not 1 / LB_TO_KG. */
export const KG_TO_LB_DISPLAY = 2.20462;

/** Rounds half away from zero at `decimals` places, via exponent notation so 1.0005 → 1.001. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  // Shift by string exponent (no binary rounding error); toExponential keeps the form valid for tiny
  // and huge values too ("1e-7" + "e3" would not be a number).
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e') as [string, string];
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const [m2, e2] = shifted.toExponential().split('e') as [string, string];
  return sign * Number(`${m2}e${Number(e2) - decimals}`);
}

/** Pounds to kilograms, 3 decimals (grams). */
export function lbToKg(lb: number): number {
  return roundTo(lb * LB_TO_KG, 3);
}

/** Kilograms to pounds for display, 2 decimals. */
export function kgToLb(kg: number): number {
  return roundTo(kg * KG_TO_LB_DISPLAY, 2);
}

/** Inches to centimetres, 2 decimals. */
export function inToCm(inches: number): number {
  return roundTo(inches * IN_TO_CM, 2);
}

/** Centimetres to inches, 2 decimals. */
export function cmToIn(cm: number): number {
  return roundTo(cm / IN_TO_CM, 2);
}
