/**
 * Customs rules shared by the form and the server (issue 25, decision 029): HS codes, the CUSMA
 * rule, and CAD/USD conversion at the rate the admin sets.
 */
import { roundHalfUpDiv, type Cents } from './money';

/** Digits of an HS code as typed ('6109.10.0012', '6109 10 00 12' → '6109100012'); null when not 6–10 digits. */
export function normalizeHsCode(text: string): string | null {
  if (typeof text !== 'string') return null;
  const digits = text
    .normalize('NFKC')
    .trim()
    .replace(/[\s.-]/g, '');
  if (!/^\d{6,10}$/.test(digits)) return null;
  // Chapters 01–97 exist (98 and 99 are national special provisions, not goods).
  const chapter = Number(digits.slice(0, 2));
  if (chapter < 1 || chapter > 97 || chapter === 77) return null;
  return digits;
}

/** The United States classifies with a 10-digit HTS number (HTSUS statistical suffix included). */
export const isUsHtsCode = (code: string) => /^\d{10}$/.test(code);

/** 'HHHH.SS.TTNN' — how the HTS prints a code. */
export function formatHsCode(code: string): string {
  if (code.length <= 4) return code;
  const parts = [code.slice(0, 4), code.slice(4, 6), code.slice(6, 8), code.slice(8, 10)].filter(Boolean);
  return parts.join('.');
}

/** Countries whose goods can qualify under CUSMA (the Canada–United States–Mexico Agreement). */
export const CUSMA_COUNTRIES = ['CA', 'US', 'MX'] as const;
export const canQualifyUnderCusma = (originCountry: string) =>
  (CUSMA_COUNTRIES as readonly string[]).includes(originCountry);

export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The CAD price of one US dollar as the admin sets it, in millionths (1.38 CAD = 1_380_000), so no
 * float touches an amount.
 */
export type UsdRate = { cadPerUsdMicros: number };

/**
 * The rate in force until an admin sets one (no row in exchange_rates): 1.38 CAD per USD, set on
 * 2025-12-01 at 16:30 Toronto time, when the Bank of Canada publishes its daily rates (decision 029).
 * Midnight UTC would read as 30 November in Toronto. The admin's first PUT
 * /api/admin/exchange-rate writes the first row, which then wins.
 */
export const DEFAULT_USD_RATE = {
  cadPerUsdMicros: 1_380_000,
  setAt: '2025-12-01T21:30:00.000Z',
} as const;

export function usdToCad(usdCents: Cents, rate: UsdRate): Cents {
  return roundHalfUpDiv(usdCents * rate.cadPerUsdMicros, 1_000_000);
}

export function cadToUsd(cadCents: Cents, rate: UsdRate): Cents {
  return roundHalfUpDiv(cadCents * 1_000_000, rate.cadPerUsdMicros);
}

/** An amount in the customs currency, in CAD. */
export const toCad = (cents: Cents, currency: Currency, rate: UsdRate): Cents =>
  currency === 'CAD' ? cents : usdToCad(cents, rate);

/** An amount in the customs currency, in USD (US duties are assessed on the value in dollars). */
export const toUsd = (cents: Cents, currency: Currency, rate: UsdRate): Cents =>
  currency === 'USD' ? cents : cadToUsd(cents, rate);

/** '1.3800' from micros, for showing the rate. */
export const formatRate = (rate: UsdRate) => (rate.cadPerUsdMicros / 1_000_000).toFixed(4);
