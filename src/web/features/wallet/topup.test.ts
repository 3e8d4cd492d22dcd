import { describe, expect, it } from 'vitest';
import type { TPaymentMethod } from '../../../shared/contracts/payments';
import { ApiError } from '../../lib/api-client';
import {
  cardBrandOf,
  cardErrorField,
  cardErrorRef,
  checkNewCard,
  checkTopupAmount,
  classifyTopupFailure,
  expiryLabel,
  formatCardNumber,
  formatExpiry,
  maskedNumber,
  parseExpiry,
  preselectedCard,
  topupCards,
  quickAmountText,
  sandboxCard,
  summarizeCards,
} from './topup';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body as never, '');

describe('the top-up amount', () => {
  it('takes dollars with at most two decimals between $10.00 and $10,000.00', () => {
    expect(checkTopupAmount('50')).toEqual({ ok: true, cents: 5000 });
    expect(checkTopupAmount(' 50.5 ')).toEqual({ ok: true, cents: 5050 });
    expect(checkTopupAmount('10')).toEqual({ ok: true, cents: 1000 });
    expect(checkTopupAmount('10000.00')).toEqual({ ok: true, cents: 1_000_000 });
    expect(checkTopupAmount('25,75')).toEqual({ ok: true, cents: 2575 });
    expect(checkTopupAmount('25.')).toEqual({ ok: true, cents: 2500 });
  });

  it('names the problem: required, invalid, below the minimum, above the maximum', () => {
    expect(checkTopupAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(checkTopupAmount('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkTopupAmount('abc')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkTopupAmount('12.345')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkTopupAmount('-20')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkTopupAmount('1e3')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkTopupAmount('9.99')).toEqual({ ok: false, problem: 'min' });
    expect(checkTopupAmount('1')).toEqual({ ok: false, problem: 'min' });
    expect(checkTopupAmount('0')).toEqual({ ok: false, problem: 'min' });
    expect(checkTopupAmount('10000.01')).toEqual({ ok: false, problem: 'max' });
  });

  it('quick amounts fill the field with cents', () => {
    expect([50, 100, 200, 500].map(quickAmountText)).toEqual(['50.00', '100.00', '200.00', '500.00']);
  });
});

describe('the new card form', () => {
  it('groups the number as typed: fours, or 4-6-5 for American Express, at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4242-4242-')).toBe('4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
    expect(formatCardNumber('')).toBe('');
  });

  it('knows the brand from the first digits', () => {
    expect(cardBrandOf('4242')).toBe('visa');
    expect(cardBrandOf('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('371449635398431')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('6221260000000000')).toBe('discover');
    expect(cardBrandOf('3056930009020004')).toBe('unknown');
  });

  it('writes the expiry as MM/YY and reads it back', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('428')).toBe('04/28');
    expect(parseExpiry('04/28')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('0428')).toBeNull();
  });

  it('checks each field before the provider is asked', () => {
    expect(checkNewCard({ number: '', name: '', expiry: '', cvc: '' })).toEqual({
      number: 'wallet.topup.card.errors.numberRequired',
      name: 'wallet.topup.card.errors.nameRequired',
      expiry: 'wallet.topup.card.errors.expiryRequired',
      cvc: 'wallet.topup.card.errors.cvcRequired',
    });
    expect(checkNewCard({ number: '4242 4242', name: 'A', expiry: '13/30', cvc: '12' })).toEqual({
      number: 'wallet.topup.card.errors.numberIncomplete',
      expiry: 'wallet.topup.cardErrors.invalidExpiryMonth',
      cvc: 'wallet.topup.cardErrors.invalidCvc',
    });
    expect(checkNewCard({ number: '4242', name: 'A', expiry: '1230', cvc: '123' }).expiry).toBe(
      'wallet.topup.card.errors.expiryInvalid',
    );
    // The provider's own checks, in its words: check digit, a past month (Toronto), CVC length by brand.
    const now = new Date('2026-03-15T12:00:00Z');
    expect(checkNewCard({ number: '4242 4242 4242 4241', name: 'A', expiry: '12/30', cvc: '1234' }, now)).toEqual({
      number: 'wallet.topup.cardErrors.incorrectNumber',
      cvc: 'wallet.topup.cardErrors.invalidCvc',
    });
    expect(checkNewCard({ number: '4242 4242 4242 4242', name: 'A', expiry: '02/26', cvc: '123' }, now).expiry).toBe(
      'wallet.topup.cardErrors.expiredCard',
    );
    expect(checkNewCard({ number: '4242 4242 4242 4242', name: 'A', expiry: '01/20', cvc: '123' }, now).expiry).toBe(
      'wallet.topup.cardErrors.expiredCard',
    );
    expect(checkNewCard({ number: '4242 4242 4242 4242', name: 'A', expiry: '03/26', cvc: '123' }, now)).toEqual({});
    // Good through the end of its month in Toronto: 1 April 02:00 UTC is still March there.
    expect(
      checkNewCard(
        { number: '4242424242424242', name: 'A', expiry: '03/26', cvc: '123' },
        new Date('2026-04-01T02:00:00Z'),
      ),
    ).toEqual({});
    expect(checkNewCard({ number: '3782 822463 10005', name: 'A', expiry: '12/30', cvc: '123' }, now).cvc).toBe(
      'wallet.topup.cardErrors.invalidCvc',
    );
    expect(checkNewCard({ number: '3782 822463 10005', name: 'A', expiry: '12/30', cvc: '1234' }, now)).toEqual({});
    // An American Express number needs 15 digits.
    expect(checkNewCard({ number: '3782 822463 1000', name: 'A', expiry: '12/30', cvc: '1234' }).number).toBe(
      'wallet.topup.card.errors.numberIncomplete',
    );
    const good = { number: '4242 4242 4242 4242', name: ' Avery Tremblay ', expiry: '12/30', cvc: '123' };
    expect(checkNewCard(good)).toEqual({});
    expect(sandboxCard(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: 'Avery Tremblay',
    });
  });
});

const card = (partial: Partial<TPaymentMethod>): TPaymentMethod => {
  const base = { brand: 'visa' as const, last4: '4242', exp_month: 4, exp_year: 2031 };
  return { id: 'pm_1', isDefault: false, createdAt: '2026-03-01T00:00:00Z', ...base, card: base, ...partial };
};

describe('saved cards', () => {
  it('masks the number and writes the expiry as MM/YY', () => {
    expect(maskedNumber('4242')).toBe('•••• 4242');
    expect(expiryLabel(4, 2031)).toBe('04/31');
    expect(expiryLabel(12, 2030)).toBe('12/30');
  });

  it('summarizes the default card, the no-default warning with the count, or empty', () => {
    expect(summarizeCards([])).toEqual({ kind: 'empty' });
    const a = card({ id: 'pm_a' });
    const b = card({ id: 'pm_b', isDefault: true });
    expect(summarizeCards([a, b])).toEqual({ kind: 'default', card: b, count: 2 });
    expect(summarizeCards([a, card({ id: 'pm_c' })])).toEqual({ kind: 'noDefault', count: 2 });
  });

  it('preselects the default card, else the first, else a new card', () => {
    expect(preselectedCard([card({ id: 'pm_a' }), card({ id: 'pm_b', isDefault: true })])).toBe('pm_b');
    expect(preselectedCard([card({ id: 'pm_a' }), card({ id: 'pm_b' })])).toBe('pm_a');
    expect(preselectedCard([])).toBeNull();
    // A disputed card (decision 021) is neither offered nor preselected, default or not.
    const disputed = card({ id: 'pm_d', isDefault: true, disputed: true });
    expect(topupCards([disputed, card({ id: 'pm_e' })]).map((c) => c.id)).toEqual(['pm_e']);
    expect(preselectedCard([disputed, card({ id: 'pm_e' })])).toBe('pm_e');
    expect(preselectedCard([disputed])).toBeNull();
  });
});

describe('what a failure shows (spec §8 Wallet and cards)', () => {
  it('501, or a message saying under development or temporarily unavailable: coming soon', () => {
    expect(
      classifyTopupFailure(apiError(501, { message: 'Card payments are not configured', code: 'NOT_CONFIGURED' })),
    ).toEqual({
      kind: 'comingSoon',
    });
    expect(classifyTopupFailure(apiError(503, { message: 'Payments are temporarily unavailable' }))).toEqual({
      kind: 'comingSoon',
    });
    expect(classifyTopupFailure(new Error('This feature is under development'))).toEqual({ kind: 'comingSoon' });
  });

  it("401 or 'Authentication required': please log in", () => {
    expect(
      classifyTopupFailure(apiError(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' })),
    ).toEqual({
      kind: 'signIn',
    });
    expect(classifyTopupFailure(new Error('Authentication required'))).toEqual({ kind: 'signIn' });
  });

  it("a card_error or validation_error: the provider's message, and the field its param names", () => {
    const declined = classifyTopupFailure(
      apiError(402, {
        message: 'Your card was declined.',
        error: {
          type: 'card_error',
          code: 'card_declined',
          declineCode: 'generic_decline',
          message: 'Your card was declined.',
        },
      }),
    );
    expect(declined).toEqual({
      kind: 'payment',
      code: 'card_declined',
      field: null,
      message: { key: 'wallet.topup.cardErrors.declined', raw: 'Your card was declined.' },
    });
    // A Stripe.js error object (snake_case decline code), about a field.
    expect(
      classifyTopupFailure({
        type: 'card_error',
        code: 'incorrect_cvc',
        message: "Your card's security code is incorrect.",
        param: 'cvc',
      }),
    ).toMatchObject({ kind: 'payment', field: 'cvc', message: { key: 'wallet.topup.cardErrors.incorrectCvc' } });
    expect(
      classifyTopupFailure({
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    ).toMatchObject({ kind: 'payment', message: { key: 'wallet.topup.cardErrors.insufficientFunds' } });
    // A card's own words about authentication are the card's, not the session's.
    expect(
      classifyTopupFailure(
        apiError(402, {
          message: 'Authentication required',
          error: { type: 'card_error', code: 'authentication_required', message: 'Authentication required' },
        }),
      ),
    ).toMatchObject({ kind: 'payment', message: { key: 'wallet.topup.cardErrors.authenticationRequired' } });
  });

  it('an unknown code keeps the provider message in any language', () => {
    expect(cardErrorRef({ code: 'currency_not_supported', message: 'This card does not support CAD.' })).toEqual({
      key: 'wallet.topup.cardErrors.other',
      values: { message: 'This card does not support CAD.' },
      raw: 'This card does not support CAD.',
    });
    expect(cardErrorRef({ code: 'mystery', message: '' })).toEqual({ key: 'wallet.topup.cardErrors.declined' });
  });

  it('maps provider params to the form fields', () => {
    expect(cardErrorField('number')).toBe('number');
    expect(cardErrorField('exp_month')).toBe('expiry');
    expect(cardErrorField('expYear')).toBe('expiry');
    expect(cardErrorField('cvc')).toBe('cvc');
    expect(cardErrorField('billing_details[name]')).toBe('name');
    expect(cardErrorField('amount')).toBeNull();
    expect(cardErrorField(undefined)).toBeNull();
  });

  it('a refused amount says the range; anything else is a payment error', () => {
    expect(
      classifyTopupFailure(
        apiError(400, {
          message: 'Amount must be between $10.00 and $10,000.00',
          code: 'VALIDATION_ERROR',
          fieldErrors: { amount: ['Amount must be between $10.00 and $10,000.00'] },
        }),
      ),
    ).toEqual({ kind: 'amount', message: { key: 'wallet.topup.amount.errors.range' } });
    expect(classifyTopupFailure(apiError(500, { message: 'boom', code: 'INTERNAL' }))).toEqual({ kind: 'unexpected' });
    expect(classifyTopupFailure(apiError(403, { message: 'Forbidden', code: 'FORBIDDEN' }))).toEqual({
      kind: 'unexpected',
    });
    expect(classifyTopupFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'unexpected' });
    expect(classifyTopupFailure({ type: 'api_error', message: 'Stripe is down' })).toEqual({ kind: 'unexpected' });
    expect(classifyTopupFailure(undefined)).toEqual({ kind: 'unexpected' });
  });
});
