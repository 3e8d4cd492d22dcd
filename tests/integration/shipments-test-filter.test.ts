/**
 * Test-mode shipments listed apart (issue 28): GET /api/shipments?test=true lists only those bought
 * with a test API key, test=false only the others; absent, both. Counts stay exact for live ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quoteBody } from './helpers/orders';
import { insertShipment } from './helpers/shipment-fixtures';
import type { TShipmentList } from '../../src/shared/contracts/shipments';
import type { TRateOption } from '../../src/shared/contracts/rates';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`shipments list: live or test (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  let user: User;
  const live: string[] = [];
  const test: string[] = [];

  const list = async (who: User, query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shipments${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TShipmentList;
  };
  const ids = (page: TShipmentList) => page.data.map((s) => s.id).sort();

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '100.00');
    for (let i = 0; i < 3; i++) live.push((await insertShipment(ctx.database.db, user.id)).id);
    // Two bought through the public API with a test key (sandbox carriers, no money moved).
    const keyRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: user.headers,
      payload: { name: 'Sandbox', mode: 'test' },
    });
    expect(keyRes.statusCode, keyRes.body).toBe(201);
    const auth = { authorization: `Bearer ${keyRes.json().key as string}` };
    for (let i = 0; i < 2; i++) {
      const rates = await ctx.app.inject({ method: 'POST', url: '/api/v1/rates', headers: auth, payload: quoteBody() });
      expect(rates.statusCode, rates.body).toBe(200);
      const option = (rates.json() as TRateOption[])[0]!;
      const bought = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/shipments',
        headers: { ...auth, 'idempotency-key': `test-filter-${i}` },
        payload: orderBody(option),
      });
      expect(bought.statusCode, bought.body).toBe(201);
      test.push(bought.json().id as string);
    }
    // Another user's test shipment never shows.
    const other = await createSignedInUser(ctx);
    await insertShipment(ctx.database.db, other.id);
  });
  afterAll(async () => ctx?.close());

  it('lists both without the filter, each test shipment marked test', async () => {
    const all = await list(user, '');
    expect(ids(all)).toEqual([...live, ...test].sort());
    expect(all.pagination.total).toBe(5);
    expect(
      all.data
        .filter((s) => s.test)
        .map((s) => s.id)
        .sort(),
    ).toEqual([...test].sort());
  });

  it('test=true lists the test shipments apart, test=false the live ones, with exact counts', async () => {
    const onlyTest = await list(user, '?test=true');
    expect(ids(onlyTest)).toEqual([...test].sort());
    expect(onlyTest.pagination).toMatchObject({ total: 2, totalPages: 1 });
    expect(onlyTest.pagination.totalCapped).toBeUndefined();
    const onlyLive = await list(user, '?test=false');
    expect(ids(onlyLive)).toEqual([...live].sort());
    expect(onlyLive.pagination).toMatchObject({ total: 3, totalPages: 1 });
    expect(onlyLive.data.every((s) => !s.test)).toBe(true);
    // Paged by the live count: two per page, the second page holds the third.
    const second = await list(user, '?test=false&limit=2&page=2');
    expect(second.data).toHaveLength(1);
    expect(second.pagination).toMatchObject({ total: 3, totalPages: 2, page: 2 });
  });

  it('combines with the search and the destination', async () => {
    const first = (await list(user, '?test=true')).data[0]!;
    expect(ids(await list(user, `?test=true&search=${encodeURIComponent(first.orderCode)}`))).toEqual([first.id]);
    expect((await list(user, `?test=false&search=${encodeURIComponent(first.orderCode)}`)).data).toEqual([]);
    expect(ids(await list(user, '?test=true&destination=domestic'))).toEqual([...test].sort());
    expect((await list(user, '?test=true&destination=us')).data).toEqual([]);
  });

  it('answers 400 naming test for any other value', async () => {
    for (const bad of ['yes', '1', 'TRUE', '']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shipments?test=${bad}`, headers: user.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('test');
    }
  });
});
