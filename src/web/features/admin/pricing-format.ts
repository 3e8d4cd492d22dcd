/**
 * The pure rules of the admin's pricing tabs (spec §2 Admin panel: customer charges, discounts; §5
 * Admin balances and charges, Discounts; issue 9: price rules and the margin report). The forms are
 * checked with the same zod contracts the server uses, and every contract message, from the form or
 * from the server's fieldErrors, becomes a translation key here.
 */
import type { z } from 'zod';
import {
  dateInputInstant,
  ZChargeCustomerRequest,
  ZDiscountRequest,
  ZDiscountUpdate,
  PRICE_RULE_MAX_PERCENT,
  ZPriceRuleRequest,
  type TDiscount,
  type TDiscountRequestInput,
} from '../../../shared/contracts/admin';
import { CARRIER_CODES, type CarrierCode } from '../../../shared/carriers';
import { applyBasisPoints, formatCad, parseCents, type Cents } from '../../../shared/money';
import { personDisplayName, personNameOrEmail } from '../../../shared/person-name';
import { ZCardErrorBody, type TCardError } from '../../../shared/contracts/payments';
import { isApiError } from '../../lib/api-client';
import { validationMessageRef, type TextRef } from '../../lib/error-message';
import { TIME_ZONE } from '../../lib/format';
import type { Language } from '../../lib/i18n';

// ------------------------------------------------------------------------------------------------
// Contract messages → translation keys

/** Every message of the contracts these forms send, by its exact English text. */
const MESSAGE_KEYS: Record<string, string> = {
  // Charge customer (spec §5)
  'Amount is required': 'admin.charges.errors.amountRequired',
  'Amount must be an amount like 12.34': 'admin.charges.errors.amountInvalid',
  'Amount must be between $1 and $50,000': 'admin.charges.errors.amountRange',
  'Description is required': 'admin.charges.errors.descriptionRequired',
  // Discounts (spec §5, DESIGN §9)
  'Please select a specific user for this discount': 'admin.discounts.errors.userRequired',
  'Choose a discount type': 'admin.discounts.errors.typeRequired',
  'Discount value must be a positive number': 'admin.discounts.errors.valuePositive',
  'A percentage must be between 0 and 100': 'admin.discounts.errors.percentageRange',
  'A fixed amount must be between $0 and $10,000': 'admin.discounts.errors.fixedRange',
  'Valid from must be a date like 2026-03-31': 'admin.discounts.errors.validFromInvalid',
  'Valid to must be a date like 2026-03-31': 'admin.discounts.errors.validToInvalid',
  'Valid from must be before valid to': 'admin.discounts.errors.validOrder',
  // Price rules
  'Choose a carrier': 'admin.rateTemplates.errors.carrierRequired',
  'Markup percent must be a number': 'admin.rateTemplates.errors.percentRange',
  'Markup percent must be between 0 and 500': 'admin.rateTemplates.errors.percentRange',
  'Fixed markup must be an amount like 12.34': 'admin.rateTemplates.errors.fixedRange',
  'Fixed markup must be between $0 and $1,000': 'admin.rateTemplates.errors.fixedRange',
  'organizationId must be an organization id': 'admin.rateTemplates.errors.organizationInvalid',
};

/** The server's own checks beyond the contracts (admin pricing service). */
const MESSAGE_PATTERNS: readonly [RegExp, (m: RegExpExecArray) => TextRef][] = [
  [
    /^(.+) offers no service (.+); its services are (.*)$/,
    (m) => ({
      key: 'admin.rateTemplates.errors.serviceNotOffered',
      values: { carrier: m[1]!, service: m[2]!, services: m[3]! },
    }),
  ],
  [/^No organization has this id$/, () => ({ key: 'admin.rateTemplates.errors.organizationInvalid' })],
  [
    /^This customer already has an active (.+) discount for these dates/,
    (m) => ({ key: 'admin.discounts.errors.overlap', values: { value: m[1]! } }),
  ],
  [
    /^Valid (from|to) must be a date between (\d{4}) and (\d{4})$/,
    (m) => ({ key: 'admin.discounts.errors.dateYears', values: { min: m[2]!, max: m[3]! } }),
  ],
];

