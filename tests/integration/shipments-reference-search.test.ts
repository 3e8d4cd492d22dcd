/**
 * The shop's own order number (a bulk import row's reference) finds its shipment in the shipments
 * search (migration 0026), as the order code and tracking number do; only the user's own shipments.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund } from './helpers/orders';
import { insertShipment } from './helpers/shipment-fixtures';
import { backgroundIdle } from '../../src/server/lib/background';
import { parseCents } from '../../src/shared/money';
import { backfillSql } from '../../src/server/db/migrations/0026_search_shop_reference';
import type { TBulkImportDetail } from '../../src/shared/contracts/bulk-imports';
import type { TShipmentList } from '../../src/shared/contracts/shipments';

const HEADER =
  'reference,first_name,last_name,company,address1,address2,city,province,postal_code,country,phone,email,weight_kg,length_cm,width_cm,height_cm,description';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe(`shipments search by the shop's order number (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  let user: User;
  let bought: { reference: string; shipmentId: string }[] = [];

  const found = async (who: User, search: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipments?search=${encodeURIComponent(search)}&limit=100`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TShipmentList).data.map((s) => s.id).sort();
  };

  /**
   * A fragment of digits finds the shipment expected and also, as a user would expect, any other whose
   * (random sandbox) tracking number or order code holds those digits; never one that shows none.
   */
  const expectFoundByDigits = async (who: User, digits: string, expected: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipments?search=${digits}&limit=100`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as TShipmentList).data;
    expect(rows.map((s) => s.id)).toContain(expected);
    for (const s of rows.filter((r) => r.id !== expected))
      expect(`${s.trackingNumber ?? ''} ${s.orderCode}`).toContain(digits);
  };

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

  it('finds a shipment bought by a bulk import by its row reference, whole or in part, in any case', async () => {
    const csv = [
      HEADER,
      '#1001,Client,One,,1 Main St,,Vancouver,BC,V6Z 2E7,CA,604-555-0199,,1.5,30,20,10,Books',
      'SO-5521  B,Client,Two,,2 Main St,,Calgary,AB,T2P 1J9,CA,604-555-0199,,1.5,30,20,10,Books',
    ].join('\r\n');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-imports',
      headers: user.headers,
      payload: { filename: 'shop.csv', csv },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as TBulkImportDetail).id;
    const quoted = await ctx.app.inject({
      method: 'POST',
      url: `/api/bulk-imports/${id}/quote`,
      headers: user.headers,
      payload: { parcel: { weight: 0.8, length: 25, width: 18, height: 8 }, rule: 'cheapest' },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    await fund(ctx, admin.headers, user.id, ((parseCents(quoted.json().total)! + 1000) / 100).toFixed(2));
    const purchase = await ctx.app.inject({
      method: 'POST',
      url: `/api/bulk-imports/${id}/purchase`,
      headers: { ...user.headers, 'idempotency-key': `ref-${id}` },
    });
    expect(purchase.statusCode, purchase.body).toBe(202);
    await backgroundIdle();
    const done = (
      await ctx.app.inject({ method: 'GET', url: `/api/bulk-imports/${id}`, headers: user.headers })
    ).json() as TBulkImportDetail;
    expect(done.items.map((i) => i.status)).toEqual(['bought', 'bought']);
    bought = done.items.map((i, n) => ({ reference: ['#1001', 'SO-5521  B'][n]!, shipmentId: i.shipmentId! }));
    const [one, two] = bought.map((b) => b.shipmentId) as [string, string];
    // A label of the user's own, not from the file, is never found by the shop's numbers.
    await insertShipment(ctx.database.db, user.id, { orderCode: 'VY-OWN1001' });

    expect(await found(user, '#1001')).toEqual([one]);
    expect(await found(user, 'so-5521 b')).toEqual([two]);
    expect(await found(user, 'SO-5521')).toEqual([two]);
    await expectFoundByDigits(user, '5521', two);
    expect(await found(user, '#1002')).toEqual([]);
    // Another user's search never finds them.
    expect(await found(admin, '#1001')).toEqual([]);
    expect(await found(admin, 'so-5521')).toEqual([]);
  });

  it('keeps the reference when the search text is written again (as the label purchase writes it)', async () => {
    const one = bought[0]!.shipmentId;
    await ctx.database.db.execute(sql`update shipments set search_text = 'vy-rewritten bob' where id = ${one}`);
    expect(await found(user, '#1001')).toEqual([one]);
    expect(await found(user, 'rewritten')).toEqual([one]);
  });

  it('migration 0026 backfills shipments bought from a file before it', async () => {
    const shipment = await insertShipment(ctx.database.db, user.id, { orderCode: 'VY-BEFORE26' });
    const batchId = randomUUID();
    // Written as before migration 0026: its triggers stand aside during a restore.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('voyageur.restoring', 'on', true)`);
      await tx.execute(sql`
        insert into bulk_imports (id, user_id, filename, format, headers, mapping, status)
        values (${batchId}, ${user.id}, 'old.csv', 'voyageur', '[]'::jsonb, '{}'::jsonb, 'completed')`);
      await tx.execute(sql`
        insert into bulk_import_rows (import_id, n, data, source, status, shipment_id)
        values (${batchId}, 1, ${JSON.stringify({ reference: 'Etsy 77-2041' })}::jsonb, '{}'::jsonb, 'bought', ${shipment.id})`);
    });
    expect(await found(user, 'etsy 77-2041')).toEqual([]);
    await ctx.database.db.execute(sql.raw(backfillSql));
    expect(await found(user, 'etsy 77-2041')).toEqual([shipment.id]);
    expect(await found(user, 'etsy')).toEqual([shipment.id]);
    await expectFoundByDigits(user, '2041', shipment.id);
  });
});
