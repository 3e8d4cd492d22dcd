/**
 * Countries a parcel can go to (ISO 3166-1 alpha-2), their postal-code rules, and the US states,
 * DC and territories with the ZIP prefixes that belong to each (issue 25, decision 029).
 *
 * Names are not stored here: `countryName` asks the platform's ICU data (Intl.DisplayNames), which
 * every browser and Node 20 carry in English and Chinese, so the two languages never drift apart.
 */
import { US_STATES, type UsStateCode } from './provinces';

/** Every ISO 3166-1 alpha-2 code in use (249), Canada included. */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const; // prettier-ignore
export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);
export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && COUNTRY_SET.has(value);
}

/**
 * Places a parcel cannot be sent to from Canada: no inhabitants and no post (Antarctica, Bouvet,
 * Heard and McDonald, South Georgia, the French Southern Lands, the US Minor Outlying Islands),
 * and the countries under Canadian sanctions whose post and couriers take no parcels from here.
 */
export const UNSERVED_COUNTRIES: ReadonlySet<CountryCode> = new Set<CountryCode>([
  'AQ', 'BV', 'HM', 'GS', 'TF', 'UM', 'KP', 'IR', 'SY', 'CU', 'RU', 'BY',
]); // prettier-ignore

/** The receiver's country list: every country but Canada's unserved ones (Canada first, then the US). */
export const DESTINATION_COUNTRIES: readonly CountryCode[] = [
  'CA',
  'US',
  ...COUNTRY_CODES.filter((c) => c !== 'CA' && c !== 'US' && !UNSERVED_COUNTRIES.has(c)),
];

const displayNames = new Map<string, Intl.DisplayNames | null>();
/** The country's name in the language ('en', 'zh'); the code itself when the platform has none. */
export function countryName(code: string, language: string): string {
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

// ---------------------------------------------------------------------------------------------
// Postal codes abroad

/**
 * Countries without postal codes (Universal Postal Union's list, those a parcel from Canada reaches):
 * the field may stay blank.
 */
export const NO_POSTAL_CODE: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BQ', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI',
  'CK', 'CM', 'CW', 'DJ', 'DM', 'ER', 'FJ', 'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'IE', 'JM',
  'KI', 'KM', 'KN', 'LY', 'ML', 'MO', 'MR', 'MW', 'NR', 'NU', 'QA', 'RW', 'SB', 'SC', 'SL', 'SO',
  'SR', 'SS', 'ST', 'SX', 'SY', 'TD', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
]); // prettier-ignore
// Ireland's Eircode exists but is not needed for delivery; Hong Kong and Macao have none.

