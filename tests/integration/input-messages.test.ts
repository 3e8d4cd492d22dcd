/**
 * A 400 says which field is wrong and what it should be: `taxes` that is neither an amount nor an
 * object with an amount as its total names `taxes.total` (or says what `taxes` takes) rather than
 * zod's bare 'Invalid input'; a phone (or any text field) sent as a JSON number is 'must be text',
 * not 'is required'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody } from './helpers/orders';

describe(`input messages name the field and say what it takes (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });

  it('POST /api/shipments: a bad taxes.total is reported on taxes.total, a bad taxes on taxes', async () => {
    const u = await createSignedInUser(ctx);
    const [option] = await quote(ctx, u.headers);
    const body = orderBody(option!);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ total: 'x' }, { 'taxes.total': ['Taxes total must be an amount like 12.34'] }],
      [{ gst: '0.00', hst: '1.30' }, { 'taxes.total': ['Taxes total must be an amount like 12.34'] }],
      [{ total: -1 }, { 'taxes.total': ['Taxes total must be an amount like 12.34'] }],
      [[1], { taxes: ['Taxes must be an amount like 12.34, or an object whose total is one'] }],
      [true, { taxes: ['Taxes must be an amount like 12.34, or an object whose total is one'] }],
      [null, { taxes: ['Taxes must be an amount like 12.34, or an object whose total is one'] }],
      ['1.2.3', { taxes: ['Taxes must be an amount like 12.34'] }],
    ];
    for (const [taxes, fieldErrors] of cases) {
      const res = await post('/api/shipments', u.headers, { ...body, taxes });
      expect(res.statusCode, JSON.stringify(taxes)).toBe(400);
      expect(res.json(), JSON.stringify(taxes)).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
      expect(Object.keys(res.json().fieldErrors), JSON.stringify(taxes)).toEqual(Object.keys(fieldErrors));
    }
  });

  it('POST /api/shipments still takes taxes as the amount or as the option’s taxes object', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const [option] = await quote(ctx, u.headers);
    const asObject = await post('/api/shipments', u.headers, { ...orderBody(option!), taxes: option!.taxes });
    expect(asObject.statusCode, asObject.body).toBe(201);
    const [again] = await quote(ctx, u.headers);
    const asAmount = await post('/api/shipments', u.headers, orderBody(again!));
    expect(asAmount.statusCode, asAmount.body).toBe(201);
  });

  it('a phone sent as a JSON number is "must be text" (absent is still "is required")', async () => {
    const u = await createSignedInUser(ctx);
    const [option] = await quote(ctx, u.headers);

    const order = await post(
      '/api/shipments',
      u.headers,
      orderBody(option!, FROM, { ...TO, phone: 6045550199 as never }),
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().fieldErrors).toEqual({ 'toAddress.phone': ['Phone must be text'] });

    const { phone: _phone, ...noPhone } = TO;
    const missing = await post('/api/shipments', u.headers, orderBody(option!, FROM, noPhone as typeof TO));
    expect(missing.json().fieldErrors).toEqual({ 'toAddress.phone': ['Phone is required'] });

    const address = await post('/api/addresses', u.headers, {
      name: 'Marie Tremblay',
      address1: '123 Rue Saint-Denis',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2X 1Y4',
      phone: 12345678,
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().fieldErrors).toEqual({ phone: ['Phone must be text'] });

    const quoted = await post('/api/rates/quote', u.headers, quoteBody(FROM, { ...TO, phone: 6045550199 as never }));
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().fieldErrors).toEqual({ 'toAddress.phoneNumber': ['Phone number must be text'] });
  });

  it('a phone typed with Unicode hyphens, dashes or wide spaces is read as its digits', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const to = { ...TO, phone: '604\u2010555\u20110199' };
    const from = { ...FROM, phone: '（416）\u3000555\u22120100' };
    const [option] = await quote(ctx, u.headers, quoteBody(from, to));
    const res = await post('/api/shipments', u.headers, orderBody(option!, from, to));
    expect(res.statusCode, res.body).toBe(201);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${res.json().id}`, headers: u.headers });
    expect(detail.json()).toMatchObject({ fromAddress: { phone: '4165550100' }, toAddress: { phone: '6045550199' } });
  });
});
