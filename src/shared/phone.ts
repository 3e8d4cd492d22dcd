/**
 * Phone numbers: one stored form, shown formatted wherever they appear.
 *
 * Stored form (what the API keeps and answers): digits only, the extension after an 'x'.
 * - North American numbers (NANP: Canada, the US, …): the 10 digits, '+1' / leading 1 dropped
 *   ('+1 (416) 555-0100 ext. 12' → '4165550100x12').
 * - Numbers written with '+' (or the 00 / 011 international prefixes): '+', country code and number
 *   ('+44 20 7946 0958' → '+442079460958').
 * - Anything else the rules accept (7 to 20 digits): its digits as written ('555 0100' → '5550100').
 *
 * Shown form: '416-555-0100', '555-0100', '+44 20 7946 0958', '+33 1 42 60 00 00' (grouped as the
 * country writes it where that is known, else '+353 12345678' unbroken), with ' ext. 12' after.
 */

export type ParsedPhone = {
  /** 10 digits (NANP), the country code and number after '+' (international), or the digits as written. */
  digits: string;
  /** Extension digits; '' when none. */
  ext: string;
  /** Written with '+' (or 00 / 011) and not a North American number. */
  international: boolean;
};

export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 20;
const EXT_MAX_DIGITS = 8;

// The number: digits with spaces, dashes, dots, slashes and brackets between; '+' only in front.
const NUMBER = /^\(?\+?[\d\s().\-/]+$/;
/**
 * Dashes that NFKC leaves as they are, read as '-': hyphen U+2010 (NFKC brings the non-breaking
 * hyphen U+2011 to it), figure dash, en dash, em dash (and the small em dash U+FE58, through NFKC),
 * horizontal bar, hyphen bullet, minus sign. NFKC itself turns the no-break, ideographic and other
 * wide spaces into ' ', and fullwidth digits, brackets, '-', '+', '.', '/' into their ASCII forms.
 */
const DASHES = /[\u2010-\u2015\u2043\u2212]/g;
// An extension at the end: 'ext. 12', 'extension 12', 'x12', '#12', 'poste 12' (French), '分机 12' / '轉 12'.
const EXTENSION = new RegExp(
  `^(.*?)[\\s,;]*(?:ext\\.?|extension|x|#|poste|p\\.|分机|分機|转|轉)\\s*[:.]?\\s*(\\d{1,${EXT_MAX_DIGITS}})$`,
  'iu',
);

/** The number read into its parts, or null when it is not a phone number the rules accept. */
export function parsePhone(input: string): ParsedPhone | null {
  if (typeof input !== 'string') return null;
  const text = input.normalize('NFKC').replace(DASHES, '-').trim();
  if (text === '') return null;
  const withExt = EXTENSION.exec(text);
  const main = (withExt ? withExt[1]! : text).trim();
  const ext = withExt ? withExt[2]! : '';
  if (!NUMBER.test(main)) return null;
  let digits = main.replace(/\D/g, '');
  let plus = main.replace(/^\(/, '').startsWith('+');
  if (!plus && digits.length > 9) {
    // International prefixes dialled from North America (011) or most other places (00).
    if (digits.startsWith('011')) [plus, digits] = [true, digits.slice(3)];
    else if (digits.startsWith('00')) [plus, digits] = [true, digits.slice(2)];
  }
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return null;
  // A North American number: 1, then an area code that never starts with 0 or 1.
  if (/^1[2-9]\d{9}$/.test(digits)) return { digits: digits.slice(1), ext, international: false };
  return { digits, ext, international: plus };
}

/** True when the rules accept the number (7 to 20 digits, an optional extension). */
export function isValidPhone(input: string): boolean {
  return parsePhone(input) !== null;
}

/** The stored form of a number ('4165550100x12', '+442079460958'), or null when it is not one. */
export function normalizePhone(input: string): string | null {
  const p = parsePhone(input);
  if (!p) return null;
  return `${p.international ? '+' : ''}${p.digits}${p.ext ? `x${p.ext}` : ''}`;
}

/** The digits that identify the line: no '+', no extension ('' when it is not a phone number). */
export function phoneLineDigits(input: string): string {
  return parsePhone(input)?.digits ?? '';
}

// ITU country calling codes are prefix-free: these are the one- and two-digit ones; all others have three.
const ONE_DIGIT_CODES = new Set(['1', '7']);
const TWO_DIGIT_CODES = new Set(
  (
    '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 ' +
    '60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'
  ).split(' '),
);

function countryCodeLength(digits: string): number {
  if (ONE_DIGIT_CODES.has(digits.slice(0, 1))) return 1;
  if (TWO_DIGIT_CODES.has(digits.slice(0, 2))) return 2;
  return 3;
}

/** Groups of four from the right, the first group taking what is left ('12345678' → '1234 5678'). */
function groupDigits(digits: string): string {
  const groups: string[] = [];
  let end = digits.length;
  while (end > 4) {
    groups.unshift(digits.slice(end - 4, end));
    end -= 4;
  }
  groups.unshift(digits.slice(0, end));
  return groups.join(' ');
}

/** The digits cut into groups of the given sizes ('142600000', [1, 2, 2, 2, 2] → '1 42 60 00 00'). */
function cut(digits: string, sizes: number[]): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/**
 * The national number of a country grouped as that country writes it, or null when the country's
 * convention is not known here or the number does not fit it (then it is shown unbroken: no
 * invented grouping).
 */
const NATIONAL: Record<string, (n: string) => number[] | null> = {
  // France: the first digit, then pairs ('+33 1 42 60 00 00', '+33 6 12 34 56 78').
  '33': (n) => (/^[1-9]\d{8}$/.test(n) ? [1, 2, 2, 2, 2] : null),
  // United Kingdom: London and other 2x '20 7946 0958'; 1x1 / 11x cities and 3, 8 '121 496 0123';
  // mobiles '7700 900123'; other geographic numbers '1632 960123'.
  '44': (n) => {
    if (!/^[1-9]\d{9}$/.test(n)) return null;
    if (n.startsWith('2')) return [2, 4, 4];
    if (/^(1\d1|11\d|3|8)/.test(n)) return [3, 3, 4];
    return [4, 6];
  },
  // Germany: the area code (or mobile prefix) and the subscriber number unbroken (DIN 5008), where the
  // area code's length is known: mobiles 15x–17x, Berlin, Hamburg, Frankfurt, Munich, and large cities.
  '49': (n) => {
    if (/^1[5-7]\d{8,9}$/.test(n)) return [3, n.length - 3];
    if (/^(30|40|69|89)\d{6,9}$/.test(n)) return [2, n.length - 2];
    if (/^(201|211|221|228|231|341|351|421|511|621|711|911)\d{5,8}$/.test(n)) return [3, n.length - 3];
    return null;
  },
  // China: mobiles '138 1234 5678'; Beijing (10) and the 2x cities have 2-digit area codes, others 3;
  // the subscriber number in 4 + 4 (or 3 + 4).
  '86': (n) => {
    if (/^1[3-9]\d{9}$/.test(n)) return [3, 4, 4];
    const area = /^(10|2\d)/.test(n) ? 2 : /^[3-9]/.test(n) ? 3 : 0;
    const rest = n.length - area;
    if (area === 0 || (rest !== 7 && rest !== 8)) return null;
    return rest === 8 ? [area, 4, 4] : [area, 3, 4];
  },
  // Japan: mobiles and IP phones '90 1234 5678'; Tokyo and Osaka '3 1234 5678'; free dial '120 123 456'.
  '81': (n) => {
    if (/^[5789]0\d{8}$/.test(n)) return [2, 4, 4];
    if (/^[36]\d{8}$/.test(n)) return [1, 4, 4];
    if (/^120\d{6}$/.test(n)) return [3, 3, 3];
    return null;
  },
  // Australia: mobiles '412 345 678'; landlines '2 1234 5678' (area codes 2, 3, 7, 8).
  '61': (n) => {
    if (/^4\d{8}$/.test(n)) return [3, 3, 3];
    if (/^[2378]\d{8}$/.test(n)) return [1, 4, 4];
    return null;
  },
  // Hong Kong: eight digits in 4 + 4.
  '852': (n) => (/^\d{8}$/.test(n) ? [4, 4] : null),
};

/** '+CC' and the national number as its country writes it, or unbroken when that is not known. */
function formatInternational(digits: string): string {
  const cc = digits.slice(0, countryCodeLength(digits));
  const national = digits.slice(cc.length);
  const sizes = NATIONAL[cc]?.(national) ?? null;
  return `+${cc} ${sizes ? cut(national, sizes) : national}`;
}

/**
 * The number as people read it: '416-555-0100', '555-0100', '+44 20 7946 0958', ' ext. 12' after.
 * Takes the stored form or anything typed; text that is not a phone number comes back trimmed as is.
 * `extLabel` names the extension in the reader's language (the Chinese screens pass '分机': '416-555-0100
 * 分机 12', which parsePhone reads back); labels and other Latin-only text keep 'ext.'.
 */
export function formatPhone(input: string | null | undefined, extLabel = 'ext.'): string {
  if (typeof input !== 'string') return '';
  const p = parsePhone(input);
  if (!p) return input.trim();
  const { digits } = p;
  let number: string;
  if (p.international) {
    number = formatInternational(digits);
  } else if (/^[2-9]\d{9}$/.test(digits)) {
    number = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  } else if (digits.length === 7) {
    number = `${digits.slice(0, 3)}-${digits.slice(3)}`;
  } else {
    number = groupDigits(digits);
  }
  return p.ext ? `${number} ${extLabel.trim() || 'ext.'} ${p.ext}` : number;
}

/**
 * The number in E.164 ('+14165550100', '+442079460958') for text messages, or null when it cannot
 * take one: an extension, or digits written without '+' that are not a North American number
 * (no country code to dial). A 10-digit NANP number gets '+1'.
 */
export function toE164(input: string): string | null {
  const p = parsePhone(input);
  if (!p || p.ext) return null;
  if (!p.international) return /^[2-9]\d{2}[2-9]\d{6}$/.test(p.digits) ? `+1${p.digits}` : null;
  return /^[1-9]\d{6,14}$/.test(p.digits) ? `+${p.digits}` : null;
}
