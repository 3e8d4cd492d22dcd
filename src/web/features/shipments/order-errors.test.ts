import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { classifyOrderError, isUnsettled, priceChangeOf, type OrderErrorKind } from './order-errors';

function apiError(status: number, body: Record<string, unknown> | string): ApiError {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const parsed = typeof body === 'string' ? null : body;
  return new ApiError(status, text, parsed);
}

const kind = (error: unknown): OrderErrorKind => classifyOrderError(error).kind;

describe('classifyOrderError (spec §8 order errors, in their order)', () => {
  it('a changed price, an expired rate or a rate no longer stored asks for new rates', () => {
    expect(
      kind(apiError(409, { message: 'The price changed: this rate now costs $12.00', code: 'PRICE_CHANGED' })),
    ).toBe('priceChanged');
    // Its message mentions addresses: the price rule comes before the address rule.
    expect(
      kind(
        apiError(409, {
          message: 'The shipment differs from the one quoted (addresses or parcel). Get rates again.',
          code: 'PRICE_CHANGED',
        }),
      ),
    ).toBe('priceChanged');
    expect(
      kind(
        apiError(404, {
          message: 'Rate not found',
          code: 'NOT_FOUND',
          fieldErrors: { 'rateDetails.id': ['Rate not found'] },
        }),
      ),
    ).toBe('priceChanged');
  });

  it('insufficient balance by code or by message text', () => {
    const byCode = classifyOrderError(apiError(402, { message: 'x', code: 'INSUFFICIENT_BALANCE' }));
    expect(byCode.kind).toBe('insufficient');
    expect(byCode.title.key).toBe('order.errors.insufficient.title');
    expect(byCode.description.key).toBe('order.errors.insufficient.description');
    expect(kind(new Error('Insufficient wallet balance: this order costs $12.00'))).toBe('insufficient');
    // Before the address rule, even when the text mentions an address.
    expect(kind(new Error('Insufficient wallet balance for the address'))).toBe('insufficient');
  });

  it('a wallet on hold says why and what to do: the chargeback owed (top up with another card) or support', () => {
    const owed = classifyOrderError(
      apiError(403, {
        message: 'Your wallet is on hold: … 30.00 CAD … Top up with another card …',
        code: 'WALLET_ON_HOLD',
        walletHold: { kind: 'uncovered_debit', owed: '30.00' },
      }),
    );
    expect(owed.kind).toBe('held');
    expect(owed.title.key).toBe('order.errors.held.title');
    expect(owed.description).toMatchObject({ key: 'order.errors.held.owed', values: { amount: '30.00' } });
    // The same template in both languages: never the server's English text in English only.
    expect(owed.description.raw).toBeUndefined();
    const admin = classifyOrderError(
      apiError(403, { message: 'on hold', code: 'WALLET_ON_HOLD', walletHold: { kind: 'admin', owed: '0.00' } }),
    );
    expect(admin.description.key).toBe('order.errors.held.description');
    const both = classifyOrderError(
      apiError(403, { message: 'on hold', code: 'WALLET_ON_HOLD', walletHold: { kind: 'admin', owed: '5.00' } }),
    );
    expect(both.description).toMatchObject({ key: 'order.errors.held.adminOwed', values: { amount: '5.00' } });
    // Its message may mention a balance: the hold comes before the balance rule.
    expect(kind(apiError(403, { message: 'Insufficient wallet balance', code: 'WALLET_ON_HOLD' }))).toBe('held');
    // An admin's hold gives its reason (the customer sees it, decision 021).
    const why = classifyOrderError(
      apiError(403, {
        message: 'on hold',
        code: 'WALLET_ON_HOLD',
        walletHold: { kind: 'admin', owed: '0.00', reason: 'Address under review' },
      }),
    );
    expect(why.description).toEqual({ key: 'order.errors.held.reason', values: { reason: 'Address under review' } });
    const whyOwed = classifyOrderError(
      apiError(403, {
        message: 'on hold',
        code: 'WALLET_ON_HOLD',
        walletHold: { kind: 'admin', owed: '5.00', reason: 'Address under review' },
      }),
    );
    expect(whyOwed.description).toEqual({
      key: 'order.errors.held.reasonOwed',
      values: { reason: 'Address under review', amount: '5.00' },
    });
    // Each language says why, what to do, and that nothing was charged.
    const nothingCharged = { en: 'Nothing was charged', zh: '本次未扣任何费用' };
    for (const [lang, dict] of [
      ['en', en],
      ['zh', zh],
    ] as const) {
      const held = dict.order.errors.held;
      expect(held.owed).toContain('{{amount}}');
      expect(held.adminOwed).toContain('{{amount}}');
      expect(held.reason).toContain('{{reason}}');
      expect(held.reasonOwed).toContain('{{reason}}');
      expect(held.reasonOwed).toContain('{{amount}}');
      expect(held.title && held.description).toBeTruthy();
      for (const key of ['description', 'owed', 'adminOwed', 'reason', 'reasonOwed'] as const) {
        expect(held[key]).toContain(nothingCharged[lang]);
      }
      const notice = dict.wallet.hold;
      expect(notice.owed).toContain('{{amount}}');
      expect(notice.reason).toContain('{{reason}}');
      expect(notice.reasonOwed).toContain('{{amount}}');
      expect(notice.title && notice.description && notice.adminOwed).toBeTruthy();
    }
  });

  it('carrier failures are processing issues with the customer service message', () => {
    for (const code of ['ORDER_PROCESSING_FAILED', 'ORDER_TIMEOUT', 'API_FAILURE', 'ORDER_CREATION_FAILED']) {
      expect(kind(apiError(502, { message: 'Invalid address from carrier', code }))).toBe('processing');
    }
    const refunded = classifyOrderError(
      apiError(502, {
        message: 'The carrier refused',
        code: 'ORDER_CREATION_FAILED',
        customerServiceMessage: 'UPS could not create order VY-ABC. The full $12.34 was refunded to your wallet.',
        orderCode: 'VY-ABC',
        shipmentId: '00000000-0000-4000-8000-000000000001',
        refunded: '12.34',
      }),
    );
    expect(refunded.title.key).toBe('order.errors.processing.title');
    expect(refunded.description).toEqual({
      key: 'order.errors.processing.refunded',
      values: { orderCode: 'VY-ABC', amount: '12.34' },
      raw: 'UPS could not create order VY-ABC. The full $12.34 was refunded to your wallet.',
    });
    const pending = classifyOrderError(
      apiError(502, {
        message: 'The carrier has not confirmed this label yet',
        code: 'API_FAILURE',
        customerServiceMessage: 'Order VY-XYZ is still being confirmed.',
        orderCode: 'VY-XYZ',
      }),
    );
    expect(pending.description).toMatchObject({
      key: 'order.errors.processing.pending',
      values: { orderCode: 'VY-XYZ' },
    });
    const bare = classifyOrderError(apiError(504, { message: 'Timed out', code: 'ORDER_TIMEOUT' }));
    expect(bare.description).toEqual({ key: 'order.errors.processing.fallback', raw: undefined });
  });

  it('address, validation, postcode or province in the message: an address issue', () => {
    expect(
      kind(
        apiError(400, {
          message: 'Invalid toAddress.postalCode: Postal code V5K 0A1 is not in ON',
          code: 'VALIDATION_ERROR',
          fieldErrors: { 'toAddress.postalCode': ['x'] },
        }),
      ),
    ).toBe('address');
    expect(kind(new Error('validation failed'))).toBe('address');
    expect(kind(new Error('bad postcode'))).toBe('address');
    expect(kind(new Error('Unknown Province'))).toBe('address');
  });

  it("a carrier's refusal of the customs declaration is a customs issue, not an address or service one", () => {
    const refused = apiError(422, {
      message: 'UPS refused the customs declaration (UPS: Invalid commodity code for this service)',
      code: 'VALIDATION_ERROR',
    });
    expect(kind(refused)).toBe('customs');
    expect(classifyOrderError(refused).title).toEqual({ key: 'order.errors.customs.title' });
  });

  it('no answer at all is a connection issue', () => {
    expect(kind(new TypeError('Failed to fetch'))).toBe('connection');
    expect(kind(new TypeError('Load failed'))).toBe('connection');
    expect(kind(new Error('NetworkError when attempting to fetch resource.'))).toBe('connection');
    expect(kind({ code: 'NETWORK_ERROR', message: 'x' })).toBe('connection');
  });

  it('serviceCode or service in the message: a shipping service issue', () => {
    expect(
      kind(
        apiError(400, {
          message: 'Invalid serviceCode: The carrier and service do not match the chosen rate',
          code: 'VALIDATION_ERROR',
        }),
      ),
    ).toBe('service');
    expect(kind(new Error('UPS does not offer this service'))).toBe('service');
  });

  it('anything else is a generic processing issue', () => {
    const generic = classifyOrderError(apiError(409, { message: 'Key reused', code: 'CONFLICT' }));
    expect(generic).toEqual({
      kind: 'generic',
      title: { key: 'order.errors.generic.title' },
      description: { key: 'order.errors.generic.description' },
    });
    expect(kind(apiError(500, 'Internal Server Error'))).toBe('generic');
    expect(kind(undefined)).toBe('generic');
  });

  it('every title and description key exists in English and Chinese', () => {
    const lookup = (dict: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
    const kinds: OrderErrorKind[] = [
      'priceChanged',
      'insufficient',
      'processing',
      'customs',
      'address',
      'connection',
      'service',
      'generic',
    ];
    const keys = kinds.flatMap((k) => [
      `order.errors.${k}.title`,
      k === 'processing' ? null : `order.errors.${k}.description`,
    ]);
    keys.push(
      'order.errors.processing.refunded',
      'order.errors.processing.pending',
      'order.errors.processing.fallback',
    );
    for (const key of keys.filter((k): k is string => k !== null)) {
      expect(typeof lookup(en, key), key).toBe('string');
      expect(typeof lookup(zh, key), key).toBe('string');
    }
    expect(lookup(en, 'order.errors.insufficient.title')).toBe('Insufficient wallet balance');
    expect(lookup(en, 'order.errors.processing.title')).toBe('Order Processing Issue');
    expect(lookup(en, 'order.errors.address.title')).toBe('Address Information Issue');
    expect(lookup(en, 'order.errors.connection.title')).toBe('Connection Issue');
    expect(lookup(en, 'order.errors.service.title')).toBe('Shipping Service Issue');
    expect(lookup(en, 'order.errors.generic.title')).toBe('Order Processing Issue');
  });
});

describe('isUnsettled: when a retry is the same attempt (same Idempotency-Key)', () => {
  it('no answer, or a 5xx from something other than our server', () => {
    expect(isUnsettled(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnsettled(apiError(502, '<html>Bad gateway</html>'))).toBe(true);
  });
  it('any answer of our server ends the attempt', () => {
    expect(isUnsettled(apiError(402, { message: 'x', code: 'INSUFFICIENT_BALANCE' }))).toBe(false);
    expect(isUnsettled(apiError(502, { message: 'x', code: 'API_FAILURE' }))).toBe(false);
    expect(isUnsettled(apiError(409, { message: 'x', code: 'PRICE_CHANGED' }))).toBe(false);
  });
});

describe('priceChangeOf (issue 22: a stored quote does not outlive its price)', () => {
  const change = {
    rateId: '6f1c1c9e-8a7b-4b8e-9d3c-2f9e3b1a7c55',
    quotedTotal: '0.00',
    price: '20.00',
    taxes: { gst: '0.00', hst: '2.60', qst: '0.00', total: '2.60' },
    total: '22.60',
  };

  it('reads the price now from a 409 PRICE_CHANGED body', () => {
    const error = apiError(409, { message: 'The price changed', code: 'PRICE_CHANGED', priceChange: change });
    expect(priceChangeOf(error)).toEqual(change);
    expect(kind(error)).toBe('priceChanged');
  });

  it('has none for an expired rate, another code or an unreadable body', () => {
    expect(priceChangeOf(apiError(409, { message: 'This rate has expired', code: 'PRICE_CHANGED' }))).toBeNull();
    expect(priceChangeOf(apiError(409, { message: 'x', code: 'CONFLICT', priceChange: change }))).toBeNull();
    expect(
      priceChangeOf(apiError(409, { message: 'x', code: 'PRICE_CHANGED', priceChange: { ...change, total: 5 } })),
    ).toBeNull();
    expect(priceChangeOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
