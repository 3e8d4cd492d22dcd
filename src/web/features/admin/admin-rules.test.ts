import { describe, expect, it } from 'vitest';
import {
  ADMIN_ADD_BALANCE_CENTS,
  ADMIN_EDIT_BALANCE_CENTS,
  checkAmount,
  actionKey,
  actionWords,
  auditParts,
  type AuditFormat,
  orderNumber,
  personName,
  shortId,
  shownIp,
  statusLabel,
  statusTone,
} from './admin-rules';

describe('orderNumber', () => {
  it('takes the tracking number, else the order code, else nothing (shown as N/A)', () => {
    expect(orderNumber({ trackingNumber: '1Z999AA10123456784', orderCode: 'VY-ABC123' })).toBe('1Z999AA10123456784');
    expect(orderNumber({ trackingNumber: null, orderCode: 'VY-ABC123' })).toBe('VY-ABC123');
    expect(orderNumber({ trackingNumber: '  ', orderCode: 'VY-ABC123' })).toBe('VY-ABC123');
    expect(orderNumber({ trackingNumber: null, orderCode: '' })).toBeNull();
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('3f2a9c1e-0b7d-4c55-9e11-2d6f7a8b9c0d')).toBe('3f2a9c1e');
    expect(shortId('abc')).toBe('abc');
    expect(shortId(null)).toBe('');
  });
});

describe('status colours and labels', () => {
  it('colours delivered green, in_transit blue, cancelled red and anything else yellow', () => {
    expect(statusTone('delivered')).toBe('green');
    expect(statusTone('in_transit')).toBe('blue');
    expect(statusTone('cancelled')).toBe('red');
    for (const other of [
      'label_created',
      'purchasing',
      'out_for_delivery',
      'failed',
      'something_new',
      null,
      undefined,
    ]) {
      expect(statusTone(other)).toBe('yellow');
    }
  });

  it('shows underscores as spaces in upper case, a missing status as pending', () => {
    expect(statusLabel('in_transit')).toBe('IN TRANSIT');
    expect(statusLabel('out_for_delivery')).toBe('OUT FOR DELIVERY');
    expect(statusLabel('delivered')).toBe('DELIVERED');
    expect(statusLabel(null)).toBe('PENDING');
    expect(statusLabel('')).toBe('PENDING');
  });
});

const FMT: AuditFormat = {
  money: (cents) => `$${(cents / 100).toFixed(2)}`,
  role: (role) => ({ end_user: 'End User', staff: 'Staff', admin: 'Admin' })[role] ?? null,
  day: (instant) => instant.toISOString().slice(0, 10),
};
const line = (value: unknown) =>
  auditParts(value, FMT)
    ?.map((p) => (p.label === null ? p.text : `${p.label}: ${p.text}`))
    .join(', ') ?? null;

describe('auditParts', () => {
  it('writes an object as key: value pairs, nested values as compact JSON', () => {
    expect(line({ role: 'admin', isActive: true })).toBe('role: Admin, isActive: true');
    expect(line({ address: { city: 'Toronto', province: 'ON' }, tags: ['a', 'b'], note: null })).toBe(
      'address: {"city":"Toronto","province":"ON"}, tags: ["a","b"], note: null',
    );
  });

  it('shows money in dollars: cents (the key without Cents) and decimal amounts', () => {
    expect(line({ balanceCents: 93376, amountCents: '2500', direction: 'credit' })).toBe(
      'balance: $933.76, amount: $25.00, direction: credit',
    );
    expect(line({ balance: '25.00', added: '25.00' })).toBe('balance: $25.00, added: $25.00');
    // A decimal that is not money stays as it is.
    expect(line({ discountValue: '12.50' })).toBe('discountValue: 12.50');
  });

  it('shows roles by their label (the code in the title), an unknown role as sent', () => {
    expect(auditParts({ role: 'end_user' }, FMT)).toEqual([{ label: 'role', text: 'End User', title: 'end_user' }]);
    expect(line({ role: 'pilot' })).toBe('role: pilot');
  });

  it('cuts ids to 8 characters with the full id in the title', () => {
    const id = '3f2a9c1e-0b7d-4c55-9e11-2d6f7a8b9c0d';
    expect(auditParts({ userId: id }, FMT)).toEqual([{ label: 'userId', text: '3f2a9c1e', title: id }]);
  });

  it('shows instants as days, an exclusive end (validTo) as the day before', () => {
    expect(line({ validFrom: '2026-03-01T05:00:00.000Z', validTo: '2026-04-01T04:00:00.000Z' })).toBe(
      'validFrom: 2026-03-01, validTo: 2026-04-01',
    );
    // The day function gets the instant just before the end: a Toronto day formatter shows March 31.
    const days: string[] = [];
    auditParts({ validTo: '2026-04-01T04:00:00.000Z' }, { ...FMT, day: (d) => (days.push(d.toISOString()), '') });
    expect(days).toEqual(['2026-04-01T03:59:59.999Z']);
  });

  it('shows nothing for null, undefined, an empty object or blank text', () => {
    expect(auditParts(null, FMT)).toBeNull();
    expect(auditParts(undefined, FMT)).toBeNull();
    expect(auditParts({}, FMT)).toBeNull();
    expect(auditParts({ gone: undefined }, FMT)).toBeNull();
    expect(auditParts('  ', FMT)).toBeNull();
  });

  it('shows text as is and other values as compact JSON', () => {
    expect(line('staff')).toBe('staff');
    expect(line(42)).toBe('42');
    expect(line(false)).toBe('false');
    expect(line([1, { a: 2 }])).toBe('[1,{"a":2}]');
  });
});

