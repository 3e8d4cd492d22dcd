/**
 * POST /api/rates/quote.
 *
 * Request: `{ fromAddress, toAddress, packageDetails }` (metric: kg and cm), as the spec lists.
 * Answer 200: the spec's array of rate options, sorted by `total` ascending (ties: fewer transit
 * days, then carrier code). Each option's `id` names the stored option; `POST /api/shipments`
 * charges the stored price until `expiresAt` (15 minutes). Amounts are 2-decimal strings in CAD.
 * Carriers that gave no rates (too slow, unavailable, parcel over their limits) are listed in the
 * `X-Carrier-Warnings` response header (JSON), never in place of the array.
 *
 * Errors: 400 VALIDATION_ERROR with `fieldErrors` by dotted path (e.g. `toAddress.postalCode`,
 * `packageDetails.weight`, or `packageDetails` when the parcel is over every carrier's limits);
 * 401 when not signed in; 502 API_FAILURE 'Unable to get shipping rates' when no carrier answered
 * (the body then carries `warnings` too).
 */
import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { LIMITS } from './limits';
import { fieldsPassed, isValidEmail, optionalPhoneText } from './addresses';
import { normalizeProvince, type ProvinceCode } from '../provinces';
import { normalizePostalCode, postalCodeMatchesProvince } from '../postal-code';
import { ZCarrierMode } from './carriers';
import { ZCustoms, ZDuties, customsRule } from './customs';
import { checkPostalCodeAbroad, isCountryCode, isUsRegionCode, zipMatchesRegion } from '../countries';
import { normalizeZip } from '../postal-code';

export const PACKAGE_TYPES = ['package', 'envelope', 'tube'] as const;
export const ZPackageType = z.enum(PACKAGE_TYPES);
export type TPackageType = z.infer<typeof ZPackageType>;

/** Upper bounds that only keep nonsense out; carrier limits are far lower and are checked per carrier. */
export const PACKAGE_INPUT_MAX = { weightKg: 1000, sideCm: 1000, insuranceValue: 100_000 } as const;

