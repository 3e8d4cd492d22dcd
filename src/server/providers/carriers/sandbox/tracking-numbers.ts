/**
 * Tracking numbers in each carrier's real format, with the carrier's own check digit, so that the
 * tools shops use to recognise carriers (the public data set jkeen/tracking_number_data) read ours
 * as the right carrier. Random parts come from the CSPRNG.
 *
 * - Canada Post: 16 digits; mod 10 over the first 15 with weights 3, 1, 3, 1, … from the left.
 * - Purolator: 12 digits starting 0–5; Luhn.
 * - UPS: "1Z" + shipper (6) + service (2) + package (7) + check; mod 10 with the odd positions of
 *   the 15 characters doubled, letters counted as (char code − 3) mod 10 (A = 2, B = 3, …).
 * - FedEx Express: 12 digits; weights 3, 1, 7, 3, 1, 7, … over the first 11, sum mod 11 then mod 10.
 * - DHL Express: 10 digits; the first 9 as a number, mod 7.
 *
 * Two formats overlap: 12 digits starting 0–5 may pass both Purolator's and FedEx's checks. The
 * numbers we issue never do (FedEx's start with 7; Purolator's are drawn again when FedEx's check
 * would also accept them), so every tool names the right carrier whatever order it tries them in.
 */
import { randomInt } from 'node:crypto';
import type { CarrierCode } from '../index';

const DIGITS = '0123456789';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

const digitsOf = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0) - 48);

// ---------------------------------------------------------------------------------------------
// Check digits

/** Canada Post: weights 3, 1, 3, 1, … from the left; the digit that brings the sum to a multiple of 10. */
export function canadaPostCheckDigit(first15: string): number {
  const sum = digitsOf(first15).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** Luhn: from the right, every second digit of the payload doubled (digits of the product summed). */
export function luhnCheckDigit(payload: string): number {
  const ds = digitsOf(payload);
  let sum = 0;
  for (let i = ds.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = ds[i]!;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** UPS: the value of a character in the check sum; letters A = 2, B = 3, … (char code − 3) mod 10. */
const upsValue = (c: string): number => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : (c.charCodeAt(0) - 3) % 10);

/** UPS: over the 15 characters after "1Z"; those at odd positions (0-based) count twice. */
export function upsCheckDigit(body15: string): number {
  let sum = 0;
  for (let i = 0; i < body15.length; i++) sum += upsValue(body15[i]!) * (i % 2 === 1 ? 2 : 1);
  return (10 - (sum % 10)) % 10;
}

const FEDEX_WEIGHTS = [3, 1, 7] as const;

/** FedEx Express 12: weights 3, 1, 7 repeated over the first 11 digits; sum mod 11, then mod 10. */
function fedexRemainder(first11: string): number {
  return digitsOf(first11).reduce((acc, d, i) => acc + d * FEDEX_WEIGHTS[i % 3]!, 0) % 11;
}

export function fedexCheckDigit(first11: string): number {
  return fedexRemainder(first11) % 10;
}

/** DHL Express: the 9-digit serial as a number, mod 7. */
export function dhlCheckDigit(serial9: string): number {
  return Number(serial9) % 7;
}

// ---------------------------------------------------------------------------------------------
// Formats

const FORMATS: Record<CarrierCode, RegExp> = {
  'CA-CP': /^\d{16}$/,
  'CA-PUROLATOR': /^[0-5]\d{11}$/,
  'CA-UPS': /^1Z[0-9A-Z]{16}$/,
  'CA-Fedex': /^\d{12}$/,
  'CA-DHL': /^\d{10}$/,
};

/**
 * UPS's service indicator inside the number (positions 9–10), by our UPS service code: Standard
 * travels as ground (03), Expedited as 02, Express Saver as 13, Express as 01.
 */
const UPS_SERVICE_INDICATOR: Record<string, string> = {
  'UPS.11': '03',
  'UPS.02': '02',
  'UPS.13': '13',
  'UPS.01': '01',
};

/** The number without spaces or dashes, upper case (as printed, read back or typed in). */
export function normalizeTrackingNumber(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether `input` has this carrier's format and a valid check digit. */
export function isValidTrackingNumber(carrier: CarrierCode, input: string): boolean {
  const n = normalizeTrackingNumber(input);
  if (!FORMATS[carrier].test(n)) return false;
  const check = Number(n.at(-1));
  switch (carrier) {
    case 'CA-CP':
      return canadaPostCheckDigit(n.slice(0, 15)) === check;
    case 'CA-PUROLATOR':
      return luhnCheckDigit(n.slice(0, 11)) === check;
    case 'CA-UPS':
      return /\d$/.test(n) && upsCheckDigit(n.slice(2, 17)) === check;
    case 'CA-Fedex':
      return fedexCheckDigit(n.slice(0, 11)) === check;
    case 'CA-DHL':
      return dhlCheckDigit(n.slice(0, 9)) === check;
  }
}

/** Tried in the data set's order (alphabetical by courier), so an ambiguous number reads the same. */
const RECOGNITION_ORDER: readonly CarrierCode[] = ['CA-CP', 'CA-DHL', 'CA-Fedex', 'CA-PUROLATOR', 'CA-UPS'];

/** Which carrier's format (with a valid check digit) a number has, or null. */
export function carrierOfTrackingNumber(input: string): CarrierCode | null {
  return RECOGNITION_ORDER.find((c) => isValidTrackingNumber(c, input)) ?? null;
}

/**
 * A fresh number in the carrier's format. Random, so two calls may (rarely) collide: the caller
 * keeps them unique (the sandbox store retries on its unique index).
 */
export function generateTrackingNumber(carrier: CarrierCode, opts: { serviceCode?: string } = {}): string {
  switch (carrier) {
    case 'CA-CP': {
      const body = randomString(15, DIGITS);
      return body + canadaPostCheckDigit(body);
    }
    case 'CA-PUROLATOR': {
      for (;;) {
        const body = String(randomInt(6)) + randomString(10, DIGITS);
        const n = body + luhnCheckDigit(body);
        if (!isValidTrackingNumber('CA-Fedex', n)) return n;
      }
    }
    case 'CA-UPS': {
      const service = UPS_SERVICE_INDICATOR[opts.serviceCode ?? ''] ?? '03';
      const body = randomString(6, ALPHANUMERIC) + service + randomString(7, DIGITS);
      return `1Z${body}${upsCheckDigit(body)}`;
    }
    case 'CA-Fedex': {
      // Check digit 0 stands for remainders 0 and 10 alike, so a typo could keep it valid; the
      // numbers we issue avoid both, which lets every single-digit typo be caught.
      for (;;) {
        const body = '7' + randomString(10, DIGITS);
        const r = fedexRemainder(body);
        if (r !== 0 && r !== 10) return body + r;
      }
    }
    case 'CA-DHL': {
      const serial = String(1 + randomInt(9)) + randomString(8, DIGITS);
      return serial + dhlCheckDigit(serial);
    }
  }
}
