import { describe, expect, it } from 'vitest';
import { dateInputInstant, type TDiscount } from '../../../shared/contracts/admin';
import { ApiError } from '../../lib/api-client';
import {
  boundDay,
  cardErrorOf,
  checkCharge,
  declineRef,
  checkDiscountUpdate,
  checkNewDiscount,
  checkPriceRule,
  contractMessageRef,
  discountState,
  discountToForm,
  discountValueText,
  EMPTY_DISCOUNT_FORM,
  EMPTY_PRICE_RULE_FORM,
  expiryMonthYear,
  filterCustomers,
  userName,
  marginShare,
  markupParts,
  monthText,
  priceWithMarkup,
  serverProblems,
  validityOf,
  validityRef,
  type PickableUser,
} from './pricing-format';

const cad = (text: string, lang: 'en' | 'zh') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(Number(text));

const endOf = (day: string) => dateInputInstant(day, 'end').toISOString();
const startOf = (day: string) => dateInputInstant(day, 'start').toISOString();

function discount(over: Partial<TDiscount> = {}): TDiscount {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    organizationId: null,
    organization: null,
    userId: '00000000-0000-4000-8000-000000000002',
    user: {
      id: '00000000-0000-4000-8000-000000000002',
      firstName: 'Avery',
      lastName: 'Tremblay',
      email: 'a@example.com',
    },
    discountType: 'percentage',
    discountValue: '10',
    description: '',
    validFrom: null,
    validTo: null,
    isActive: true,
    inEffect: true,
    createdAt: '2026-03-01T12:00:00.000Z',
    ...over,
  };
}

describe('discount value display', () => {
  it('shows a percentage with its sign and a fixed amount as dollars', () => {
    expect(discountValueText({ discountType: 'percentage', discountValue: '10' }, 'en')).toBe('10%');
    expect(discountValueText({ discountType: 'percentage', discountValue: '10.5' }, 'en')).toBe('10.5%');
    expect(discountValueText({ discountType: 'percentage', discountValue: '12.25' }, 'zh')).toBe('12.25%');
    expect(discountValueText({ discountType: 'fixed_amount', discountValue: '5.00' }, 'en')).toBe('$5.00');
    expect(discountValueText({ discountType: 'fixed_amount', discountValue: '10000.00' }, 'en')).toBe('$10,000.00');
    expect(discountValueText({ discountType: 'fixed_amount', discountValue: '5.00' }, 'zh')).toBe(cad('5', 'zh'));
  });
});

