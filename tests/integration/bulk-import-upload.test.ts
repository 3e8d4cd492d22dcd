/**
 * POST /api/bulk-imports as multipart/form-data (decision 038): the CSV in the field `file`, read
 * with the JSON call's contract and limits — 5 MB (413 naming `file`) and 5,000 rows (400 naming
 * `file`); any other field 400 naming `file`; a multipart request without an Origin is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';

const HEADER =
  'reference,first_name,last_name,company,address1,address2,city,province,postal_code,country,phone,email,weight_kg,length_cm,width_cm,height_cm,description';
const row = (i: number, postal = 'V6Z 2E7') =>
  `SO-${i},Client,N${i},,${i} Main St,,Vancouver,BC,${postal},CA,604-555-0199,,1.5,30,20,10,Books`;

const BOUNDARY = '----voyageur-test-boundary';
/** A multipart body of the given parts (a file part when `filename` is given). */
function form(parts: { name: string; filename?: string; content: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? 'Content-Type: text/csv\r\n' : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe(`bulk import upload as multipart (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  const upload = (body: Buffer, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: {
        ...user.headers,
        origin: 'http://localhost:5000',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...headers,
      },
      payload: body,
    });

  it('reads a good file sent in the field file (Windows-1252 too), as the JSON call does', async () => {
    const csv = [
      HEADER,
      row(1),
      row(2, 'M5H 1A1'),
      `SO-3,Zo\xe9,Caf\xe9,,3 Main St,,Vancouver,BC,V6Z 2E7,CA,604-555-0199,,1,30,20,10,Books`,
    ].join('\r\n');
    const res = await upload(form([{ name: 'file', filename: 'orders.csv', content: Buffer.from(csv, 'latin1') }]));
    expect(res.statusCode).toBe(201);
    const batch = res.json();
    expect(batch).toMatchObject({ filename: 'orders.csv', format: 'voyageur', rows: 3, valid: 2 });
    const rows = batch.items as { n: number; data: Record<string, string>; errors: { field: string }[] }[];
    expect(rows).toHaveLength(3);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[1]!.errors.map((e) => e.field)).toContain('postalCode');
    expect(rows[2]!.data.firstName).toBe('Zoé');
    // The same batch is listed like one sent as JSON.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/bulk-imports', headers: user.headers });
    expect(list.json().items.map((b: { id: string }) => b.id)).toContain(batch.id);
  });

  it('takes a chosen mapping as JSON in the field mapping', async () => {
    const csv = ['Nom,Adresse,Ville,Province,Code postal', 'Marie Tremblay,1 Rue X,Montréal,QC,H3B 1K9'].join('\n');
    const mapping = {
      firstName: 'Nom',
      address1: 'Adresse',
      city: 'Ville',
      province: 'Province',
      postalCode: 'Code postal',
    };
    const res = await upload(
      form([
        { name: 'mapping', content: JSON.stringify(mapping) },
        { name: 'file', filename: 'export.csv', content: csv },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'mapped', mapping });
  });

  it('answers 413 naming file for a file over 5 MB, and keeps no batch', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/bulk-imports', headers: user.headers })).json()
      .items.length;
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const res = await upload(form([{ name: 'file', filename: 'big.csv', content: big }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fieldErrors: { file: ['The file must be at most 5 MB'] },
    });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/bulk-imports', headers: user.headers })).json()
      .items.length;
    expect(after).toBe(before);
  });

  it('answers 400 naming file for more than 5,000 rows', async () => {
    const lines = [HEADER];
    for (let i = 1; i <= 5001; i++) lines.push(row(i));
    const res = await upload(form([{ name: 'file', filename: 'many.csv', content: lines.join('\n') }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ file: ['A file may hold at most 5000 shipments'] });
  });

  it('answers 400 naming file for a file in another field, a stray field or no file', async () => {
    const csv = [HEADER, row(1)].join('\n');
    for (const parts of [
      [{ name: 'csv', filename: 'orders.csv', content: csv }],
      [{ name: 'note', content: 'hello' }],
      [],
    ]) {
      const res = await upload(form(parts));
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['file']);
    }
  });

  it('refuses a multipart upload without an Origin or from another site, and an anonymous one', async () => {
    const body = form([{ name: 'file', filename: 'orders.csv', content: [HEADER, row(1)].join('\n') }]);
    const noOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().code).toBe('CSRF_REJECTED');
    expect((await upload(body, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: { origin: 'http://localhost:5000', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('still takes JSON, and multipart stays this route’s alone', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: user.headers,
      payload: { filename: 'orders.csv', csv: [HEADER, row(1)].join('\n') },
    });
    expect(json.statusCode).toBe(201);
    const elsewhere = await upload(form([{ name: 'file', filename: 'a.csv', content: 'x' }]), {}).then(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: {
          ...user.headers,
          origin: 'http://localhost:5000',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: form([{ name: 'name', content: 'x' }]),
      }),
    );
    expect(elsewhere.statusCode).toBe(415);
  });
});
