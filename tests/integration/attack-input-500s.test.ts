/**
 * Hostile-client inputs that reached the database or the multipart parser unchecked and answered
 * 500: each must be a 400 naming its field, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

describe(`bad inputs answer 400 naming the field, never 500 (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  const parcels = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/parcels', headers: user.headers })).json() as unknown[];

  it('a saved parcel whose weight or side rounds to 0 (grams, hundredths of a cm) is refused on that field', async () => {
    const ok = { name: 'Tiny', weight: 1, length: 10, width: 10, height: 10 };
    for (const [field, value, message] of [
      ['weight', 0.0001, 'Weight must be at least 0.001 kg'],
      ['length', 0.004, 'Length must be at least 0.01 cm'],
      ['width', 0.001, 'Width must be at least 0.01 cm'],
      ['height', 1e-9, 'Height must be at least 0.01 cm'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/parcels',
        headers: user.headers,
        payload: { ...ok, [field]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [field]: [message] });
    }
    expect(await parcels()).toEqual([]);
    // The smallest stored values are taken, and an update is checked the same way.
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/parcels',
      headers: user.headers,
      payload: { ...ok, weight: 0.001, length: 0.01 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ weight: 0.001, length: 0.01 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/parcels/${made.json().id}`,
      headers: user.headers,
      payload: { ...ok, weight: 0.0004 },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().fieldErrors).toHaveProperty('weight');
  });

  it('a multipart bulk upload the parser cannot read (no boundary, unsupported type) is a 400 naming file', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/bulk-imports',
        headers: { ...user.headers, origin: 'http://localhost:5000', 'content-type': contentType },
        payload: 'reference\r\nSO-1\r\n',
      });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('file');
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/bulk-imports', headers: user.headers });
    expect(list.json().items).toEqual([]);
  });

  it('an over-long bulk file name says so (JSON: on filename; multipart: the name is shortened, the upload taken)', async () => {
    const csv =
      'reference,first_name,last_name,company,address1,address2,city,province,postal_code,country,phone,email,weight_kg,length_cm,width_cm,height_cm,description\nSO-1,Client,N1,,1 Main St,,Vancouver,BC,V6Z 2E7,CA,604-555-0199,,1.5,30,20,10,Books';
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: user.headers,
      payload: { filename: `${'a'.repeat(300)}.csv`, csv },
    });
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json().fieldErrors).toEqual({ filename: ['File name must be at most 255 characters'] });
    const boundary = '----attack';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'b'.repeat(300)}.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: {
        ...user.headers,
        origin: 'http://localhost:5000',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().filename).toBe(`${'b'.repeat(251)}.csv`);
  });
});