describe('validity', () => {
  it("reads a stored 'to' bound as the last day it covers (the next Toronto midnight is stored)", () => {
    for (const day of ['2026-03-31', '2026-03-08', '2026-11-01', '2026-12-31', '2026-01-01']) {
      expect(boundDay(startOf(day), 'start')).toBe(day);
      expect(boundDay(endOf(day), 'end')).toBe(day);
    }
  });

  it('says from, until, both or no expiry', () => {
    expect(validityOf(discount())).toEqual({ kind: 'open' });
    expect(validityOf(discount({ validFrom: startOf('2026-03-01') }))).toEqual({ kind: 'from', from: '2026-03-01' });
    expect(validityOf(discount({ validTo: endOf('2026-03-31') }))).toEqual({ kind: 'until', to: '2026-03-31' });
    expect(validityOf(discount({ validFrom: startOf('2026-03-01'), validTo: endOf('2026-03-31') }))).toEqual({
      kind: 'range',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(validityRef(discount(), 'en')).toEqual({ key: 'admin.discounts.validity.open' });
    expect(validityRef(discount({ validFrom: startOf('2026-03-01'), validTo: endOf('2026-03-31') }), 'en')).toEqual({
      key: 'admin.discounts.validity.range',
      values: { from: 'Mar 1, 2026', to: 'Mar 31, 2026' },
    });
    expect(validityRef(discount({ validTo: endOf('2026-03-31') }), 'zh')).toEqual({
      key: 'admin.discounts.validity.until',
      values: { to: '2026年3月31日' },
    });
  });

  it('tells in effect, not started, over and inactive apart', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(discountState(discount(), now)).toBe('inEffect');
    expect(discountState(discount({ isActive: false, inEffect: false }), now)).toBe('inactive');
    expect(discountState(discount({ inEffect: false, validFrom: startOf('2026-04-01') }), now)).toBe('scheduled');
    expect(discountState(discount({ inEffect: false, validTo: endOf('2026-03-01') }), now)).toBe('expired');
  });
});

describe('customer picker filtering', () => {
  const users: PickableUser[] = [
    {
      id: '1',
      firstName: 'Émilie',
      lastName: 'Gagnon',
      email: 'emilie@north.ca',
      organization: { id: 'o1', name: 'Northwind Traders' },
    },
    { id: '2', firstName: 'Avery', lastName: 'Tremblay', email: 'avery@example.com', organization: null },
    {
      id: '3',
      firstName: 'Li',
      lastName: 'Wei',
      email: 'wei@acme.ca',
      organization: { id: 'o2', name: 'Acme Parcel' },
    },
  ];
  const ids = (search: string) => filterCustomers(users, search).map((u) => u.id);

  it('keeps everyone for an empty search', () => {
    expect(ids('')).toEqual(['1', '2', '3']);
    expect(ids('   ')).toEqual(['1', '2', '3']);
  });

  it('finds by name, email or organization, ignoring case and accents', () => {
    expect(ids('tremblay')).toEqual(['2']);
    expect(ids('EMILIE')).toEqual(['1']);
    expect(ids('émilie')).toEqual(['1']);
    expect(ids('acme.ca')).toEqual(['3']);
    expect(ids('northwind')).toEqual(['1']);
    expect(ids('parcel')).toEqual(['3']);
  });

  it('finds a Chinese name as it is shown, family name first, and shows it so', () => {
    const zh = { id: '4', firstName: '小明', lastName: '王', email: 'wang@example.com', organization: null };
    expect(filterCustomers([...users, zh], '王小明').map((u) => u.id)).toEqual(['4']);
    expect(userName(zh)).toBe('王小明');
  });

  it('needs every word, in any order', () => {
    expect(ids('wei acme')).toEqual(['3']);
    expect(ids('gagnon avery')).toEqual([]);
    expect(ids('a')).toEqual(['1', '2', '3']);
  });
});

describe('the charge form', () => {
  const target = { userId: '00000000-0000-4000-8000-000000000002', paymentMethodId: 'pm_1' };
  const problems = (amount: string, description = 'Monthly fee') => {
    const r = checkCharge({ amount, description }, target);
    return r.ok ? {} : r.problems;
  };

  it('takes $1 to $50,000 and a description', () => {
    expect(checkCharge({ amount: '1', description: 'x' }, target)).toMatchObject({ ok: true });
    expect(checkCharge({ amount: '50000.00', description: 'x' }, target)).toMatchObject({
      ok: true,
      body: { amount: '50000.00' },
    });
    expect(problems('0.99').amount?.key).toBe('admin.charges.errors.amountRange');
    expect(problems('50000.01').amount?.key).toBe('admin.charges.errors.amountRange');
    expect(problems('').amount?.key).toBe('admin.charges.errors.amountRequired');
    expect(problems('12.345').amount?.key).toBe('admin.charges.errors.amountInvalid');
    expect(problems('10', '   ').description?.key).toBe('admin.charges.errors.descriptionRequired');
  });

  it('shows the spec wording in English', () => {
    expect(problems('0').amount?.raw).toBe('Amount must be between $1 and $50,000');
    expect(problems('').amount?.raw).toBe('Amount is required');
  });

  it("reads a 402 decline and says the provider's reason", () => {
    const body = {
      message: 'The card was declined: Your card was declined. This transaction requires authentication.',
      code: 'CARD_ERROR',
      error: {
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      },
    } as const;
    const error = new ApiError(402, JSON.stringify(body), body);
    const card = cardErrorOf(error);
    expect(card?.declineCode).toBe('authentication_required');
    expect(declineRef(card!)).toEqual({
      key: 'admin.charges.declines.authenticationRequired',
      raw: 'Your card was declined. This transaction requires authentication.',
    });
    expect(declineRef({ type: 'card_error', code: 'weird', message: 'Odd refusal' })).toEqual({
      key: 'admin.charges.declines.other',
      values: { message: 'Odd refusal' },
      raw: 'Odd refusal',
    });
    expect(cardErrorOf(new ApiError(409, '{"message":"x"}', { message: 'x' }))).toBeNull();
  });

  it('writes the expiry as MM/YYYY', () => {
    expect(expiryMonthYear(4, 2027)).toBe('04/2027');
    expect(expiryMonthYear(12, 30)).toBe('12/2030');
  });
});

describe('the discount form', () => {
  const user: PickableUser = {
    id: '00000000-0000-4000-8000-000000000002',
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.c',
    organization: { id: '00000000-0000-4000-8000-000000000009', name: 'Org' },
  };
  const check = (over: Partial<typeof EMPTY_DISCOUNT_FORM>, who: PickableUser | null = user) =>
    checkNewDiscount({ ...EMPTY_DISCOUNT_FORM, ...over }, who);
  const problem = (over: Partial<typeof EMPTY_DISCOUNT_FORM>, field: string, who: PickableUser | null = user) => {
    const r = check(over, who);
    return r.ok ? undefined : (r.problems as Record<string, { key: string }>)[field]?.key;
  };

  it('needs a customer and sends their organization', () => {
    expect(problem({ discountValue: '10' }, 'userId', null)).toBe('admin.discounts.errors.userRequired');
    expect(check({ discountValue: '10' })).toMatchObject({
      ok: true,
      body: { userId: user.id, organizationId: user.organization!.id, discountType: 'percentage', isActive: true },
    });
  });

  it('keeps a percentage within 0–100 and a fixed amount within $10,000', () => {
    expect(check({ discountValue: '0' }).ok).toBe(true);
    expect(check({ discountValue: '100' }).ok).toBe(true);
    expect(problem({ discountValue: '100.1' }, 'discountValue')).toBe('admin.discounts.errors.percentageRange');
    expect(problem({ discountValue: '-1' }, 'discountValue')).toBe('admin.discounts.errors.valuePositive');
    expect(problem({ discountValue: '' }, 'discountValue')).toBe('admin.discounts.errors.valuePositive');
    expect(check({ discountType: 'fixed_amount', discountValue: '10000' }).ok).toBe(true);
    expect(problem({ discountType: 'fixed_amount', discountValue: '10000.01' }, 'discountValue')).toBe(
      'admin.discounts.errors.fixedRange',
    );
  });

  it('wants valid from before valid to (one day is fine)', () => {
    expect(check({ discountValue: '5', validFrom: '2026-03-10', validTo: '2026-03-10' }).ok).toBe(true);
    expect(problem({ discountValue: '5', validFrom: '2026-03-11', validTo: '2026-03-10' }, 'validTo')).toBe(
      'admin.discounts.errors.validOrder',
    );
    expect(check({ discountValue: '5', validFrom: '', validTo: '' })).toMatchObject({
      ok: true,
      body: { validFrom: null, validTo: null },
    });
  });

  it('sends untouched stored dates back as they were, new days as days', () => {
    const stored = discount({ validFrom: '2026-03-01T15:30:00.000Z', validTo: endOf('2026-03-31') });
    const form = discountToForm(stored);
    expect(form).toMatchObject({ validFrom: '2026-03-01', validTo: '2026-03-31', discountValue: '10' });
    expect(checkDiscountUpdate(form, stored)).toMatchObject({
      ok: true,
      body: { validFrom: '2026-03-01T15:30:00.000Z', validTo: endOf('2026-03-31') },
    });
    expect(checkDiscountUpdate({ ...form, validTo: '2026-04-30' }, stored)).toMatchObject({
      ok: true,
      body: { validFrom: '2026-03-01T15:30:00.000Z', validTo: '2026-04-30' },
    });
  });
});

describe('the price rule form', () => {
  const check = (over: Partial<typeof EMPTY_PRICE_RULE_FORM>) => checkPriceRule({ ...EMPTY_PRICE_RULE_FORM, ...over });
  const problem = (over: Partial<typeof EMPTY_PRICE_RULE_FORM>, field: string) => {
    const r = check(over);
    return r.ok ? undefined : (r.problems as Record<string, { key: string }>)[field]?.key;
  };

  it('needs a carrier; an empty service and organization mean all', () => {
    expect(problem({}, 'carrier')).toBe('admin.rateTemplates.errors.carrierRequired');
    expect(check({ carrier: 'CA-UPS', serviceCode: ' ups.11 ', markupPercent: '', markupFixed: '' })).toMatchObject({
      ok: true,
      body: { carrier: 'CA-UPS', serviceCode: 'UPS.11', organizationId: null, markupPercent: '0', markupFixed: '0' },
    });
  });

  it('keeps the markup within 0–500 % and $0–$1,000', () => {
    expect(check({ carrier: 'CA-CP', markupPercent: '500', markupFixed: '1000' }).ok).toBe(true);
    expect(problem({ carrier: 'CA-CP', markupPercent: '500.01' }, 'markupPercent')).toBe(
      'admin.rateTemplates.errors.percentRange',
    );
    expect(problem({ carrier: 'CA-CP', markupPercent: '-1' }, 'markupPercent')).toBe(
      'admin.rateTemplates.errors.percentRange',
    );
    // In range but with more than 2 decimals: the decimals are named as the problem.
    expect(problem({ carrier: 'CA-CP', markupPercent: '12.345' }, 'markupPercent')).toBe(
      'admin.rateTemplates.errors.percentDecimals',
    );
    expect(problem({ carrier: 'CA-CP', markupPercent: '500.001' }, 'markupPercent')).toBe(
      'admin.rateTemplates.errors.percentRange',
    );
    expect(problem({ carrier: 'CA-CP', markupFixed: '1000.01' }, 'markupFixed')).toBe(
      'admin.rateTemplates.errors.fixedRange',
    );
  });

  it('shows the markup and what it makes of a cost (half-up to the cent, like the server)', () => {
    expect(markupParts({ markupPercent: '12.5', markupFixed: '1.50' }, 'en')).toEqual({
      percent: '12.5%',
      fixed: '$1.50',
    });
    expect(markupParts({ markupPercent: '0', markupFixed: '0.00' }, 'en')).toEqual({ percent: null, fixed: null });
    expect(priceWithMarkup(1999, { markupPercent: '12.5', markupFixed: '1.50' })).toBe(1999 + 250 + 150);
    expect(priceWithMarkup(2000, { markupPercent: '10', markupFixed: '1' })).toBe(2300);
    expect(priceWithMarkup(2000, { markupPercent: 'x', markupFixed: '1' })).toBeNull();
  });
});

describe('server messages', () => {
  it('become our keys, keeping the English for English', () => {
    expect(contractMessageRef('A percentage must be between 0 and 100')).toEqual({
      key: 'admin.discounts.errors.percentageRange',
      raw: 'A percentage must be between 0 and 100',
    });
    const service = 'UPS offers no service UPS.99; its services are UPS.11, UPS.02';
    expect(contractMessageRef(service)).toEqual({
      key: 'admin.rateTemplates.errors.serviceNotOffered',
      values: { carrier: 'UPS', service: 'UPS.99', services: 'UPS.11, UPS.02' },
      raw: service,
    });
    expect(
      serverProblems({ discountValue: ['Discount value must be a positive number'], other: ['x'] }, ['discountValue']),
    ).toEqual({
      discountValue: { key: 'admin.discounts.errors.valuePositive', raw: 'Discount value must be a positive number' },
    });
  });
});

describe('margin report', () => {
  it('names Toronto months and the margin share', () => {
    expect(monthText('2026-03', 'en')).toBe('March 2026');
    expect(monthText('2026-03', 'zh')).toBe('2026年3月');
    expect(marginShare('100.00', '18.25', 'en')).toBe('18.3%');
    expect(marginShare('0.00', '0.00', 'en')).toBeNull();
  });
});
