import type { ProvinceCode } from './provinces';

// Canada Post never uses D, F, I, O, Q or U, and never W or Z as the first letter.
const FIRST = 'ABCEGHJKLMNPRSTVXY';
const OTHER = 'ABCEGHJKLMNPRSTVWXYZ';

const EXACT = new RegExp(`^([${FIRST}]\\d[${OTHER}])\\s*-?\\s*(\\d[${OTHER}]\\d)$`);

/**
 * Matches candidate postal codes inside free text (case-insensitive, optional space or hyphen).
 * Global and therefore stateful: use it only with `matchAll` / `replace`, or call `findPostalCodes`.
 */
export const POSTAL_CODE_PATTERN_GLOBAL = new RegExp(
  `(?<![A-Za-z0-9])([${FIRST}]\\d[${OTHER}])[ \\u00a0-]?(\\d[${OTHER}]\\d)(?![A-Za-z0-9])`,
  'gi',
);

/** 'A1A 1A1' from any case, with or without a space or hyphen; null when it is not a postal code. */
export function normalizePostalCode(text: string): string | null {
  if (typeof text !== 'string') return null;
  const m = EXACT.exec(text.normalize('NFKC').trim().toUpperCase());
  return m ? `${m[1]} ${m[2]}` : null;
}

export function isValidPostalCode(text: string): boolean {
  return normalizePostalCode(text) !== null;
}

/** Every postal code found in free text, normalised, in order of appearance, without repeats. */
export function findPostalCodes(text: string): string[] {
  const found: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(POSTAL_CODE_PATTERN_GLOBAL)) {
    const code = `${m[1]} ${m[2]}`.toUpperCase();
    if (!found.includes(code)) found.push(code);
  }
  return found;
}

const BY_FIRST_LETTER: Record<string, ProvinceCode[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

// X is shared by the two territories; the district (first three characters) tells them apart.
const X_DISTRICTS: Record<string, ProvinceCode> = {
  X0A: 'NU',
  X0B: 'NU',
  X0C: 'NU',
  X0E: 'NT',
  X0G: 'NT',
  X1A: 'NT',
};

/** The province(s) a postal code belongs to (two only for an X district we do not know); [] when invalid. */
export function provincesForPostalCode(code: string): ProvinceCode[] {
  const normalized = normalizePostalCode(code);
  if (!normalized) return [];
  const district = X_DISTRICTS[normalized.slice(0, 3)];
  if (district) return [district];
  return [...(BY_FIRST_LETTER[normalized[0]] ?? [])];
}

export function postalCodeMatchesProvince(code: string, province: ProvinceCode | string): boolean {
  return (provincesForPostalCode(code) as string[]).includes(province);
}

/** Rural addresses have a 0 as the second character (the district digit). */
export function isRuralPostalCode(code: string): boolean {
  const normalized = normalizePostalCode(code);
  return normalized !== null && normalized[1] === '0';
}

/** '12345' or '12345-6789' from a ZIP or ZIP+4 (space, hyphen or nothing between); null otherwise. */
export function normalizeZip(text: string): string | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{5})(?:\s*-?\s*(\d{4}))?$/.exec(text.normalize('NFKC').trim());
  if (!m) return null;
  return m[2] ? `${m[1]}-${m[2]}` : m[1];
}
