import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { isProvinceCode, isUsStateCode } from '../provinces';
import { normalizePostalCode, normalizeZip, postalCodeMatchesProvince } from '../postal-code';
import { isValidPhone, normalizePhone } from '../phone';

export const ADDRESS_COUNTRIES = ['CA', 'US'] as const;
export const ZAddressCountry = z.enum(ADDRESS_COUNTRIES);
export type TAddressCountry = z.infer<typeof ZAddressCountry>;

export const ADDRESS_LIMITS = {
  name: 100,
  company: 100,
  address1: 200,
  address2: 200,
  city: 100,
  province: 50,
  postalCode: 20,
  phone: 30,
  email: 254,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Something@something.tld, no spaces. */
export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}
/** 7 to 20 digits once spaces, dashes, dots, brackets and a leading + are ignored; an extension may follow (shared/phone.ts). */
export { isValidPhone };

/** The languages of the mails to a recipient (issue 27). */
export const RECIPIENT_LANGUAGES = ['en', 'zh'] as const;
export const ZRecipientLanguage = z.enum(RECIPIENT_LANGUAGES, { error: 'Language must be en or zh' });
export type TRecipientLanguage = z.infer<typeof ZRecipientLanguage>;

/** With the recipient's mail switched on, the email (at `path`) is required. */
export const recipientEmailRule =
  (...path: string[]) =>
  (body: { notifyRecipient?: boolean | null; email?: string }, ctx: z.RefinementCtx) => {
    if (body.notifyRecipient && !body.email) {
      ctx.addIssue({ code: 'custom', path, message: "Enter the receiver's email to mail them" });
    }
  };

export const PHONE_MESSAGE = 'Enter a phone number with 7 to 20 digits';

/**
 * A phone field: checked, then kept in its stored form ('4165550100x12', '+442079460958'); every
 * answer carries that form and the screens and labels format it (shared/phone.ts formatPhone).
 */
export const phoneText = (label: string, max: number) =>
  requiredText(label, max)
    .refine(isValidPhone, PHONE_MESSAGE)
    .transform((v) => normalizePhone(v) ?? v);

/** The same, optional: blank stays ''. */
export const optionalPhoneText = (label: string, max: number) =>
  optionalText(label, max)
    .refine((v) => v === '' || isValidPhone(v), PHONE_MESSAGE)
    .transform((v) => (v === '' ? '' : (normalizePhone(v) ?? v)));

/** True when none of these top-level fields has a problem yet (so their cross-field rule can run). */
export const fieldsPassed =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => i.path === undefined || i.path.length === 0 || fields.includes(String(i.path[0])));

type Region = { country: TAddressCountry; province: string; postalCode: string };

/** Province and postal code (CA) or state and ZIP (US) that belong together; used by every address form. */
export function checkRegion(body: Region, ctx: z.RefinementCtx): void {
  const { country } = body;
  const province = body.province.toUpperCase();
  if (country === 'CA') {
    if (!isProvinceCode(province)) {
      ctx.addIssue({
        code: 'custom',
        path: ['province'],
        message: 'Choose one of the 13 province or territory codes',
      });
      return;
    }
    const postalCode = normalizePostalCode(body.postalCode);
    if (!postalCode) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a Canadian postal code like A1A 1A1' });
      return;
    }
    if (!postalCodeMatchesProvince(postalCode, province)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: `Postal code ${postalCode} does not belong to province ${province}`,
      });
    }
    return;
  }
  if (!isUsStateCode(province)) {
    ctx.addIssue({ code: 'custom', path: ['province'], message: 'Enter a US state as its two-letter code' });
    return;
  }
  if (!normalizeZip(body.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a ZIP code like 12345 or 12345-6789' });
  }
}

/** Upper-case province, normalised postal code or ZIP (after checkRegion passed). */
export function normalizeRegion<T extends Region>(body: T): T {
  const province = body.province.toUpperCase();
  const postalCode = body.country === 'CA' ? normalizePostalCode(body.postalCode) : normalizeZip(body.postalCode);
  return { ...body, province, postalCode: postalCode as string };
}

/**
 * Body of POST /api/addresses and PUT /api/addresses/:id. Normalises as it validates: province to
 * its code, postal code to 'A1A 1A1' (CA) or ZIP/ZIP+4 (US), country to CA when absent.
 */
export const ZAddressRequest = z
  .strictObject({
    name: requiredText('Name', ADDRESS_LIMITS.name),
    company: optionalText('Company', ADDRESS_LIMITS.company),
    address1: requiredText('Address', ADDRESS_LIMITS.address1),
    address2: optionalText('Address line 2', ADDRESS_LIMITS.address2),
    city: requiredText('City', ADDRESS_LIMITS.city),
    province: requiredText('Province', ADDRESS_LIMITS.province),
    postalCode: requiredText('Postal code', ADDRESS_LIMITS.postalCode),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(ADDRESS_COUNTRIES, { error: 'Country must be CA or US' }))
      .nullish()
      .transform((v) => v ?? 'CA'),
    phone: phoneText('Phone', ADDRESS_LIMITS.phone),
    email: optionalText('Email', ADDRESS_LIMITS.email).refine(
      (v) => v === '' || isValidEmail(v),
      'Enter a valid email address',
    ),
    isDefault: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    /**
     * Mail this receiver when a shipment to it is shipped and delivered (issue 27), and in which
     * language: filled into the shipment form when the entry is picked. Left out on an update, kept.
     */
    notifyRecipient: z.boolean({ error: 'notifyRecipient must be true or false' }).optional(),
    language: ZRecipientLanguage.optional(),
  })
  .superRefine(recipientEmailRule('email'), { when: fieldsPassed('notifyRecipient', 'email') })
  // Runs even when other fields have problems, so that every problem is reported at once.
  .superRefine(checkRegion, { when: fieldsPassed('country', 'province', 'postalCode') })
  .transform(normalizeRegion);
/** What a form holds before parsing. */
export type TAddressRequestInput = z.input<typeof ZAddressRequest>;
/** The normalised body the server works with. */
export type TAddressRequest = z.output<typeof ZAddressRequest>;

export const ZAddressIdParams = z.object({ id: z.string() });

export const ZAddress = z.object({
  id: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: ZAddressCountry,
  phone: z.string(),
  email: z.string(),
  isDefault: z.boolean(),
  notifyRecipient: z.boolean(),
  language: ZRecipientLanguage,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZAddressList = z.array(ZAddress);
export type TAddressList = z.infer<typeof ZAddressList>;
