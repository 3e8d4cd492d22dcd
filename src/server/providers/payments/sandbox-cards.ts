/**
 * The sandbox card provider's card rules, as the card provider's test mode applies them: brand from
 * the number, Luhn, expiry and CVC checks (in that order, with its codes and messages), and what each
 * well-known test number does. Pure functions; nothing here stores or logs a number.
 */
import type { CardBrand, TCardError, TSandboxCard } from '../../../shared/contracts/payments';

/** What a card does when charged; stored on the payment method instead of its number. */
export type CardBehaviour =
  | 'succeed'
  /** Succeeds, then the cardholder opens a dispute. */
  | 'dispute'
  /** Needs authentication (3-D Secure) on every payment; declined off-session. */
  | 'authenticate'
  | 'decline_generic'
  | 'decline_insufficient_funds'
  | 'decline_lost_card'
  | 'decline_expired_card'
  | 'decline_incorrect_cvc'
  | 'decline_processing_error'
  /** A real (non-test) card number used in test mode. */
  | 'decline_live_card';

export const CARD_BEHAVIOURS: readonly CardBehaviour[] = [
  'succeed',
  'dispute',
  'authenticate',
  'decline_generic',
  'decline_insufficient_funds',
  'decline_lost_card',
  'decline_expired_card',
  'decline_incorrect_cvc',
  'decline_processing_error',
  'decline_live_card',
];

/** The card provider's documented test numbers. */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '378282246310005': 'succeed',
  '6011111111111117': 'succeed',
  '4000056655665556': 'succeed',
  '5200828282828210': 'succeed',
  '2223003122003222': 'succeed',
  '371449635398431': 'succeed',
  '6011000990139424': 'succeed',
  '4000000000000002': 'decline_generic',
  '4000000000009995': 'decline_insufficient_funds',
  '4000000000009987': 'decline_lost_card',
  '4000000000000069': 'decline_expired_card',
  '4000000000000127': 'decline_incorrect_cvc',
  '4000000000000119': 'decline_processing_error',
  '4000002760003184': 'authenticate',
  '4000000000000259': 'dispute',
};

export const NUMBER_LENGTH = { min: 12, max: 19 } as const;
/** Expiry years further ahead than this are refused. */
export const MAX_EXPIRY_YEARS_AHEAD = 50;

const cardError = (code: string, message: string, extra: Partial<TCardError> = {}): TCardError => ({
  type: 'card_error',
  code,
  message,
  ...extra,
});

export const CARD_MESSAGES = {
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  incorrectCvc: "Your card's security code is incorrect.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  liveCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  authenticationFailure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
} as const;

/** The digits of a number typed with spaces or dashes; null when anything else is in it. */
export function cardDigits(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^[0-9]+$/.test(digits) ? digits : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
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

/** visa 4; mastercard 51–55 and 2221–2720; amex 34, 37; discover 6011, 65, 644–649; else unknown. */
export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  if (digits.length >= 2 && (two === 34 || two === 37)) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  if (digits.length >= 3 && three >= 644 && three <= 649) return 'discover';
  return 'unknown';
}

/** Year and month (1–12) in Toronto at `now`: a card is good through the end of its month there. */
export function torontoYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** Whether a card's expiry month is before the current month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const { year, month } = torontoYearMonth(now);
  return expYear < year || (expYear === year && expMonth < month);
}

export type CheckedCard = {
  /** Only in memory, for the fingerprint and the behaviour; never stored or logged. */
  digits: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  behaviour: CardBehaviour;
  cardholderName: string | null;
};

/**
 * Checks a card as the provider does before charging it: number (length, Luhn), expiry month,
 * expiry year, expired, CVC — the first problem wins.
 */
export function checkCard(
  card: TSandboxCard,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; error: TCardError } {
  const digits = cardDigits(card.number);
  const brand = digits ? cardBrand(digits) : 'unknown';
  if (
    !digits ||
    digits.length < NUMBER_LENGTH.min ||
    digits.length > NUMBER_LENGTH.max ||
    (brand === 'amex' && digits.length !== 15) ||
    !luhnValid(digits)
  ) {
    return { ok: false, error: cardError('incorrect_number', CARD_MESSAGES.incorrectNumber, { param: 'number' }) };
  }
  const expMonth = card.expMonth;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return {
      ok: false,
      error: cardError('invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth, { param: 'expiry' }),
    };
  }
  const { year } = torontoYearMonth(now);
  const expYear =
    Number.isInteger(card.expYear) && card.expYear >= 0 && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(expYear) || expYear < year || expYear > year + MAX_EXPIRY_YEARS_AHEAD) {
    return { ok: false, error: cardError('invalid_expiry_year', CARD_MESSAGES.invalidExpiryYear, { param: 'expiry' }) };
  }
  if (isExpired(expMonth, expYear, now)) {
    return { ok: false, error: cardError('expired_card', CARD_MESSAGES.expired, { param: 'expiry' }) };
  }
  const cvc = card.cvc.trim();
  if (!/^[0-9]+$/.test(cvc) || cvc.length !== (brand === 'amex' ? 4 : 3)) {
    return { ok: false, error: cardError('invalid_cvc', CARD_MESSAGES.invalidCvc, { param: 'cvc' }) };
  }
  const name = card.name?.trim() ?? '';
  return {
    ok: true,
    card: {
      digits,
      brand,
      last4: digits.slice(-4),
      expMonth,
      expYear,
      behaviour: TEST_CARDS[digits] ?? 'decline_live_card',
      cardholderName: name === '' ? null : name,
    },
  };
}

/** The decline a card gives when charged on-session; null when the charge goes through (or needs authentication). */
export function declineOf(behaviour: CardBehaviour): TCardError | null {
  switch (behaviour) {
    case 'succeed':
    case 'dispute':
    case 'authenticate':
      return null;
    case 'decline_generic':
      return cardError('card_declined', CARD_MESSAGES.declined, { declineCode: 'generic_decline' });
    case 'decline_insufficient_funds':
      return cardError('card_declined', CARD_MESSAGES.insufficientFunds, { declineCode: 'insufficient_funds' });
    case 'decline_lost_card':
      return cardError('card_declined', CARD_MESSAGES.declined, { declineCode: 'lost_card' });
    case 'decline_expired_card':
      return cardError('expired_card', CARD_MESSAGES.expired, { declineCode: 'expired_card', param: 'expiry' });
    case 'decline_incorrect_cvc':
      return cardError('incorrect_cvc', CARD_MESSAGES.incorrectCvc, { declineCode: 'incorrect_cvc', param: 'cvc' });
    case 'decline_processing_error':
      return cardError('processing_error', CARD_MESSAGES.processingError, { declineCode: 'processing_error' });
    case 'decline_live_card':
      return cardError('card_declined', CARD_MESSAGES.liveCard, { declineCode: 'test_mode_live_card' });
  }
}

/** The user failed (or refused) the authentication step. */
export const AUTHENTICATION_FAILURE: TCardError = cardError(
  'payment_intent_authentication_failure',
  CARD_MESSAGES.authenticationFailure,
);

/** A card that needs authentication, charged off-session (nobody there to authenticate). */
export const AUTHENTICATION_REQUIRED: TCardError = cardError('card_declined', CARD_MESSAGES.authenticationRequired, {
  declineCode: 'authentication_required',
});

/** A saved card past its expiry month, charged. */
export const EXPIRED_SAVED_CARD: TCardError = cardError('expired_card', CARD_MESSAGES.expired, {
  declineCode: 'expired_card',
});