/**
 * A contract message (from the form's own check or the server's fieldErrors) in the interface
 * language: our key when we know it, the app's common validation texts otherwise (which keep the
 * server's English as `raw`).
 */
export function contractMessageRef(message: string): TextRef {
  const key = MESSAGE_KEYS[message];
  if (key) return { key, raw: message };
  for (const [pattern, toRef] of MESSAGE_PATTERNS) {
    const hit = pattern.exec(message);
    if (hit) return { ...toRef(hit), raw: message };
  }
  return validationMessageRef(message);
}

export type FieldProblems<F extends string> = Partial<Record<F, TextRef>>;

/** The first message per field of a failed zod parse. */
function problemsOf<F extends string>(error: z.ZodError, fields: readonly F[]): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && !problems[field]) problems[field] = contractMessageRef(issue.message);
  }
  return problems;
}

/** The first message per field of a server 400 (`fieldErrors` keyed by field), for the given fields. */
export function serverProblems<F extends string>(
  fieldErrors: Record<string, string[]> | undefined,
  fields: readonly F[],
): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const field of fields) {
    const message = fieldErrors?.[field]?.[0];
    if (message) problems[field] = contractMessageRef(message);
  }
  return problems;
}

export const hasProblems = (problems: FieldProblems<string>): boolean => Object.keys(problems).length > 0;

// ------------------------------------------------------------------------------------------------
// Customer charges

