/**
 * The top-up dialog's pure rules (spec §4 Top-up dialog, §5 Wallet top-up, §8 Wallet and cards;
 * DESIGN §3 and §9: $10.00–$10,000.00 for the form too): the amount, the new card's fields, the
 * saved cards' summary and what each failure shows.
 */
import {
  TOPUP_CENTS,
  TOPUP_RANGE_MESSAGE,
  ZCardErrorBody,
  type CardBrand,
  type TCardError,
  type TPaymentMethod,
} from '../../../shared/contracts/payments';
import { parseCents, type Cents } from '../../../shared/money';
import { isApiError } from '../../lib/api-client';
import { TIME_ZONE } from '../../lib/format';
import { validationMessageRef, type TextRef } from '../../lib/error-message';

export { TOPUP_CENTS };

// ------------------------------------------------------------------------------------------------
// Amount

export type AmountProblem = 'required' | 'invalid' | 'min' | 'max';
export type AmountCheck = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

/**
 * The amount typed in dollars ("50", "50.5", "50.00"; a comma as the decimal mark is read too):
 * at most two decimals, between the limits.
 */
export function checkTopupAmount(text: string): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  const cents = /^\d+(?:[.,]\d*)?$/.test(trimmed) ? parseCents(trimmed.replace(',', '.').replace(/\.$/, '')) : null;
  if (cents === null) return { ok: false, problem: 'invalid' };
  if (cents < TOPUP_CENTS.min) return { ok: false, problem: 'min' };
  if (cents > TOPUP_CENTS.max) return { ok: false, problem: 'max' };
  return { ok: true, cents };
}

/** The message of an amount problem (`min`/`max` take the formatted limits as values). */
export function amountProblemRef(problem: AmountProblem, limits: { min: string; max: string }): TextRef {
  return { key: `wallet.topup.amount.errors.${problem}`, values: limits };
}

/** The text a quick amount puts in the field (50 → "50.00"). */
export const quickAmountText = (dollars: number): string => dollars.toFixed(2);

// ------------------------------------------------------------------------------------------------
// New card

export type CardField = 'number' | 'name' | 'expiry' | 'cvc';
export type NewCardForm = { number: string; name: string; expiry: string; cvc: string };
export const EMPTY_CARD_FORM: NewCardForm = { number: '', name: '', expiry: '', cvc: '' };

