/**
 * Money is integer cents everywhere in code; decimal strings with two places on the wire.
 * No float ever takes part in arithmetic on amounts.
 */
export type Cents = number;

const DECIMAL = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "12.34", "12.3", "12" (or a number with at most two decimals) into cents; null when malformed. */
export function parseCents(input: string | number): Cents | null {
  const text = typeof input === 'number' ? numberToText(input) : input.trim();
  if (text === null) return null;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + frac;
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

function numberToText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  // Round-trips through the shortest representation; 0.1 + 0.2 style noise is rejected by the regex.
  const s = String(n);
  return /e/i.test(s) ? null : s;
}

/** Cents to the wire format "1234.50" (no grouping, dot decimal). */
export function centsToDecimal(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not integer cents: ${cents}`);
}

/**
 * Multiplies cents by a rate given in basis points of a percent-free ratio
 * (e.g. 13% = 1300 bp) and rounds half-up to the cent. Integer-only.
 */
export function applyBasisPoints(cents: Cents, basisPoints: number): Cents {
  assertCents(cents);
  if (!Number.isInteger(basisPoints)) throw new RangeError('basis points must be an integer');
  const product = cents * basisPoints;
  // Past 2^53 the product is no longer exact and the rounding below would be silently wrong.
  if (!Number.isSafeInteger(product)) throw new RangeError(`amount too large: ${cents} × ${basisPoints} bp`);
  return roundHalfUpDiv(product, 10_000);
}

/** Integer division rounded half away from zero. */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isInteger(denominator)) throw new RangeError('bad denominator');
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const q = Math.floor(abs / denominator);
  const r = abs - q * denominator;
  return sign * (r * 2 >= denominator ? q + 1 : q);
}

export type Locale = 'en' | 'zh';

const formatters = new Map<string, Intl.NumberFormat>();

/** Displays cents as CAD for the language: en → en-CA "$12.34", zh → zh-CN "CA$12.34". */
export function formatCad(cents: Cents, locale: Locale = 'en'): string {
  const tag = locale === 'zh' ? 'zh-CN' : 'en-CA';
  let f = formatters.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { style: 'currency', currency: 'CAD' });
    formatters.set(tag, f);
  }
  // Intl takes a number; cents / 100 is exact enough for display of safe integers.
  return f.format(cents / 100);
}
