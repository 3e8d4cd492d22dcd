import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../src/server/db/schema/addresses';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

const valid = {
  name: 'Marie Tremblay',
  company: 'Boulangerie du Coin',
  address1: '123 Rue Saint-Denis',
  address2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H2X 1Y4',
  country: 'CA',
  phone: '(514) 555-0101',
  email: 'marie@example.com',
  isDefault: false,
};

describe(`address book (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const list = async (u: User) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers: u.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>[];
  };
  const create = (u: User, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: u.headers, payload: body as object });
  const update = (u: User, id: string, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/addresses/${id}`, headers: u.headers, payload: body as object });
  const remove = (u: User, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers: u.headers });
  const rowsOf = (u: User) => ctx.database.db.select().from(addresses).where(eq(addresses.userId, u.id));

  it('answers 401 to anonymous callers, whatever the body', async () => {
    const id = randomUUID();
    for (const [method, url, payload] of [
      ['GET', '/api/addresses', undefined],
      ['POST', '/api/addresses', valid],
      ['POST', '/api/addresses', { nonsense: true }],
      ['PUT', `/api/addresses/${id}`, valid],
      ['DELETE', `/api/addresses/${id}`, undefined],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('creates, lists, updates and deletes an address', async () => {
    const u = await createSignedInUser(ctx);
    const created = await create(u, {
      ...valid,
      province: 'qc',
      postalCode: 'h2x1y4',
      company: null,
      address2: null,
      email: null,
      isDefault: null,
      country: undefined,
    });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      name: 'Marie Tremblay',
      firstName: 'Marie',
      lastName: 'Tremblay',
      company: '',
      address1: '123 Rue Saint-Denis',
      address2: '',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2X 1Y4',
      country: 'CA',
      phone: '5145550101',
      email: '',
      isDefault: false,
      createdAt: '2026-03-02T15:00:00.000Z',
      updatedAt: '2026-03-02T15:00:00.000Z',
    });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await list(u)).toEqual([a]);

    ctx.clock.advance(60_000);
    const updated = await update(u, a.id, {
      ...valid,
      name: '  Jean Luc Picard ',
      city: 'Québec',
      postalCode: 'G1R-4P5',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: a.id,
      name: 'Jean Luc Picard',
      firstName: 'Jean',
      lastName: 'Luc Picard',
      company: 'Boulangerie du Coin',
      address2: 'App. 4',
      city: 'Québec',
      postalCode: 'G1R 4P5',
      email: 'marie@example.com',
      createdAt: '2026-03-02T15:00:00.000Z',
      updatedAt: '2026-03-02T15:01:00.000Z',
    });
    expect(await list(u)).toEqual([updated.json()]);

    const deleted = await remove(u, a.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await list(u)).toEqual([]);
    expect((await remove(u, a.id)).statusCode).toBe(404);
    expect((await update(u, a.id, valid)).statusCode).toBe(404);
  });

  it('lists the default first, then the newest', async () => {
    const u = await createSignedInUser(ctx);
    const ids: string[] = [];
    for (const [i, isDefault] of [false, true, false].entries()) {
      ctx.clock.advance(1000);
      const res = await create(u, { ...valid, name: `Person ${i}`, isDefault });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    expect((await list(u)).map((a) => a.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it("keeps users out of each other's addresses (404)", async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const mine = (await create(a, { ...valid, isDefault: true })).json();

    expect(await list(b)).toEqual([]);
    const put = await update(b, mine.id, { ...valid, name: 'Hijacked', isDefault: true });
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('NOT_FOUND');
    expect((await remove(b, mine.id)).statusCode).toBe(404);

    expect(await list(a)).toEqual([mine]);
    expect(await rowsOf(b)).toEqual([]);
  });

  it('answers 404 for malformed ids', async () => {
    const u = await createSignedInUser(ctx);
    for (const id of ['not-a-uuid', '123', "1' or '1'='1", 'ffffffff-ffff-ffff-ffff-fffffffffffff']) {
      expect((await update(u, encodeURIComponent(id), valid)).statusCode, id).toBe(404);
      expect((await remove(u, encodeURIComponent(id))).statusCode, id).toBe(404);
    }
  });

  it('names the bad field in a 400 and writes nothing', async () => {
    const u = await createSignedInUser(ctx);
    const long = (n: number) => 'x'.repeat(n + 1);
    const cases: [string, Record<string, unknown>][] = [
      ['name', { name: undefined }],
      ['name', { name: '   ' }],
      ['name', { name: long(100) }],
      ['name', { name: 42 }],
      ['address1', { address1: '' }],
      ['address1', { address1: long(200) }],
      ['address2', { address2: long(200) }],
      ['company', { company: long(100) }],
      ['city', { city: undefined }],
      ['city', { city: ' ' }],
      ['province', { province: '' }],
      ['province', { province: 'XX' }],
      ['province', { province: 'Quebec' }],
      ['province', { province: 'NY' }],
      ['postalCode', { postalCode: '' }],
      ['postalCode', { postalCode: 'H2X 1Y' }],
      ['postalCode', { postalCode: 'D2X 1Y4' }],
      ['postalCode', { postalCode: 'H2X 1U4' }],
      ['postalCode', { postalCode: 'W2X 1Y4' }],
      ['postalCode', { postalCode: '10001' }],
      ['phone', { phone: '' }],
      ['phone', { phone: '555-01' }],
      ['phone', { phone: '1'.repeat(21) }],
      ['phone', { phone: 'call me maybe' }],
      ['email', { email: 'not-an-email' }],
      ['email', { email: 'a@b' }],
      ['country', { country: 'MX' }],
      ['country', { country: 'Canada' }],
      ['isDefault', { isDefault: 'yes' }],
    ];
    for (const [field, patch] of cases) {
      const res = await create(u, { ...valid, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.fieldErrors), JSON.stringify(patch)).toContain(field);
    }
    const unknown = await create(u, { ...valid, userId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_ERROR');
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await create(u, [])).statusCode).toBe(400);

    const ok = (await create(u, valid)).json();
    const badUpdate = await update(u, ok.id, { ...valid, name: 'Changed', postalCode: 'M5V 3L9' });
    expect(badUpdate.statusCode).toBe(400);
    expect(await rowsOf(u)).toHaveLength(1);
    expect((await list(u))[0]).toMatchObject({ name: 'Marie Tremblay' });
  });

  it('refuses a postal code from another province', async () => {
    const u = await createSignedInUser(ctx);
    const res = await create(u, { ...valid, province: 'ON', postalCode: 'H2X 1Y4' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.postalCode[0]).toMatch(/H2X 1Y4.*ON/);
    // X is split between the territories by district.
    expect((await create(u, { ...valid, province: 'NT', postalCode: 'X0A 0H0' })).statusCode).toBe(400);
    expect((await create(u, { ...valid, province: 'NU', postalCode: 'x0a0h0' })).statusCode).toBe(201);
    expect((await create(u, { ...valid, province: 'NT', postalCode: 'X1A 2L9' })).statusCode).toBe(201);
    expect(await rowsOf(u)).toHaveLength(2);
  });

  it('accepts a US address with a state code and a ZIP', async () => {
    const u = await createSignedInUser(ctx);
    const res = await create(u, {
      ...valid,
      name: 'John Smith',
      address1: '350 Fifth Avenue',
      city: 'New York',
      province: 'ny',
      postalCode: '10118 0110',
      country: 'us',
      phone: '+1 212 555 0100',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ province: 'NY', postalCode: '10118-0110', country: 'US' });
    const badZip = await create(u, { ...valid, country: 'US', province: 'NY', postalCode: 'H2X 1Y4' });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().fieldErrors).toHaveProperty('postalCode');
    const badState = await create(u, { ...valid, country: 'US', province: 'QC', postalCode: '10118' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().fieldErrors).toHaveProperty('province');
  });

  it('keeps one default per user', async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const otherDefault = (await create(other, { ...valid, isDefault: true })).json();

    const first = (await create(u, { ...valid, name: 'First', isDefault: true })).json();
    ctx.clock.advance(1000);
    const second = (await create(u, { ...valid, name: 'Second', isDefault: true })).json();
    const defaults = async () => (await list(u)).filter((a) => a.isDefault).map((a) => a.id);
    expect(await defaults()).toEqual([second.id]);

    ctx.clock.advance(1000);
    const res = await update(u, first.id, { ...valid, name: 'First', isDefault: true });
    expect(res.statusCode).toBe(200);
    expect(await defaults()).toEqual([first.id]);
    expect((await list(u))[0].id).toBe(first.id);

    // A failed update (unknown id) rolls back the cleared default.
    expect((await update(u, randomUUID(), { ...valid, isDefault: true })).statusCode).toBe(404);
    expect(await defaults()).toEqual([first.id]);

    // Unsetting leaves no default; deleting the default leaves none either.
    await update(u, first.id, { ...valid, name: 'First', isDefault: false });
    expect(await defaults()).toEqual([]);
    await update(u, second.id, { ...valid, name: 'Second', isDefault: true });
    await remove(u, second.id);
    expect(await defaults()).toEqual([]);

    expect((await list(other)).map((a) => [a.id, a.isDefault])).toEqual([[otherDefault.id, true]]);
  });

  it('survives concurrent default switches with exactly one default', async () => {
    const u = await createSignedInUser(ctx);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(u, { ...valid, name: `Racer ${i}`, isDefault: true })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const rows = await rowsOf(u);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