describe('action labels', () => {
  it('keys an action code without its dots and words an unknown one', () => {
    expect(actionKey('wallet.topup')).toBe('admin.auditActions.wallet_topup');
    expect(actionKey('admin.add_balance')).toBe('admin.auditActions.admin_add_balance');
    expect(actionWords('payment.charge_failed')).toBe('Payment charge failed');
  });
});

describe('shownIp', () => {
  it('hides a missing or unknown address', () => {
    expect(shownIp('203.0.113.7')).toBe('203.0.113.7');
    expect(shownIp('::1')).toBe('::1');
    expect(shownIp('unknown')).toBeNull();
    expect(shownIp('Unknown')).toBeNull();
    expect(shownIp('')).toBeNull();
    expect(shownIp(null)).toBeNull();
  });
});

describe('checkAmount', () => {
  const add = (text: string) => checkAmount(text, ADMIN_ADD_BALANCE_CENTS);
  const edit = (text: string) => checkAmount(text, ADMIN_EDIT_BALANCE_CENTS);

  it('adds $1.00 to $50,000.00', () => {
    expect(add('1')).toEqual({ ok: true, cents: 100 });
    expect(add('50000')).toEqual({ ok: true, cents: 5_000_000 });
    expect(add('50,000.00')).toEqual({ ok: true, cents: 5_000_000 });
    expect(add('$25.5')).toEqual({ ok: true, cents: 2550 });
    expect(add('12,50')).toEqual({ ok: true, cents: 1250 });
    expect(add('0.99')).toEqual({ ok: false, problem: 'range' });
    expect(add('50000.01')).toEqual({ ok: false, problem: 'range' });
    expect(add('0')).toEqual({ ok: false, problem: 'range' });
  });

  it('sets a balance of $0 to $50,000', () => {
    expect(edit('0')).toEqual({ ok: true, cents: 0 });
    expect(edit('0.00')).toEqual({ ok: true, cents: 0 });
    expect(edit('50000')).toEqual({ ok: true, cents: 5_000_000 });
    expect(edit('50000.01')).toEqual({ ok: false, problem: 'range' });
  });

  it('asks for an amount, and refuses anything that is not one', () => {
    expect(add('')).toEqual({ ok: false, problem: 'required' });
    expect(add('   ')).toEqual({ ok: false, problem: 'required' });
    for (const bad of ['abc', '-5', '1.234', '1e3', '1.2.3', '12,5,0']) {
      expect(add(bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
  });
});

describe('personName', () => {
  it('joins first and last name, else the email', () => {
    expect(personName({ firstName: 'Avery', lastName: 'Tremblay', email: 'a@example.com' })).toBe('Avery Tremblay');
    expect(personName({ firstName: '', lastName: '', email: 'a@example.com' })).toBe('a@example.com');
    expect(personName(null)).toBe('');
  });

  it('writes a Chinese name family name first, without a space', () => {
    expect(personName({ firstName: '小明', lastName: '王', email: 'w@example.com' })).toBe('王小明');
  });
});