const positive = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a finite number`)
    .refine((v) => v > 0, `${label} must be greater than 0`)
    .refine((v) => v <= max, `${label} must be at most ${max}`);

/** Longest text each quote address field takes (characters, after trimming). */
export const QUOTE_ADDRESS_LIMITS = {
  name: 100,
  company: 100,
  streetAddress: 300,
  city: 100,
  province: 50,
  postalCode: 20,
  phoneNumber: 30,
  emailAddress: 254,
} as const;

const L = QUOTE_ADDRESS_LIMITS;

/** Province must be one of the 13 codes, the postal code Canadian and in that province. */
export function provincePostalRule(a: { province: string; postalCode: string }, ctx: z.RefinementCtx): void {
  const province = normalizeProvince(a.province);
  if (!province) {
    ctx.addIssue({ code: 'custom', path: ['province'], message: 'Choose one of the 13 province or territory codes' });
    return;
  }
  const postalCode = normalizePostalCode(a.postalCode);
  if (!postalCode) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a Canadian postal code like A1A 1A1' });
    return;
  }
  if (!postalCodeMatchesProvince(postalCode, province)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: `Postal code ${postalCode} is not in ${province}` });
  }
}

/**
 * The receiver's country (issue 25): any ISO 3166-1 code. The sender must be in Canada (checked on
 * the request, `fromAddress.country`).
 */
export const countryField = () =>
  z
    .string({ error: 'Country is required' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Country must be a two-letter ISO country code (CA, US, GB, …)');

type Region = { country: string; province: string; postalCode: string };

/**
 * Province and postal code by country: in Canada the 13 codes and a postal code of that province
 * (provincePostalRule, messages unchanged); in the United States a state, DC or territory and a ZIP
 * or ZIP+4 that belongs to it; elsewhere a region as written and the postal code the country uses.
 */
export function destinationRegionRule(a: Region, ctx: z.RefinementCtx): void {
  if (a.country === 'CA' || a.country === 'US') {
    if (a.province === '') ctx.addIssue({ code: 'custom', path: ['province'], message: 'Province is required' });
    if (a.postalCode === '') ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Postal code is required' });
    if (a.province === '' || a.postalCode === '') return;
  }
  if (a.country === 'CA') return provincePostalRule(a, ctx);
  if (a.country === 'US') {
    const state = a.province.toUpperCase();
    if (!isUsRegionCode(state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['province'],
        message: 'Choose a US state, DC or territory by its two-letter code',
      });
      return;
    }
    const zip = normalizeZip(a.postalCode);
    if (!zip) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a ZIP code like 12345 or 12345-6789' });
      return;
    }
    if (!zipMatchesRegion(zip, state)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: `ZIP code ${zip} is not in ${state}` });
    }
    return;
  }
  const checked = checkPostalCodeAbroad(a.country, a.postalCode);
  if ('message' in checked) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: checked.message });
}

/** Normalised province and postal code (after destinationRegionRule passed). */
export function normalizeDestination<T extends Region>(a: T): T & { province: string; postalCode: string } {
  if (a.country === 'CA') {
    return {
      ...a,
      province: normalizeProvince(a.province) as ProvinceCode,
      postalCode: normalizePostalCode(a.postalCode) as string,
    };
  }
  if (a.country === 'US')
    return { ...a, province: a.province.toUpperCase(), postalCode: normalizeZip(a.postalCode) as string };
  const checked = checkPostalCodeAbroad(a.country, a.postalCode);
  return { ...a, postalCode: 'value' in checked ? checked.value : a.postalCode };
}

export const ZQuoteAddress = z
  .strictObject({
    name: requiredText('Name', L.name),
    company: optionalText('Company', L.company),
    streetAddress: requiredText('Street address', L.streetAddress),
    city: requiredText('City', L.city),
    // Required in Canada and the US (destinationRegionRule says so); optional abroad.
    province: optionalText('Province', L.province),
    postalCode: optionalText('Postal code', L.postalCode),
    country: countryField(),
    phoneNumber: optionalPhoneText('Phone number', L.phoneNumber),
    emailAddress: optionalText('Email address', L.emailAddress).refine(
      (v) => v === '' || isValidEmail(v),
      'Enter a valid email address',
    ),
  })
  // Runs even when other fields have problems, so that every problem is reported at once.
  .superRefine(destinationRegionRule, { when: fieldsPassed('country', 'province', 'postalCode') })
  .transform(normalizeDestination);
export type TQuoteAddressInput = z.input<typeof ZQuoteAddress>;
export type TQuoteAddress = z.output<typeof ZQuoteAddress>;

export const ZPackageDetails = z.strictObject({
  weight: positive('Weight', PACKAGE_INPUT_MAX.weightKg),
  length: positive('Length', PACKAGE_INPUT_MAX.sideCm),
  width: positive('Width', PACKAGE_INPUT_MAX.sideCm),
  height: positive('Height', PACKAGE_INPUT_MAX.sideCm),
  type: ZPackageType.nullish().transform((v) => v ?? 'package'),
  /** Declared value in CAD; 0 or absent means none. */
  insuranceValue: z
    .number({ error: 'Insurance value must be a number' })
    .refine(Number.isFinite, 'Insurance value must be a finite number')
    .refine((v) => v >= 0, 'Insurance value cannot be negative')
    .refine(
      (v) => v <= PACKAGE_INPUT_MAX.insuranceValue,
      `Insurance value must be at most ${PACKAGE_INPUT_MAX.insuranceValue}`,
    )
    .nullish(),
  description: optionalText('Description', LIMITS.packageDescriptionMax),
});
export type TPackageDetails = z.output<typeof ZPackageDetails>;

/** The sender ships from Canada (issue 25: the receiver may be anywhere). */
export function senderInCanada(body: { fromAddress: { country: string } }, ctx: z.RefinementCtx): void {
  if (body.fromAddress.country !== 'CA') {
    ctx.addIssue({ code: 'custom', path: ['fromAddress', 'country'], message: 'The sender must be in Canada (CA)' });
  }
}

/**
 * Whether the sender's country can be judged: it is a string, even when other sender fields failed
 * (a US sender with a province still hears that it must ship from Canada).
 */
export const senderCountryGiven = (payload: {
  value: unknown;
  issues: readonly { path?: readonly PropertyKey[] }[];
}): boolean => {
  const from = (payload.value as { fromAddress?: { country?: unknown } } | null)?.fromAddress;
  const countryFailed = payload.issues.some((i) => i.path?.[0] === 'fromAddress' && i.path?.[1] === 'country');
  return typeof from === 'object' && from !== null && typeof from.country === 'string' && !countryFailed;
};

export const ZQuoteRequest = z
  .strictObject({
    fromAddress: ZQuoteAddress,
    toAddress: ZQuoteAddress,
    packageDetails: ZPackageDetails,
    /** Required when toAddress.country is not CA (contracts/customs.ts). */
    customs: ZCustoms.optional(),
  })
  .superRefine(senderInCanada, { when: senderCountryGiven })
  .superRefine(customsRule, { when: fieldsPassed('toAddress', 'packageDetails', 'customs') });
export type TQuoteRequestInput = z.input<typeof ZQuoteRequest>;
export type TQuoteRequest = z.output<typeof ZQuoteRequest>;

/** A CAD amount on the wire: a 2-decimal string ('12.34'). */
export const ZMoney = z.string().regex(/^\d+\.\d{2}$/);

export const ZTaxes = z.object({ gst: ZMoney, hst: ZMoney, qst: ZMoney, total: ZMoney });
export type TTaxes = z.infer<typeof ZTaxes>;

export const ZRateOption = z.object({
  /** Id of the stored option; send it with the order (as `rateDetails.id`). */
  id: z.uuid(),
  /** The quote this option belongs to (one per POST /api/rates/quote). */
  quoteId: z.uuid(),
  /** Until when the order charges this price (ISO 8601); later the order answers 409 PRICE_CHANGED. */
  expiresAt: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  serviceName: z.string(),
  serviceCode: z.string(),
  /** Carrier price (fuel and surcharges included) minus the user's active discount, before tax. */
  price: ZMoney,
  /** The price before the discount, when a discount applies. */
  originalPrice: ZMoney.optional(),
  taxes: ZTaxes,
  /** price + taxes.total (+ duties.amount when leaving Canada): what the order charges. */
  total: ZMoney,
  /**
   * Declared-value coverage, when the package declares a value (decision 020): the value and what the
   * carrier charges to cover it ("0.00" when the service includes it). The charge is part of the
   * carrier's cost, so it is already in `price`. Absent: no declared value, the parcel is not insured.
   */
  coverage: z.object({ declaredValue: ZMoney, amount: ZMoney }).optional(),
  transitDays: z.number().int(),
  /**
   * Present when a fly-in community (no year-round road, shared/fly-in.ts) at either end lengthened
   * this option's transit: the business days that added (already in `transitDays`).
   */
  flyInDays: z.number().int().positive().optional(),
  /** YYYY-MM-DD, business days only. */
  estimatedDelivery: z.string(),
  /** The quoting carrier's mode ('sandbox' today): anything but 'live' ships no real parcel (contracts/carriers.ts). */
  mode: ZCarrierMode,
  /**
   * A shipment leaving Canada: the estimated duties and fees at the destination (contracts/customs.ts);
   * charged with the label when the incoterm is DDP ('0.00' for DDU). `taxes.total` is then 0 (exports
   * are zero-rated) and `total` is price + duties.amount.
   */
  duties: ZDuties.optional(),
});
export type TRateOption = z.infer<typeof ZRateOption>;

export const ZRateWarning = z.object({ carrier: z.string(), reason: z.string(), message: z.string() });
export type TRateWarning = z.infer<typeof ZRateWarning>;

/** The answer: the spec's array of rate options, cheapest (price + taxes) first. */
export const ZQuoteResponse = z.array(ZRateOption);
export type TQuoteResponse = z.infer<typeof ZQuoteResponse>;

/**
 * Response header with the carriers that gave no rate, as a JSON array of ZRateWarning (ASCII:
 * other characters are \\u-escaped). Absent when every carrier answered.
 */
export const CARRIER_WARNINGS_HEADER = 'x-carrier-warnings';

/** Header value for the warnings: JSON with every non-ASCII character escaped, so that it is a valid header. */
export function encodeWarningsHeader(warnings: TRateWarning[]): string {
  return JSON.stringify(warnings).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The warnings of a quote answer's header; [] when absent or unreadable. */
export function decodeWarningsHeader(value: string | null | undefined): TRateWarning[] {
  if (!value) return [];
  try {
    const parsed = z.array(ZRateWarning).safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** 502 body when no carrier gave a rate. */
export const ZQuoteFailure = z.object({
  message: z.string(),
  code: z.string().optional(),
  warnings: z.array(ZRateWarning),
});
export type TQuoteFailure = z.infer<typeof ZQuoteFailure>;
