/**
 * Issue 22: phone numbers are stored in one form — digits, the extension after an 'x', '+' and the
 * country code for numbers abroad — whichever way they were typed; the API answers that form and
 * the screens and labels show it formatted (shared/phone.ts). Migration 0013 brings older rows to it.
 */
import { inflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody } from './helpers/orders';
import { migrateInTransaction, rowsOf } from '../../src/server/db/client';
import { databaseBefore } from './helpers/migrations';
import { ZAddress, ZAddressList } from '../../src/shared/contracts/addresses';
import { ZShipmentDetail } from '../../src/shared/contracts/shipments';
import { formatPhone, normalizePhone } from '../../src/shared/phone';

const ADDRESS = {
  name: 'Marie Tremblay',
  address1: '123 Rue Saint-Denis',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H2X 1Y4',
  phone: '(416) 555 0100',
};

/** The label PDF's page content (one deflated stream), as text. */
function labelContent(base64: string): string {
  const raw = Buffer.from(base64, 'base64').toString('latin1');
  const start = raw.indexOf('stream\n') + 'stream\n'.length;
  const end = raw.indexOf('\nendstream');
  return inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
}

describe(`phone numbers (${testDbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('an address saved with "(416) 555 0100" is stored and answered as digits; shown as 416-555-0100', async () => {
    const u = await createSignedInUser(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: u.headers,
      payload: ADDRESS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const address = ZAddress.parse(created.json());
    expect(address.phone).toBe('4165550100');
    const stored = rowsOf<{ phone: string }>(
      await ctx.database.db.execute(sql`select phone from addresses where id = ${address.id}`),
    );
    expect(stored).toEqual([{ phone: '4165550100' }]);

    const listed = ZAddressList.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers: u.headers })).json(),
    );
    expect(listed.map((a) => a.phone)).toEqual(['4165550100']);
    expect(formatPhone(listed[0]!.phone)).toBe('416-555-0100');

    // An extension apart; a number abroad keeps '+' and its country code.
    const update = async (phone: string) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/addresses/${address.id}`,
        headers: u.headers,
        payload: { ...ADDRESS, phone },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZAddress.parse(res.json()).phone;
    };
    expect(await update('+1 (416) 555-0100 ext. 12')).toBe('4165550100x12');
    expect(await update('+44 20 7946 0958')).toBe('+442079460958');
    expect(await update('416.555.0100')).toBe('4165550100');
  });

  it('refuses a number it cannot read with a 400 naming the field', async () => {
    const u = await createSignedInUser(ctx);
    for (const phone of ['call me', '555-01', '416-555-0100 ext.', '416+555-0100']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: u.headers,
        payload: { ...ADDRESS, phone },
      });
      expect(res.statusCode, phone).toBe(400);
      expect(Object.keys(res.json().fieldErrors), phone).toEqual(['phone']);
    }
    const quoted = await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: u.headers,
      payload: quoteBody(FROM, { ...TO, phone: 'call me' }) as object,
    });
    expect(quoted.statusCode).toBe(400);
    expect(Object.keys(quoted.json().fieldErrors)).toEqual(['toAddress.phoneNumber']);
  });

  it("a shipment keeps both ends' phones in the stored form; its label prints them formatted", async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const from = { ...FROM, phone: '+1 (416) 555-0100 ext. 12' };
    const to = { ...TO, phone: '1 604 555 0199' };
    const [option] = await quote(ctx, u.headers, quoteBody(from, to));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody(option!, from, to) as object,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, orderCode } = res.json() as { id: string; orderCode: string };

    const detail = ZShipmentDetail.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: u.headers })).json(),
    );
    expect(detail.fromAddress.phone).toBe('4165550100x12');
    expect(detail.toAddress.phone).toBe('6045550199');

    const label = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/print-label/${orderCode}`,
      headers: u.headers,
    });
    expect(label.statusCode, label.body).toBe(200);
    const content = labelContent(label.json().base64);
    expect(content).toContain('416-555-0100 ext. 12');
    expect(content).toContain('604-555-0199');
  });

  it('migration 0013 brings the phones of older rows to the stored form, as normalizePhone does', async () => {
    // Every value the old rule accepted, and two it would not read now (left as they were).
    const samples = [
      '(514) 555-0101',
      '+1 212 555 0100',
      '1-604-555-0123',
      '604.555.0123',
      '555 0100',
      '+44 20 7946 0958',
      '0044 20 7946 0958',
      '011 33 6 12 34 56 78',
      '(+86) 138 1234 5678',
      '12345678',
      '+1 055 555 0100',
      '1-055-555-0100',
      '4165550100',
      '416+555-0100',
      '1'.repeat(20),
    ];
    const database = await databaseBefore('0013_phones');
    try {
      const userId = randomUUID();
      await database.raw(async (tx) => {
        await tx.query(
          `insert into users (id, email, first_name, last_name) values ($1, 'old@example.com', 'Old', 'Row')`,
          [userId],
        );
        for (const [i, phone] of samples.entries()) {
          await tx.query(
            `insert into addresses (id, user_id, name, address1, city, province, postal_code, phone)
             values ($1, $2, 'Old Row', '1 Main St', 'Toronto', 'ON', 'M5V 3L9', $3)`,
            [randomUUID(), userId, phone],
          );
          const party = JSON.stringify({ firstName: 'Old', city: 'Toronto', phone });
          await tx.query(
            `insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code,
               carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
               search_text, ship_date, transit_days)
             values ($1, $2, 'delivered', 'CA-CP', 'DOM.EP', 'Expedited Parcel', $3, 1000, 1000, 0, 1000,
               $4::jsonb, $4::jsonb, '{}'::jsonb, '', '2025-01-02', 2)`,
            [randomUUID(), userId, `VY-OLDROW${String(i).padStart(2, '0')}`, party],
          );
        }
      });
      await database.raw((tx) => migrateInTransaction(tx));

      const expected = samples.map((p) => normalizePhone(p) ?? p);
      expect(expected.slice(0, 3)).toEqual(['5145550101', '2125550100', '6045550123']);
      const phones = rowsOf<{ phone: string }>(
        await database.db.execute(sql`select phone from addresses order by created_at, phone`),
      ).map((r) => r.phone);
      expect(phones.sort()).toEqual([...expected].sort());
      const ends = rowsOf<{ from_phone: string; to_phone: string; order_code: string }>(
        await database.db.execute(
          sql`select from_address->>'phone' as from_phone, to_address->>'phone' as to_phone, order_code from shipments order by order_code`,
        ),
      );
      expect(ends.map((r) => r.from_phone)).toEqual(expected);
      expect(ends.map((r) => r.to_phone)).toEqual(expected);
      // The other fields of the stored party are kept.
      const party = rowsOf<{ to_address: { firstName: string; city: string } }>(
        await database.db.execute(sql`select to_address from shipments limit 1`),
      )[0]!.to_address;
      expect(party).toMatchObject({ firstName: 'Old', city: 'Toronto' });
    } finally {
      await database.close();
    }
  });
});