/** A saved card's expiry as the admin tab shows it (spec §2: MM/year): "04/2027". */
export const expiryMonthYear = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${year < 100 ? 2000 + year : year}`;

export type ChargeForm = { amount: string; description: string };
export const CHARGE_FIELDS = ['amount', 'description'] as const;
export type ChargeField = (typeof CHARGE_FIELDS)[number];

/** The charge dialog's check (the contract's rules: $1–$50,000, description required). */
export function checkCharge(
  form: ChargeForm,
  target: { userId: string; paymentMethodId: string },
):
  | { ok: true; body: { userId: string; paymentMethodId: string; amount: string; description: string } }
  | { ok: false; problems: FieldProblems<ChargeField> } {
  const body = { ...target, amount: form.amount.trim(), description: form.description };
  const parsed = ZChargeCustomerRequest.safeParse(body);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error, CHARGE_FIELDS) };
  return { ok: true, body: { ...body, description: parsed.data.description } };
}

/** The card provider's decline codes we say in the admin's language; others show the provider's words. */
const DECLINE_KEYS: Record<string, string> = {
  authentication_required: 'authenticationRequired',
  insufficient_funds: 'insufficientFunds',
  expired_card: 'expiredCard',
  generic_decline: 'declined',
  card_declined: 'declined',
  lost_card: 'declined',
  stolen_card: 'declined',
  do_not_honor: 'declined',
  processing_error: 'processingError',
  /** Ours (decision 021): the card has a chargeback on an earlier payment. */
  card_disputed: 'disputed',
};

/** The provider's reason of a 402 decline; the provider's own message is shown in English. */
export function declineRef(error: TCardError): TextRef {
  const known = (error.declineCode && DECLINE_KEYS[error.declineCode]) || DECLINE_KEYS[error.code];
  const raw = error.message.trim() || undefined;
  if (known) return { key: `admin.charges.declines.${known}`, raw };
  return raw
    ? { key: 'admin.charges.declines.other', values: { message: raw }, raw }
    : { key: 'admin.charges.declines.declined' };
}

/** The card error of a 402 answer, or null. */
export function cardErrorOf(error: unknown): TCardError | null {
  if (!isApiError(error) || error.status !== 402) return null;
  try {
    const parsed = ZCardErrorBody.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.error : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------------
// Discounts: display

const numberFormat = (lang: Language, digits: number) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { maximumFractionDigits: digits });

/** "10%" / "10.5%" for a percentage, "$5.00" (en) or "CA$5.00" (zh) for a fixed amount. */
export function discountValueText(discount: Pick<TDiscount, 'discountType' | 'discountValue'>, lang: Language): string {
  const value = discount.discountValue.trim();
  if (discount.discountType === 'percentage') {
    const n = Number(value);
    return Number.isFinite(n) ? `${numberFormat(lang, 2).format(n)}%` : `${value}%`;
  }
  const cents = parseCents(value);
  return cents === null ? value : formatCad(cents, lang);
}

/** The Toronto calendar day 'YYYY-MM-DD' of an instant. */
export function torontoDay(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The day a stored bound stands for. A 'to' bound is stored as the instant the day ends (the next
 * day's midnight in Toronto), so its day is the one just before that instant.
 */
export function boundDay(stored: string, edge: 'start' | 'end'): string {
  const t = Date.parse(stored);
  if (Number.isNaN(t)) return '';
  return torontoDay(new Date(edge === 'end' ? t - 1 : t));
}

export type Validity =
  | { kind: 'open' }
  | { kind: 'from'; from: string }
  | { kind: 'until'; to: string }
  | { kind: 'range'; from: string; to: string };

/** The validity column: from, to, both or 'no expiry'; days are 'YYYY-MM-DD' (Toronto). */
export function validityOf(discount: Pick<TDiscount, 'validFrom' | 'validTo'>): Validity {
  const from = discount.validFrom ? boundDay(discount.validFrom, 'start') : '';
  const to = discount.validTo ? boundDay(discount.validTo, 'end') : '';
  if (from && to) return { kind: 'range', from, to };
  if (from) return { kind: 'from', from };
  if (to) return { kind: 'until', to };
  return { kind: 'open' };
}

/** A 'YYYY-MM-DD' day as the interface writes dates ("Mar 5, 2026" / "2026年3月5日"). */
export function dayText(day: string, lang: Language): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  // Noon UTC is the same calendar day in Toronto.
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The validity as a translated text. */
export function validityRef(discount: Pick<TDiscount, 'validFrom' | 'validTo'>, lang: Language): TextRef {
  const v = validityOf(discount);
  switch (v.kind) {
    case 'open':
      return { key: 'admin.discounts.validity.open' };
    case 'from':
      return { key: 'admin.discounts.validity.from', values: { from: dayText(v.from, lang) } };
    case 'until':
      return { key: 'admin.discounts.validity.until', values: { to: dayText(v.to, lang) } };
    case 'range':
      return {
        key: 'admin.discounts.validity.range',
        values: { from: dayText(v.from, lang), to: dayText(v.to, lang) },
      };
  }
}

export type DiscountState = 'inEffect' | 'scheduled' | 'expired' | 'inactive';

/**
 * Whether the discount lowers quotes now: inactive; active and in effect; or active but outside
 * its dates (not started yet, or over). The server's `inEffect` decides; the dates only say why not.
 */
export function discountState(
  discount: Pick<TDiscount, 'isActive' | 'inEffect' | 'validFrom' | 'validTo'>,
  now: Date,
): DiscountState {
  if (!discount.isActive) return 'inactive';
  if (discount.inEffect) return 'inEffect';
  if (discount.validFrom && Date.parse(discount.validFrom) > now.getTime()) return 'scheduled';
  return 'expired';
}

// ------------------------------------------------------------------------------------------------
// Discounts: the customer picker

export type PickableUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  organization: { id: string; name: string } | null;
};

/** Lower case, accents dropped, runs of spaces as one: "  Émilie " → "emilie". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The users a search keeps: every word of the search appears in the user's name, email or
 * organization name (any order, accents and case ignored). An empty search keeps everyone.
 */
export function filterCustomers<T extends PickableUser>(users: readonly T[], search: string): T[] {
  const words = foldText(search).split(' ').filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    // The name as shown (王小明) too, so it can be searched as it reads.
    const haystack = foldText(
      `${u.firstName} ${u.lastName} ${personDisplayName(u)} ${u.email} ${u.organization?.name ?? ''}`,
    );
    return words.every((w) => haystack.includes(w));
  });
}

/** "Avery Tremblay", "王小明" (family name first), or the email when the user has no name. */
export function userName(user: Pick<PickableUser, 'firstName' | 'lastName' | 'email'>): string {
  return personNameOrEmail(user);
}

// ------------------------------------------------------------------------------------------------
// Discounts: the form

export type DiscountForm = {
  discountType: 'percentage' | 'fixed_amount';
  discountValue: string;
  description: string;
  validFrom: string;
  validTo: string;
  isActive: boolean;
};
export const DISCOUNT_FIELDS = [
  'userId',
  'discountType',
  'discountValue',
  'description',
  'validFrom',
  'validTo',
] as const;
export type DiscountField = (typeof DISCOUNT_FIELDS)[number];

export const EMPTY_DISCOUNT_FORM: DiscountForm = {
  discountType: 'percentage',
  discountValue: '',
  description: '',
  validFrom: '',
  validTo: '',
  isActive: true,
};

/** The edit form of a stored discount; the dates as the days they stand for. */
export function discountToForm(discount: TDiscount): DiscountForm {
  return {
    discountType: discount.discountType,
    discountValue: discount.discountValue,
    description: discount.description,
    validFrom: discount.validFrom ? boundDay(discount.validFrom, 'start') : '',
    validTo: discount.validTo ? boundDay(discount.validTo, 'end') : '',
    isActive: discount.isActive,
  };
}

/**
 * A date field as sent: an untouched day of a stored discount goes back as the stored instant
 * (so saving an edit never moves a bound set to the minute); a new day as 'YYYY-MM-DD'.
 */
function dateToSend(day: string, stored: string | null | undefined, edge: 'start' | 'end'): string | null {
  const trimmed = day.trim();
  if (trimmed === '') return null;
  if (stored && boundDay(stored, edge) === trimmed) return stored;
  return trimmed;
}

export type DiscountBody = Omit<TDiscountRequestInput, 'userId' | 'organizationId'> & {
  discountValue: string;
  validFrom: string | null;
  validTo: string | null;
  isActive: boolean;
};

function discountBody(form: DiscountForm, stored?: TDiscount): DiscountBody {
  return {
    discountType: form.discountType,
    discountValue: form.discountValue.trim(),
    description: form.description,
    validFrom: dateToSend(form.validFrom, stored?.validFrom, 'start'),
    validTo: dateToSend(form.validTo, stored?.validTo, 'end'),
    isActive: form.isActive,
  };
}

/** Create: the chosen user (and their organization) plus the form, checked as the server will. */
export function checkNewDiscount(
  form: DiscountForm,
  user: PickableUser | null,
):
  | { ok: true; body: DiscountBody & { userId: string; organizationId: string | null } }
  | { ok: false; problems: FieldProblems<DiscountField> } {
  const body = { ...discountBody(form), userId: user?.id ?? '', organizationId: user?.organization?.id ?? null };
  const parsed = ZDiscountRequest.safeParse(body);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error, DISCOUNT_FIELDS) };
  return { ok: true, body };
}

/** Edit: the same rules without the customer. */
export function checkDiscountUpdate(
  form: DiscountForm,
  stored: TDiscount,
): { ok: true; body: DiscountBody } | { ok: false; problems: FieldProblems<DiscountField> } {
  const body = discountBody(form, stored);
  const parsed = ZDiscountUpdate.safeParse(body);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error, DISCOUNT_FIELDS) };
  return { ok: true, body };
}

/** A before-to check of two typed days, for an early hint (the full check runs on save). */
export function datesInOrder(validFrom: string, validTo: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(validTo)) return true;
  return dateInputInstant(validFrom, 'start').getTime() < dateInputInstant(validTo, 'end').getTime();
}

// ------------------------------------------------------------------------------------------------
// Price rules

/** Translation key part of a code ('DOM.RP' → 'DOM_RP', 'CA-CP' → 'CA_CP'), as the rates texts are keyed. */
export const codeKeyPart = (code: string): string => code.replace(/[^A-Za-z0-9]/g, '_');

export type PriceRuleForm = {
  carrier: CarrierCode | '';
  serviceCode: string;
  organizationId: string;
  markupPercent: string;
  markupFixed: string;
  isActive: boolean;
  description: string;
};
export const PRICE_RULE_FIELDS = [
  'carrier',
  'serviceCode',
  'organizationId',
  'markupPercent',
  'markupFixed',
  'description',
] as const;
export type PriceRuleField = (typeof PRICE_RULE_FIELDS)[number];

export const EMPTY_PRICE_RULE_FORM: PriceRuleForm = {
  carrier: '',
  serviceCode: '',
  organizationId: '',
  markupPercent: '0',
  markupFixed: '0.00',
  isActive: true,
  description: '',
};

export function priceRuleToForm(rule: {
  carrier: string;
  serviceCode: string | null;
  organizationId: string | null;
  markupPercent: string;
  markupFixed: string;
  isActive: boolean;
  description: string;
}): PriceRuleForm {
  const carrier = (CARRIER_CODES as readonly string[]).includes(rule.carrier) ? (rule.carrier as CarrierCode) : '';
  return {
    carrier,
    serviceCode: rule.serviceCode ?? '',
    organizationId: rule.organizationId ?? '',
    markupPercent: rule.markupPercent,
    markupFixed: rule.markupFixed,
    isActive: rule.isActive,
    description: rule.description,
  };
}

export type PriceRuleBody = {
  carrier: string;
  serviceCode: string | null;
  organizationId: string | null;
  markupPercent: string;
  markupFixed: string;
  isActive: boolean;
  description: string;
};

/** The rule form checked as the server will (0–500 %, $0–$1,000); blank markups count as 0. */
export function checkPriceRule(
  form: PriceRuleForm,
): { ok: true; body: PriceRuleBody } | { ok: false; problems: FieldProblems<PriceRuleField> } {
  const body: PriceRuleBody = {
    carrier: form.carrier,
    serviceCode: form.serviceCode.trim().toUpperCase() || null,
    organizationId: form.organizationId || null,
    markupPercent: form.markupPercent.trim() || '0',
    markupFixed: form.markupFixed.trim() || '0',
    isActive: form.isActive,
    description: form.description,
  };
  const parsed = ZPriceRuleRequest.safeParse(body);
  if (!parsed.success) {
    const problems = problemsOf(parsed.error, PRICE_RULE_FIELDS);
    // A number in range with too many decimals ('12.345'): say that the decimals are the problem.
    if (problems.markupPercent && percentHasTooManyDecimals(body.markupPercent)) {
      problems.markupPercent = { key: 'admin.rateTemplates.errors.percentDecimals' };
    }
    return { ok: false, problems };
  }
  return { ok: true, body };
}

/** '12.345' (0–500 but more than 2 decimals), as opposed to a number out of range or not a number. */
export function percentHasTooManyDecimals(text: string): boolean {
  const trimmed = text.trim();
  return /^\d+\.\d{3,}$/.test(trimmed) && Number(trimmed) <= PRICE_RULE_MAX_PERCENT;
}

/** "12.5 %" style markup text: percent and/or dollars, or 'none'. */
export function markupParts(
  rule: { markupPercent: string; markupFixed: string },
  lang: Language,
): { percent: string | null; fixed: string | null } {
  const percent = Number(rule.markupPercent);
  const fixed = parseCents(rule.markupFixed) ?? 0;
  return {
    percent: Number.isFinite(percent) && percent > 0 ? `${numberFormat(lang, 2).format(percent)}%` : null,
    fixed: fixed > 0 ? formatCad(fixed, lang) : null,
  };
}

/**
 * What a rule makes of a carrier cost (the explanation's example): cost + cost × percent + fixed,
 * rounded half-up to the cent as the server does; null while the form's numbers are unreadable.
 */
export function priceWithMarkup(costCents: Cents, rule: { markupPercent: string; markupFixed: string }): Cents | null {
  const bp = Math.round(Number(rule.markupPercent) * 100);
  const fixed = parseCents(rule.markupFixed);
  if (!Number.isSafeInteger(bp) || bp < 0 || fixed === null || fixed < 0) return null;
  return costCents + applyBasisPoints(costCents, bp) + fixed;
}

// ------------------------------------------------------------------------------------------------
// Margin report

/** 'YYYY-MM' as "March 2026" / "2026年3月". */
export function monthText(month: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
  }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15)));
}

/** Margin as a share of revenue ("18.2%"), or null without revenue. */
export function marginShare(revenue: string, margin: string, lang: Language): string | null {
  const r = parseCents(revenue);
  const m = parseCents(margin);
  if (r === null || m === null || r === 0) return null;
  return new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(m / r);
}
