import { describe, expect, it } from 'vitest';
import type { TSandboxCard } from '../../../shared/contracts/payments';
import {
  CARD_MESSAGES,
  TEST_CARDS,
  cardBrand,
  cardDigits,
  checkCard,
  declineOf,
  isExpired,
  luhnValid,
  torontoYearMonth,
} from './sandbox-cards';

const NOW = new Date('2026-03-15T12:00:00Z');
const card = (over: Partial<TSandboxCard> = {}): TSandboxCard => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Ada Lovelace',
  ...over,
});
const errorOf = (c: TSandboxCard, now = NOW) => {
  const r = checkCard(c, now);
  if (r.ok) throw new Error('expected a card error');
  return r.error;
};

describe('Luhn', () => {
  it('accepts the test numbers and refuses a changed digit', () => {
    for (const n of Object.keys(TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
  });
});

describe('brand from the number', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['340000000000009', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6440000000000005', 'discover'],
    ['6490000000000000', 'discover'],
    ['3056930009020004', 'unknown'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5000000000000000', 'unknown'],
    ['6430000000000000', 'unknown'],
  ] as const)('%s is %s', (n, brand) => {
    expect(cardBrand(n)).toBe(brand);
  });

  it('reads digits through spaces and dashes only', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242.4242.4242.4242')).toBeNull();
    expect(cardDigits('')).toBeNull();
  });
});

describe('checking a card (order and codes of the provider)', () => {
  it('accepts a good card and keeps only what may be stored besides the digits', () => {
    const r = checkCard(card({ number: '3782-822463-10005', cvc: '1234', expYear: 30 }), NOW);
    expect(r).toEqual({
      ok: true,
      card: {
        digits: '378282246310005',
        brand: 'amex',
        last4: '0005',
        expMonth: 12,
        expYear: 2030,
        behaviour: 'succeed',
        cardholderName: 'Ada Lovelace',
      },
    });
    const blankName = checkCard(card({ name: '' }), NOW);
    expect(blankName.ok && blankName.card.cardholderName).toBeNull();
  });

  it('incorrect_number: bad Luhn, too short, too long, letters, amex not 15 digits', () => {
    const expected = {
      type: 'card_error',
      code: 'incorrect_number',
      message: CARD_MESSAGES.incorrectNumber,
      param: 'number',
    };
    expect(CARD_MESSAGES.incorrectNumber).toBe('Your card number is incorrect.');
    for (const number of [
      '4242424242424241',
      '42424242424',
      '4242424242424242424242',
      '4242x42424242424',
      '',
      '3782822463100052',
    ]) {
      expect(errorOf(card({ number })), number).toEqual(expected);
    }
    // 12 and 19 digits are the bounds: Luhn-valid numbers of 11 and 20 digits are refused.
    for (const number of ['42424242420', '42424242424242424242']) {
      expect(luhnValid(number)).toBe(true);
      expect(errorOf(card({ number })), number).toEqual(expected);
    }
    for (const number of ['424242424242', '4242424242424242428']) {
      expect(checkCard(card({ number }), NOW).ok, number).toBe(true);
    }
  });

  it('invalid_expiry_month outside 1–12', () => {
    for (const expMonth of [0, 13, -1]) {
      expect(errorOf(card({ expMonth }))).toEqual({
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'expiry',
      });
    }
  });

  it('invalid_expiry_year in the past or more than 50 years ahead; two digits mean 20xx', () => {
    for (const expYear of [2025, 25, 2077, 77, 1999, 202]) {
      expect(errorOf(card({ expYear })), String(expYear)).toEqual({
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'expiry',
      });
    }
    expect(checkCard(card({ expYear: 2076 }), NOW).ok).toBe(true);
    expect(checkCard(card({ expYear: 26, expMonth: 3 }), NOW).ok).toBe(true);
  });

  it('expired_card for a month before the current one (this month still good)', () => {
    expect(errorOf(card({ expYear: 2026, expMonth: 2 }))).toEqual({
      type: 'card_error',
      code: 'expired_card',
      message: 'Your card has expired.',
      param: 'expiry',
    });
    expect(checkCard(card({ expYear: 2026, expMonth: 3 }), NOW).ok).toBe(true);
  });

  it('the month turns in Toronto, not in UTC', () => {
    // 1 April 02:00 UTC is still 31 March in Toronto: a card ending 03/2026 is good there.
    const edge = new Date('2026-04-01T02:00:00Z');
    expect(torontoYearMonth(edge)).toEqual({ year: 2026, month: 3 });
    expect(isExpired(3, 2026, edge)).toBe(false);
    expect(isExpired(3, 2026, new Date('2026-04-01T05:00:00Z'))).toBe(true);
  });

  it('invalid_cvc: 3 digits, 4 for amex', () => {
    const expected = {
      type: 'card_error',
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
      param: 'cvc',
    };
    for (const cvc of ['12', '1234', 'abc', '']) expect(errorOf(card({ cvc })), cvc).toEqual(expected);
    expect(errorOf(card({ number: '378282246310005', cvc: '123' }))).toEqual(expected);
    expect(checkCard(card({ number: '378282246310005', cvc: '1234' }), NOW).ok).toBe(true);
  });

  it('the first problem wins: number, month, year, expired, CVC', () => {
    expect(errorOf(card({ number: '1', expMonth: 13, expYear: 1, cvc: '' })).code).toBe('incorrect_number');
    expect(errorOf(card({ expMonth: 13, expYear: 1, cvc: '' })).code).toBe('invalid_expiry_month');
    expect(errorOf(card({ expYear: 1, cvc: '' })).code).toBe('invalid_expiry_year');
    expect(errorOf(card({ expYear: 2026, expMonth: 1, cvc: '' })).code).toBe('expired_card');
  });
});

describe('what each test number does', () => {
  const behaviourOf = (number: string) => {
    const r = checkCard(card({ number, cvc: number.startsWith('37') ? '1234' : '123' }), NOW);
    if (!r.ok) throw new Error(r.error.message);
    return r.card.behaviour;
  };

  it('tags the well-known numbers and any other valid number as a live card', () => {
    expect(behaviourOf('4242424242424242')).toBe('succeed');
    expect(behaviourOf('5555555555554444')).toBe('succeed');
    expect(behaviourOf('378282246310005')).toBe('succeed');
    expect(behaviourOf('6011111111111117')).toBe('succeed');
    expect(behaviourOf('4000002760003184')).toBe('authenticate');
    expect(behaviourOf('4000000000000259')).toBe('dispute');
    expect(behaviourOf('5105105105105100')).toBe('decline_live_card');
  });

  it.each([
    ['4000000000000002', { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }],
    [
      '4000000000009995',
      { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    ['4000000000009987', { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' }],
    ['4000000000000069', { code: 'expired_card', message: 'Your card has expired.' }],
    ['4000000000000127', { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
    [
      '4000000000000119',
      { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
    ],
    [
      '4111111111111111',
      {
        code: 'card_declined',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      },
    ],
  ] as const)('%s declines with %o', (number, expected) => {
    expect(declineOf(behaviourOf(number))).toMatchObject({ type: 'card_error', ...expected });
  });

  it('succeeding numbers and the authentication number have no decline', () => {
    expect(declineOf('succeed')).toBeNull();
    expect(declineOf('dispute')).toBeNull();
    expect(declineOf('authenticate')).toBeNull();
  });
});
