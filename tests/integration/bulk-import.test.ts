import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { backgroundIdle } from '../../src/server/lib/background';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { bulkImportServiceFor } from '../../src/server/modules/bulk-imports/routes';
import { ordersServiceFor } from '../../src/server/services';
import { AppError } from '../../src/server/lib/errors';
import { parseCents } from '../../src/shared/money';
import type { TBulkImportDetail, TBulkImportList } from '../../src/shared/contracts/bulk-imports';

const HEADER =
  'reference,first_name,last_name,company,address1,address2,city,province,postal_code,country,phone,email,weight_kg,length_cm,width_cm,height_cm,description';

const CITIES = [
  ['Vancouver', 'BC', 'V6Z 2E7'],
  ['Montréal', 'QC', 'H3B 1K9'],
  ['Calgary', 'AB', 'T2P 1J9'],
  ['Halifax', 'NS', 'B3H 1A1'],
] as const;

/** 60 rows; rows 7, 19, 33 and 48 are bad (postal code in another province, no phone, bad weight, no city). */
function batchCsv(): string {
  const lines = [HEADER];
  for (let i = 1; i <= 60; i++) {
    const [city, prov, postal] = CITIES[i % CITIES.length]!;
    const row = {
      ref: `SO-${1000 + i}`,
      postal: i === 7 ? 'M5H 1A1' : postal,
      phone: i === 19 ? '' : '604-555-0199',
      weight: i === 33 ? 'heavy' : i % 2 ? '1.5' : '',
      city: i === 48 ? '' : city,
    };
    lines.push(
      `${row.ref},Client,N${i},,${i} Main St,,${row.city},${prov},${row.postal},CA,${row.phone},,${row.weight},${i % 2 ? '30' : ''},${i % 2 ? '20' : ''},${i % 2 ? '10' : ''},Books`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

describe(`bulk import (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  let batch: TBulkImportDetail;

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: object = {}) =>
    ctx.app.inject({ method, url, headers: { ...user.headers, ...headers }, ...(payload ? { payload } : {}) });
  const shipmentCount = async () =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${user.id}`),
    )[0]!.n;
  const ledgerOk = async () => expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  /** Once buying began (or the batch was cancelled), every row is in exactly one count. */
  const addsUp = (c: TBulkImportDetail['counts']) =>
    c.invalid + c.dropped + c.bought + c.failed + c.pending + c.cancelled === c.rows;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    const addr = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: user.headers,
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
    expect(addr.statusCode, addr.body).toBe(201);
  });
  afterAll(async () => ctx?.close());

  it('reads the file with the shipment form’s rules: each bad row’s error on its cell', async () => {
    const res = await inject('POST', '/api/bulk-imports', { filename: 'orders.csv', csv: batchCsv() });
    expect(res.statusCode, res.body).toBe(201);
    batch = res.json();
    expect(batch).toMatchObject({ format: 'voyageur', rows: 60, valid: 56, status: 'draft' });
    expect(batch.errors).toEqual([
      { row: 7, field: 'postalCode', message: 'Postal code M5H 1A1 is not in NS' },
      { row: 19, field: 'phone', message: 'Phone is required' },
      { row: 33, field: 'weight', message: 'Weight must be a number' },
      { row: 48, field: 'city', message: 'City is required' },
    ]);
  });

  it('answers 400 naming the field for a bad body, and 404 for another user’s batch', async () => {
    const bad = await inject('POST', '/api/bulk-imports', { filename: 'x.csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('csv');
    const empty = await inject('POST', '/api/bulk-imports', { filename: 'x.csv', csv: HEADER + '\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty('csv');
    const other = await createSignedInUser(ctx);
    const peek = await ctx.app.inject({ method: 'GET', url: `/api/bulk-imports/${batch.id}`, headers: other.headers });
    expect(peek.statusCode).toBe(404);
    const badRule = await inject('POST', `/api/bulk-imports/${batch.id}/quote`, { rule: 'slowest' });
    expect((await inject('GET', `/api/bulk-imports/${'-'.repeat(36)}`)).statusCode).toBe(404);
    // An unknown query key is refused by name, not ignored (ROWS=none answered every row).
    const unknown = await inject('GET', `/api/bulk-imports/${batch.id}?ROWS=none`);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().message).toContain('"ROWS"');
    expect((await inject('GET', `/api/bulk-imports/${batch.id}?rows=none`)).json().items).toEqual([]);
    expect((await inject('PATCH', `/api/bulk-imports/${batch.id}/rows/abc`, { dropped: true })).statusCode).toBe(400);
    expect((await inject('PATCH', `/api/bulk-imports/${batch.id}/rows/999`, { dropped: true })).statusCode).toBe(404);
    const notCsv = await inject('POST', '/api/bulk-imports', { filename: 'x.bin', csvBase64: 'AAECAwQ=' });
    expect(notCsv.statusCode).toBe(400);
    expect(badRule.statusCode).toBe(400);
  });

  it('fixes a cell in place and drops a row', async () => {
    const fixed = await inject('PATCH', `/api/bulk-imports/${batch.id}/rows/7`, { data: { postalCode: 'B3H 1A1' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ n: 7, status: 'ready', errors: [] });
    const stillBad = await inject('PATCH', `/api/bulk-imports/${batch.id}/rows/19`, { data: { phone: '12' } });
    expect(stillBad.json().errors).toEqual([{ field: 'phone', message: 'Enter a phone number with 7 to 20 digits' }]);
    const dropped = await inject('PATCH', `/api/bulk-imports/${batch.id}/rows/19`, { dropped: true });
    expect(dropped.json().status).toBe('dropped');
  });

  it('quotes every valid row with the batch defaults; the total is the sum of the rows', async () => {
    const res = await inject('POST', `/api/bulk-imports/${batch.id}/quote`, {
      parcel: { weight: 0.8, length: 25, width: 18, height: 8 },
      rule: 'cheapest',
    });
    expect(res.statusCode, res.body).toBe(200);
    batch = res.json();
    expect(batch.status).toBe('quoted');
    const quoted = batch.items.filter((i) => i.status === 'quoted');
    expect(quoted).toHaveLength(57);
    const sum = quoted.reduce((s, i) => s + parseCents(i.quote!.total)!, 0);
    expect(parseCents(batch.total)).toBe(sum);
    expect(batch.shortBy).toBe(batch.total); // the wallet is empty
  });

  it('buys row by row until the wallet is short, refusing the rest INSUFFICIENT_BALANCE; nothing lost', async () => {
    const total = parseCents(batch.total)!;
    // Enough for about half of the batch.
    const funds = Math.floor(total / 2);
    await fund(ctx, admin.headers, user.id, (funds / 100).toFixed(2));
    const key = { 'idempotency-key': `batch-${batch.id}` };
    const res = await inject('POST', `/api/bulk-imports/${batch.id}/purchase`, undefined, key);
    expect(res.statusCode, res.body).toBe(202);
    await backgroundIdle();
    const done: TBulkImportDetail = (await inject('GET', `/api/bulk-imports/${batch.id}`)).json();
    expect(done.status).toBe('completed');
    expect(addsUp(done.counts)).toBe(true);
    const bought = done.items.filter((i) => i.status === 'bought');
    const refused = done.items.filter((i) => i.status === 'refused');
    expect(bought.length).toBeGreaterThan(20);
    expect(bought.length + refused.length).toBe(57);
    // Rows are bought in order: every refused row comes after every bought one.
    expect(Math.max(...bought.map((b) => b.n))).toBeLessThan(Math.min(...refused.map((r) => r.n)));
    expect(refused.every((r) => r.errorCode === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(bought.every((b) => b.trackingNumber && b.orderCode)).toBe(true);
    const spent = parseCents(done.spent)!;
    expect(spent).toBe(bought.reduce((s, b) => s + parseCents(b.quote!.total)!, 0));
    expect(parseCents(await balanceOf(ctx, user.headers))).toBe(funds - spent);
    expect(await shipmentCount()).toBe(bought.length);
    await ledgerOk();

    // The same key answers the batch again; another key is a conflict; nothing more is bought.
    expect((await inject('POST', `/api/bulk-imports/${batch.id}/purchase`, undefined, key)).statusCode).toBe(202);
    const other = await inject('POST', `/api/bulk-imports/${batch.id}/purchase`, undefined, { 'idempotency-key': 'x' });
    expect(other.statusCode).toBe(409);
    await backgroundIdle();
    expect(await shipmentCount()).toBe(bought.length);
    batch = done;
  });

  it('a job resumed after a crash replays the rows already bought, never buying twice', async () => {
    const before = await balanceOf(ctx, user.headers);
    const count = await shipmentCount();
    // As if the process died after buying rows 1-3 but before writing their outcome.
    await ctx.database.db.execute(sql`
      update bulk_import_rows set status = 'pending', shipment_id = null where import_id = ${batch.id} and n <= 3`);
    await ctx.database.db.execute(sql`
      update bulk_imports set status = 'purchasing', heartbeat_at = ${new Date(ctx.clock.now().getTime() - 600_000).toISOString()}::timestamptz
      where id = ${batch.id}`);
    const service = bulkImportServiceFor(
      { config: ctx.config, database: ctx.database, clock: ctx.clock, providers: ctx.providers },
      { warn: () => undefined, error: () => undefined },
    );
    expect(await service.resumeStale()).toBe(1);
    await backgroundIdle();
    const again: TBulkImportDetail = (await inject('GET', `/api/bulk-imports/${batch.id}`)).json();
    expect(again.status).toBe('completed');
    for (const n of [1, 2, 3]) {
      const row = again.items.find((i) => i.n === n)!;
      expect(row.status).toBe('bought');
      expect(row.shipmentId).toBe(batch.items.find((i) => i.n === n)!.shipmentId);
    }
    expect(await shipmentCount()).toBe(count);
    expect(await balanceOf(ctx, user.headers)).toBe(before);
    await ledgerOk();
  });

  it('a cancel counts every row once: quoted rows cancelled, a row dropped after quoting dropped, nothing charged', async () => {
    const made = await inject('POST', '/api/bulk-imports', { filename: 'later.csv', csv: batchCsv() });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as TBulkImportDetail).id;
    const quoted = await inject('POST', `/api/bulk-imports/${id}/quote`, {
      parcel: { weight: 0.8, length: 25, width: 18, height: 8 },
      rule: 'cheapest',
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect((await inject('PATCH', `/api/bulk-imports/${id}/rows/1`, { dropped: true })).statusCode).toBe(200);
    const before = await balanceOf(ctx, user.headers);
    const count = await shipmentCount();
    const res = await inject('POST', `/api/bulk-imports/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled: TBulkImportDetail = res.json();
    expect(cancelled.status).toBe('cancelled');
    // 56 valid rows quoted, one of them dropped afterwards; the 4 with problems stay invalid.
    expect(cancelled.counts).toMatchObject({
      rows: 60,
      invalid: 4,
      dropped: 1,
      bought: 0,
      failed: 0,
      pending: 0,
      cancelled: 55,
    });
    expect(addsUp(cancelled.counts)).toBe(true);
    expect(cancelled.items.find((i) => i.n === 1)?.status).toBe('dropped');
    expect(cancelled.items.filter((i) => i.status === 'cancelled')).toHaveLength(55);
    const listed = (await inject('GET', '/api/bulk-imports')).json() as TBulkImportList;
    expect(listed.items.find((b) => b.id === id)?.counts).toMatchObject({ cancelled: 55, dropped: 1 });
    expect(await balanceOf(ctx, user.headers)).toBe(before);
    expect(await shipmentCount()).toBe(count);
  });

  it('a batch cancelled before quoting, or whose rows got no rate, still counts every row once', async () => {
    const draft = (await inject('POST', '/api/bulk-imports', { filename: 'draft.csv', csv: batchCsv() })).json();
    const stopped: TBulkImportDetail = (await inject('POST', `/api/bulk-imports/${draft.id}/cancel`)).json();
    expect(stopped.counts).toMatchObject({ rows: 60, invalid: 4, cancelled: 56, pending: 0 });
    expect(addsUp(stopped.counts)).toBe(true);
    expect(stopped.items.filter((i) => i.status === 'cancelled')).toHaveLength(56);

    const noRate = (await inject('POST', '/api/bulk-imports', { filename: 'nope.csv', csv: batchCsv() })).json();
    const q = await inject('POST', `/api/bulk-imports/${noRate.id}/quote`, {
      parcel: { weight: 0.8, length: 25, width: 18, height: 8 },
      rule: { carrier: 'CA-CP', serviceCode: 'NO.SUCH' },
    });
    expect(q.statusCode, q.body).toBe(200);
    const ended: TBulkImportDetail = (await inject('POST', `/api/bulk-imports/${noRate.id}/cancel`)).json();
    // Never quoted, so never to be bought: not bought (with their reason), not cancelled.
    expect(ended.counts).toMatchObject({ rows: 60, invalid: 4, failed: 56, cancelled: 0 });
    expect(addsUp(ended.counts)).toBe(true);
  });

  it('downloads one PDF of every label in row order, and the results CSV', async () => {
    const bought = batch.items.filter((i) => i.status === 'bought');
    const pdf = await inject('GET', `/api/bulk-imports/${batch.id}/labels?format=pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(bought.length);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect((await inject('GET', `/api/bulk-imports/${batch.id}/labels?format=gif`)).statusCode).toBe(400);
    // A key the call does not know is refused by name, not ignored (format[]=zpl answered a PDF before).
    const unknown = await inject('GET', `/api/bulk-imports/${batch.id}/labels?format[]=zpl`);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('"format[]"') });

    // The same labels as ZPL II: one ^XA…^XZ label per shipment, in row order; and one label by print-label.
    const zpl = await inject('GET', `/api/bulk-imports/${batch.id}/labels?format=zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl; charset=utf-8');
    expect(zpl.body.match(/\^XA/g)).toHaveLength(bought.length);
    expect(zpl.body.indexOf(bought[0]!.trackingNumber!)).toBeLessThan(zpl.body.indexOf(bought[1]!.trackingNumber!));
    const one = await inject('POST', `/api/shipments/print-label/${bought[0]!.orderCode}?format=zpl`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ success: true, mimeType: 'application/zpl' });
    expect(Buffer.from(one.json().base64, 'base64').toString('utf8')).toContain(`^FD${bought[0]!.trackingNumber}^FS`);
    const badFormat = await inject('POST', `/api/shipments/print-label/${bought[0]!.orderCode}?format=eps`);
    expect(badFormat.statusCode).toBe(400);

    const csv = await inject('GET', `/api/bulk-imports/${batch.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(`${HEADER},tracking_number,order_code,carrier,service,cost,taxes,status,error`);
    expect(lines).toHaveLength(61);
    expect(lines[1]).toContain(bought[0]!.trackingNumber!);
    expect(lines[7]).toMatch(/,refused,Insufficient wallet balance|,bought,/);
    // Row 7's postal code was fixed in place: the results show the value shipped, not the file's.
    expect(lines[7]).toContain('B3H 1A1');

    // Listed, completed (a later test's batch, made at the same instant of the test clock, may come first).
    const list = (await inject('GET', '/api/bulk-imports')).json() as { items: { id: string }[] };
    expect(list.items.find((i) => i.id === batch.id)).toMatchObject({ filename: 'orders.csv', status: 'completed' });
  });

  it('refuses rows leaving Canada and over-long cells on their cell; results.csv defuses formulas', async () => {
    const csv = [
      HEADER,
      // 1: formulas in the reference and description; 2: to the US; 3: a description past 500 characters.
      `-2+3,Eve,Formula,,1 Main St,,Halifax,NS,B3H 1A1,CA,902-555-0100,,1,10,10,10,"=HYPERLINK(""http://x"",""y"")"`,
      `US-1,Sam,South,,350 5th Ave,,New York,NY,10118,US,212-555-0100,,1,10,10,10,Mugs`,
      `LONG-1,Lee,Long,,2 Main St,,Halifax,NS,B3H 1A1,CA,902-555-0100,,1,10,10,10,${'x'.repeat(501)}`,
    ].join('\n');
    const res = await inject('POST', '/api/bulk-imports', { filename: 'attack.csv', csv });
    expect(res.statusCode, res.body).toBe(201);
    const b: TBulkImportDetail = res.json();
    expect(b.errors).toEqual([
      {
        row: 2,
        field: 'country',
        message: 'Shipments leaving Canada need a customs declaration: create them one by one in the shipment form',
      },
      { row: 3, field: 'description', message: 'Description must be at most 500 characters' },
    ]);

    // A negative weight says what the package form says.
    const neg = await inject('PATCH', `/api/bulk-imports/${b.id}/rows/3`, {
      data: { weight: '-5', description: 'Tea' },
    });
    expect(neg.json().errors).toEqual([{ field: 'weight', message: 'Weight must be greater than 0' }]);

    // A US row stored before the rule (no errors on it) is caught at quote time and never quoted.
    await ctx.database.db.execute(
      sql`update bulk_import_rows set errors = '[]'::jsonb where import_id = ${b.id} and n = 2`,
    );
    const quoted = await inject('POST', `/api/bulk-imports/${b.id}/quote`, { rule: 'cheapest' });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const rows: TBulkImportDetail['items'] = quoted.json().items;
    expect(rows.find((r) => r.n === 1)!.status).toBe('quoted');
    expect(rows.find((r) => r.n === 2)).toMatchObject({ status: 'invalid', quote: null });

    const out = await inject('GET', `/api/bulk-imports/${b.id}/results.csv`);
    const line1 = out.body.replace(/^\ufeff/, '').split(/\r?\n/)[1]!;
    expect(line1.startsWith("'-2+3,")).toBe(true);
    expect(line1).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);

    // The orders service itself refuses an order leaving Canada without customs, whatever the caller.
    const orders = ordersServiceFor(
      { config: ctx.config, database: ctx.database, clock: ctx.clock, providers: ctx.providers },
      { warn: () => undefined, error: () => undefined },
    );
    const before = await shipmentCount();
    const refused = await orders
      .placeOrder({ userId: user.id, organizationId: null, idempotencyKey: null, ipAddress: null }, {
        fromAddress: {
          firstName: 'Ana',
          lastName: 'Sender',
          company: '',
          address: '1 King St W',
          city: 'Toronto',
          province: 'ON',
          postalCode: 'M5H 1A1',
          country: 'CA',
          phone: '416-555-0100',
          email: '',
        },
        toAddress: {
          firstName: 'Sam',
          lastName: 'South',
          company: '',
          address: '350 5th Ave',
          city: 'New York',
          province: 'NY',
          postalCode: '10118',
          country: 'US',
          phone: '212-555-0100',
          email: '',
        },
        carrier: 'x',
        service: 'x',
        serviceCode: 'x',
        packageDetails: {
          weight: 1,
          length: 10,
          width: 10,
          height: 10,
          type: 'package',
          insuranceValue: null,
          description: 'Mugs',
        },
        rateDetails: { id: 'x' },
        totalCost: 1000,
      } as never)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect((refused as AppError).fieldErrors).toHaveProperty('customs');
    expect(await shipmentCount()).toBe(before);
    await ledgerOk();
  });

  it('remembers a column mapping for the next file with the same headers', async () => {
    const csv =
      'Destinataire;Rue;Ville;Prov;CP;Tél;Poids\nÉlise Côté;5 Rue Racine;Québec;QC;G1R 4P5;418-555-0100;1,5\n';
    const first = (await inject('POST', '/api/bulk-imports', { filename: 'a.csv', csv })).json();
    expect(first.format).toBe('mapped');
    expect(first.mapping).toMatchObject({ firstName: 'Destinataire', address1: 'Rue', postalCode: 'CP' });
    const chosen = {
      firstName: 'Destinataire',
      address1: 'Rue',
      city: 'Ville',
      province: 'Prov',
      postalCode: 'CP',
      phone: 'Tél',
    };
    const second = await inject('POST', '/api/bulk-imports', { filename: 'b.csv', csv, mapping: chosen });
    expect(second.json().mapping).toEqual(chosen);
    const third = (await inject('POST', '/api/bulk-imports', { filename: 'c.csv', csv })).json();
    expect(third.mapping).toEqual(chosen);
    expect(third.items[0].data.weight).toBe('');
  });
});
