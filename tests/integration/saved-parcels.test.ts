import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

const box = { name: 'Small box', weight: 1.2, length: 30, width: 20, height: 10, type: 'package' };

describe(`saved parcels and the label format setting (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const list = async (u: User) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/parcels', headers: u.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>[];
  };
  const create = (u: User, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/parcels', headers: u.headers, payload: body as object });
  const update = (u: User, id: string, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/parcels/${id}`, headers: u.headers, payload: body as object });
  const remove = (u: User, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/parcels/${id}`, headers: u.headers });

  it('answers 401 to anonymous callers', async () => {
    const id = randomUUID();
    for (const [method, url, payload] of [
      ['GET', '/api/parcels', undefined],
      ['POST', '/api/parcels', box],
      ['PUT', `/api/parcels/${id}`, box],
      ['DELETE', `/api/parcels/${id}`, undefined],
      ['GET', '/api/user/label-preferences', undefined],
      ['PUT', '/api/user/label-preferences', { labelFormat: 'zpl' }],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates, lists, reads, updates and deletes a saved parcel (kg and cm, rounded to grams and 0.01 cm)', async () => {
    const u = await createSignedInUser(ctx);
    expect(await list(u)).toEqual([]);
    const created = await create(u, { ...box, weight: 1.23456, length: 30.4 + 0.0001, type: undefined });
    expect(created.statusCode).toBe(201);
    const parcel = created.json();
    expect(parcel).toMatchObject({
      name: 'Small box',
      weight: 1.235,
      length: 30.4,
      width: 20,
      height: 10,
      type: 'package',
    });
    expect(await list(u)).toEqual([parcel]);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/parcels/${parcel.id}`, headers: u.headers });
    expect(read.json()).toEqual(parcel);

    const changed = await update(u, parcel.id, {
      ...box,
      name: 'Tube 60',
      type: 'tube',
      length: 60,
      width: 8,
      height: 8,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: parcel.id, name: 'Tube 60', type: 'tube', length: 60, width: 8 });

    expect((await remove(u, parcel.id)).json()).toEqual({ ok: true });
    expect(await list(u)).toEqual([]);
    expect((await remove(u, parcel.id)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming each field', async () => {
    const u = await createSignedInUser(ctx);
    const res = await create(u, { name: '  ', weight: 0, length: -1, width: 'ten', height: 2000, type: 'crate' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fieldErrors as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(['height', 'length', 'name', 'type', 'weight', 'width']);
    expect(fields.name).toEqual(['Name is required']);
    expect(fields.weight).toEqual(['Weight must be greater than 0']);
    expect(fields.height).toEqual(['Height must be at most 1000']);
    const extra = await create(u, { ...box, colour: 'brown' });
    expect(extra.statusCode).toBe(400);
    const long = await create(u, { ...box, name: 'x'.repeat(61) });
    expect(long.json().fieldErrors.name).toEqual(['Name must be at most 60 characters']);
    expect(await list(u)).toEqual([]);
  });

  it('keeps names unique per user whatever their case (409 naming name), not across users', async () => {
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    expect((await create(a, box)).statusCode).toBe(201);
    const again = await create(a, { ...box, name: 'SMALL BOX' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { name: [expect.any(String)] } });
    expect((await create(b, box)).statusCode).toBe(201);
    const other = (await create(a, { ...box, name: 'Flat' })).json();
    const rename = await update(a, other.id, { ...box, name: 'small box' });
    expect(rename.statusCode).toBe(409);
    // Its own name again (another case) is fine.
    expect((await update(a, other.id, { ...box, name: 'FLAT' })).statusCode).toBe(200);
  });

  it("answers 404 for another user's parcel and for ids that are not ids, changing nothing", async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const parcel = (await create(owner, box)).json();
    const read = await ctx.app.inject({ method: 'GET', url: `/api/parcels/${parcel.id}`, headers: other.headers });
    expect(read.statusCode).toBe(404);
    expect((await update(other, parcel.id, { ...box, name: 'Mine now' })).statusCode).toBe(404);
    expect((await remove(other, parcel.id)).statusCode).toBe(404);
    expect((await update(owner, 'not-a-uuid', box)).statusCode).toBe(404);
    expect((await remove(owner, randomUUID())).statusCode).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([parcel]);
  });

  it('keeps at most 50 saved parcels a user (409), and frees a place on delete', async () => {
    const u = await createSignedInUser(ctx);
    for (let i = 1; i <= 50; i++) expect((await create(u, { ...box, name: `Box ${i}` })).statusCode).toBe(201);
    const over = await create(u, { ...box, name: 'Box 51' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CONFLICT', message: 'You can keep at most 50 saved parcels' });
    const all = await list(u);
    expect(all).toHaveLength(50);
    expect(all[0].name).toBe('Box 1');
    await remove(u, all[0].id as string);
    expect((await create(u, { ...box, name: 'Box 51' })).statusCode).toBe(201);
  });

  it('stores the default label format per user: PDF until set, ZPL once chosen, bad values 400 naming labelFormat', async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const get = async (who: User) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/label-preferences', headers: who.headers })).json();
    const put = (who: User, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/user/label-preferences', headers: who.headers, payload });
    expect(await get(u)).toEqual({ labelFormat: 'pdf' });
    const set = await put(u, { labelFormat: 'zpl' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ labelFormat: 'zpl' });
    expect(await get(u)).toEqual({ labelFormat: 'zpl' });
    expect(await get(other)).toEqual({ labelFormat: 'pdf' });
    for (const bad of [{ labelFormat: 'png' }, {}, { labelFormat: 'zpl', extra: 1 }]) {
      const res = await put(u, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await put(u, { labelFormat: 'png' })).json().fieldErrors.labelFormat).toEqual([
      "Label format must be 'pdf' or 'zpl'",
    ]);
    expect(await get(u)).toEqual({ labelFormat: 'zpl' });
  });

  it("quotes a bulk batch with a saved parcel for rows without weight and size (another user's parcel 404)", async () => {
    const u = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const address = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: u.headers,
      payload: {
        name: 'Ana Sender',
        company: 'Maple Goods',
        address1: '1 King St W',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 1A1',
        phone: '416-555-0100',
        isDefault: true,
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    const header =
      'reference,first_name,last_name,company,address1,address2,city,province,postal_code,country,phone,email,weight_kg,length_cm,width_cm,height_cm,description';
    const csv = [
      header,
      'SO-1,Client,One,,1 Main St,,Vancouver,BC,V6Z 2E7,CA,604-555-0199,,,,,,Books',
      'SO-2,Client,Two,,2 Main St,,Calgary,AB,T2P 1J9,CA,403-555-0199,,,,,,Books',
    ].join('\n');
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: u.headers,
      payload: { filename: 'orders.csv', csv },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const id = batch.json().id as string;
    const tube = (
      await create(u, { name: 'Poster tube', weight: 0.6, length: 60, width: 10, height: 10, type: 'tube' })
    ).json();
    const theirs = (await create(other, box)).json();
    const quote = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/bulk-imports/${id}/quote`, headers: u.headers, payload });

    const notMine = await quote({ parcelId: theirs.id, rule: 'cheapest' });
    expect(notMine.statusCode).toBe(404);
    const both = await quote({
      parcelId: tube.id,
      parcel: { weight: 1, length: 1, width: 1, height: 1 },
      rule: 'cheapest',
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().fieldErrors)).toEqual(['parcelId']);
    const badId = await quote({ parcelId: 'box', rule: 'cheapest' });
    expect(badId.json().fieldErrors.parcelId).toEqual(['Choose a saved parcel']);

    const quoted = await quote({ parcelId: tube.id, rule: 'cheapest' });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const detail = quoted.json();
    expect(detail.items.map((i: { status: string }) => i.status)).toEqual(['quoted', 'quoted']);
    expect(detail.defaults).toMatchObject({
      parcelId: tube.id,
      parcel: { weight: 0.6, length: 60, width: 10, height: 10, type: 'tube' },
    });
    // The same figures typed in as the batch parcel quote the same totals.
    const typed = await quote({
      parcel: { weight: 0.6, length: 60, width: 10, height: 10, type: 'tube' },
      rule: 'cheapest',
    });
    expect(typed.json().total).toBe(detail.total);
  });
});