type PostalRule = { pattern: RegExp; example: string };
/** The format of the countries most parcels from Canada go to; others take any 2–12 letters and digits. */
const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: 'SW1A 1AA' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  IT: { pattern: /^\d{5}$/, example: '00118' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  MX: { pattern: /^\d{5}$/, example: '06000' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1011 AB' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-001' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  KR: { pattern: /^\d{5}$/, example: '03187' },
  CN: { pattern: /^\d{6}$/, example: '100000' },
  TW: { pattern: /^\d{3}(\d{2,3})?$/, example: '100' },
  IN: { pattern: /^\d{6}$/, example: '110001' },
  SG: { pattern: /^\d{6}$/, example: '018956' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100' },
  IL: { pattern: /^\d{7}$/, example: '9100001' },
  PH: { pattern: /^\d{4}$/, example: '1000' },
};

export const POSTAL_CODE_ABROAD_MAX = 12;

/** An example of the country's postal code where we check its format ('SW1A 1AA' for GB), else null. */
export const postalCodeExample = (country: string): string | null => POSTAL_RULES[country]?.example ?? null;

/** Whether the destination country uses postal codes (the field is required). */
export const usesPostalCode = (country: string) => !NO_POSTAL_CODE.has(country);

/**
 * Checks a postal code abroad (not CA or US): its normalised form, or a message. Blank is accepted
 * only where the country uses none.
 */
export function checkPostalCodeAbroad(country: string, text: string): { value: string } | { message: string } {
  const value = text.normalize('NFKC').trim().toUpperCase().replace(/\s+/g, ' ');
  if (value === '') {
    return usesPostalCode(country) ? { message: 'Postal code is required for this country' } : { value: '' };
  }
  const rule = POSTAL_RULES[country];
  if (rule) {
    return rule.pattern.test(value) ? { value } : { message: `Enter a postal code like ${rule.example}` };
  }
  return /^[A-Z0-9][A-Z0-9 -]{0,10}[A-Z0-9]?$/.test(value) && value.length <= POSTAL_CODE_ABROAD_MAX
    ? { value }
    : { message: 'Enter the postal code in letters and digits' };
}

// ---------------------------------------------------------------------------------------------
// The United States: states, DC, territories and their ZIP prefixes

/** Territories and the armed forces' post, which take US addresses and US Postal Service ZIPs. */
export const US_TERRITORIES = {
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
} as const;
export type UsTerritoryCode = keyof typeof US_TERRITORIES;
export type UsRegionCode = UsStateCode | UsTerritoryCode;

export const US_REGION_CODES = [...Object.keys(US_STATES), ...Object.keys(US_TERRITORIES)] as UsRegionCode[];
export function isUsRegionCode(value: unknown): value is UsRegionCode {
  return typeof value === 'string' && (US_REGION_CODES as string[]).includes(value);
}

/** English name of a state, DC or territory. */
export const usRegionName = (code: UsRegionCode): string =>
  (US_STATES as Record<string, string>)[code] ?? US_TERRITORIES[code as UsTerritoryCode];

/**
 * ZIP prefixes (first three digits, inclusive ranges) of each state, DC and territory, from the
 * USPS's three-digit ZIP prefix list (Publication 65 / the sectional centre facility table).
 * Prefixes that are not in use fall in a neighbour's range here; the check is what a state may
 * take, not a directory of ZIPs.
 */
const ZIP_RANGES: readonly [number, number, UsRegionCode][] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'],
  [30, 38, 'NH'], [39, 49, 'ME'], [50, 59, 'VT'], [55, 55, 'MA'], [60, 69, 'CT'], [63, 63, 'NY'],
  [70, 89, 'NJ'], [90, 99, 'AE'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'],
  [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'],
  [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 349, 'FL'],
  [340, 340, 'AA'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'],
  [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'],
  [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 714, 'LA'], [716, 729, 'AR'], [730, 749, 'OK'], [733, 733, 'TX'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'],
  [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'], [962, 966, 'AP'],
  [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
]; // prettier-ignore

/** Five-digit ZIPs that sit in another region's prefix (969xx: Guam, the Marianas; 96799: American Samoa). */
function zipRegionOverride(zip5: number): UsRegionCode | null {
  if (zip5 === 96799) return 'AS';
  if (zip5 >= 96950 && zip5 <= 96952) return 'MP';
  if (zip5 >= 96910 && zip5 <= 96932) return 'GU';
  return null;
}

/**
 * The regions a ZIP (5 digits or ZIP+4) may belong to. A later, narrower range wins over an
 * earlier wide one (e.g. 733 is Texas inside Oklahoma's 730–749); [] when the prefix is unused.
 */
export function regionsForZip(zip: string): UsRegionCode[] {
  const m = /^(\d{5})(?:-\d{4})?$/.exec(zip);
  if (!m) return [];
  const zip5 = Number(m[1]);
  const override = zipRegionOverride(zip5);
  if (override) return [override];
  const prefix = Math.floor(zip5 / 100);
  let best: [number, number, UsRegionCode] | null = null;
  for (const r of ZIP_RANGES) {
    if (prefix < r[0] || prefix > r[1]) continue;
    if (!best || r[1] - r[0] < best[1] - best[0]) best = r;
  }
  return best ? [best[2]] : [];
}

export function zipMatchesRegion(zip: string, region: string): boolean {
  return (regionsForZip(zip) as string[]).includes(region);
}