export const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** The brand a number starts like (the card networks' published ranges). */
export function cardBrandOf(number: string): CardBrand {
  const d = digitsOf(number);
  if (/^4/.test(d)) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  const six = Number(d.slice(0, 6));
  if (d.length >= 6 && six >= 622126 && six <= 622925) return 'discover';
  return 'unknown';
}

const maxDigits = (brand: CardBrand) => (brand === 'amex' ? 15 : 19);

/** The number as typed, in groups: 4-6-5 for American Express, else fours ("4242 4242 4242 4242"). */
export function formatCardNumber(text: string): string {
  const brand = cardBrandOf(text);
  const d = digitsOf(text).slice(0, maxDigits(brand));
  if (brand === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: a first digit above 1 is a month of its own ("4" → "04"); the slash after two digits. */
export function formatExpiry(text: string): string {
  let d = digitsOf(text);
  if (/^[2-9]/.test(d)) d = `0${d}`;
  d = d.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** "MM/YY" (or "MM/YYYY") → month and four-digit year; null when it is not a month and a year. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const parts = splitExpiry(text);
  if (!parts || parts.month < 1 || parts.month > 12) return null;
  return parts;
}

/** "MM/YY" (or "MM/YYYY") as numbers, any month number; null when it is not two numbers. */
function splitExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

/** The card networks' check digit (Luhn). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Year and month (1–12) in Toronto: a card is good through the end of its month there, as the provider counts. */
function torontoYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { year: Number(parts.year), month: Number(parts.month) };
}

export type CardFormErrors = Partial<Record<CardField, string>>;

/**
 * What the form can tell before asking the provider, in the provider's own words where it has some:
 * each field present, the number complete and passing the check digit, the month 1–12, the expiry not
 * past, the CVC 3 digits (4 for American Express). The provider's answer still decides (its messages
 * are shown at their fields).
 */
export function checkNewCard(form: NewCardForm, now: Date = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  const number = digitsOf(form.number);
  const brand = cardBrandOf(number);
  if (number === '') errors.number = 'wallet.topup.card.errors.numberRequired';
  else if (number.length < (brand === 'amex' ? 15 : 13) || number.length > maxDigits(brand))
    errors.number = 'wallet.topup.card.errors.numberIncomplete';
  else if (!luhnValid(number)) errors.number = 'wallet.topup.cardErrors.incorrectNumber';
  if (form.name.trim() === '') errors.name = 'wallet.topup.card.errors.nameRequired';
  const expiry = splitExpiry(form.expiry);
  if (form.expiry.trim() === '') errors.expiry = 'wallet.topup.card.errors.expiryRequired';
  else if (!expiry) errors.expiry = 'wallet.topup.card.errors.expiryInvalid';
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = 'wallet.topup.cardErrors.invalidExpiryMonth';
  else {
    const today = torontoYearMonth(now);
    if (expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month))
      errors.expiry = 'wallet.topup.cardErrors.expiredCard';
  }
  const cvc = form.cvc.trim();
  if (cvc === '') errors.cvc = 'wallet.topup.card.errors.cvcRequired';
  else if (!/^\d+$/.test(cvc) || cvc.length !== (brand === 'amex' ? 4 : 3))
    errors.cvc = 'wallet.topup.cardErrors.invalidCvc';
  return errors;
}

/** The new card as the sandbox's browser-side confirm takes it (only after checkNewCard passed). */
export function sandboxCard(form: NewCardForm): {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
} {
  const expiry = parseExpiry(form.expiry);
  if (!expiry) throw new Error('expiry not checked');
  return {
    number: digitsOf(form.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: form.cvc.trim(),
    name: form.name.trim(),
  };
}

// ------------------------------------------------------------------------------------------------
// Saved cards

/** "•••• 4242" */
export const maskedNumber = (last4: string): string => `•••• ${last4}`;

/** "04/27" */
export const expiryLabel = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

export type CardsSummary =
  { kind: 'empty' } | { kind: 'default'; card: TPaymentMethod; count: number } | { kind: 'noDefault'; count: number };

/** The wallet's payment methods section (spec §2 Wallet): the default card, or the warning, or empty. */
export function summarizeCards(methods: readonly TPaymentMethod[]): CardsSummary {
  if (methods.length === 0) return { kind: 'empty' };
  const card = methods.find((m) => m.isDefault);
  return card ? { kind: 'default', card, count: methods.length } : { kind: 'noDefault', count: methods.length };
}

/** The saved cards a top-up may use: a disputed card pays no more (decision 021), so it is not offered. */
export function topupCards(methods: readonly TPaymentMethod[]): TPaymentMethod[] {
  return methods.filter((m) => !m.disputed);
}

/** The card the dialog preselects: the default, else the first, else none (a new card); never a disputed one. */
export function preselectedCard(methods: readonly TPaymentMethod[]): string | null {
  const usable = topupCards(methods);
  return (usable.find((m) => m.isDefault) ?? usable[0])?.id ?? null;
}

// ------------------------------------------------------------------------------------------------
// Failures (spec §8 Wallet and cards)

/** The card provider's codes we say in the user's language; any other shows the provider's own words. */
const CARD_ERROR_KEYS: Record<string, string> = {
  card_declined: 'declined',
  generic_decline: 'declined',
  do_not_honor: 'declined',
  insufficient_funds: 'insufficientFunds',
  test_mode_live_card: 'liveCard',
  lost_card: 'lostCard',
  stolen_card: 'stolenCard',
  expired_card: 'expiredCard',
  invalid_expiry_year_past: 'expiredCard',
  incorrect_cvc: 'incorrectCvc',
  invalid_cvc: 'invalidCvc',
  incomplete_cvc: 'invalidCvc',
  incorrect_number: 'incorrectNumber',
  invalid_number: 'incorrectNumber',
  incomplete_number: 'incorrectNumber',
  invalid_expiry_month: 'invalidExpiry',
  invalid_expiry_year: 'invalidExpiry',
  incomplete_expiry: 'invalidExpiry',
  processing_error: 'processingError',
  payment_intent_authentication_failure: 'authenticationFailed',
  authentication_required: 'authenticationRequired',
  /** Ours (decision 021): the card has a chargeback on an earlier payment. */
  card_disputed: 'disputed',
};

/**
 * A card error's text: by decline code, then code, in the user's language; the provider's own
 * message (`raw`) wins in English, as the spec shows the provider's message.
 */
export function cardErrorRef(error: Pick<TCardError, 'code' | 'declineCode' | 'message'>): TextRef {
  const known = (error.declineCode && CARD_ERROR_KEYS[error.declineCode]) || CARD_ERROR_KEYS[error.code];
  const raw = error.message.trim() || undefined;
  if (known) return { key: `wallet.topup.cardErrors.${known}`, raw };
  return raw
    ? { key: 'wallet.topup.cardErrors.other', values: { message: raw }, raw }
    : { key: 'wallet.topup.cardErrors.declined' };
}

/** The form field a provider's `param` names (number, exp_month, cvc, billing_details[name]…). */
export function cardErrorField(param: string | undefined): CardField | null {
  if (!param) return null;
  const p = param.toLowerCase();
  if (/exp/.test(p)) return 'expiry';
  if (/cvc|cvv|csc/.test(p)) return 'cvc';
  if (/name/.test(p)) return 'name';
  if (/number/.test(p)) return 'number';
  return null;
}

export type TopupFailure =
  /** 501, 'under development', 'temporarily unavailable': a neutral toast. */
  | { kind: 'comingSoon' }
  /** 'Authentication required' (401): please log in, and the dialog closes. */
  | { kind: 'signIn' }
  /** card_error / validation_error: the provider's message under 'payment failed'. */
  | { kind: 'payment'; message: TextRef; field: CardField | null; code: string }
  /** The server refused the amount (400 on amount). */
  | { kind: 'amount'; message: TextRef }
  /** Anything else: 'payment error' / 'unexpected error'. */
  | { kind: 'unexpected' };

/** A card error from anywhere: our 402 body, a Stripe.js error object, or the error itself. */
function cardErrorOf(error: unknown): TCardError | null {
  if (isApiError(error)) {
    try {
      const parsed = ZCardErrorBody.safeParse(JSON.parse(error.bodyText));
      return parsed.success ? parsed.data.error : null;
    } catch {
      return null;
    }
  }
  if (error && typeof error === 'object' && 'type' in error && typeof error.type === 'string') {
    const e = error as {
      type: string;
      code?: unknown;
      decline_code?: unknown;
      declineCode?: unknown;
      message?: unknown;
      param?: unknown;
    };
    if (e.type !== 'card_error' && e.type !== 'validation_error') return null;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    return {
      type: e.type,
      code: str(e.code) ?? (e.type === 'card_error' ? 'card_declined' : 'invalid_request'),
      message: str(e.message) ?? '',
      declineCode: str(e.declineCode) ?? str(e.decline_code),
      param: str(e.param),
    };
  }
  return null;
}

/** What a failed top-up call shows, by spec §8's rules in order. */
export function classifyTopupFailure(error: unknown): TopupFailure {
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  const status = isApiError(error) ? error.status : null;
  if (status === 501 || (isApiError(error) && error.code === 'NOT_CONFIGURED')) return { kind: 'comingSoon' };
  if (message.includes('under development') || message.includes('temporarily unavailable'))
    return { kind: 'comingSoon' };
  const card = cardErrorOf(error);
  // A card's own message may speak of authentication (3-D Secure): that is the card, not the session.
  if (status === 401 || (!card && message.includes('authentication required'))) return { kind: 'signIn' };
  if (card) return asPaymentFailure(card);
  const amount = isApiError(error) ? error.fieldErrors?.amount?.[0] : undefined;
  if (status === 400 && amount) {
    return {
      kind: 'amount',
      message:
        amount === TOPUP_RANGE_MESSAGE ? { key: 'wallet.topup.amount.errors.range' } : validationMessageRef(amount),
    };
  }
  return { kind: 'unexpected' };
}

/** A request that never got an answer (fetch rejects with a TypeError when the network fails). */
export const isNetworkFailure = (error: unknown): boolean => !isApiError(error) && error instanceof TypeError;

/** A card error (a confirm's answer) as the failure the dialog shows. */
export function asPaymentFailure(card: TCardError): TopupFailure {
  if (card.type !== 'card_error' && card.type !== 'validation_error') return { kind: 'unexpected' };
  return { kind: 'payment', message: cardErrorRef(card), field: cardErrorField(card.param), code: card.code };
}
