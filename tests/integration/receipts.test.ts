import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, TO, fund, orderBody, quote, quoteBody, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { applyEntry, verifyLedger } from '../../src/server/modules/wallet/ledger';
import { rowsOf } from '../../src/server/db/client';
import { parseCents } from '../../src/shared/money';
import { backgroundIdle } from '../../src/server/lib/background';

type Headers = Record<string, string>;
const c2 = (cents: number) => (cents / 100).toFixed(2);
type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** The text of a PDF as pdftotext (poppler) reads it. */
function pdfText(body: Buffer): string {
  const file = path.join(os.tmpdir(), `voyageur-receipt-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, body);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const ON = { ...FROM };
const QC_FROM = { ...FROM, city: 'Montreal', province: 'QC', postalCode: 'H2X 1Y4', address: '123 Rue Saint-Denis' };
const QC_TO = { ...TO, city: 'Quebec', province: 'QC', postalCode: 'G1R 4P5', address: '1 Rue des Jardins' };
const ON_TO = { ...TO, city: 'Ottawa', province: 'ON', postalCode: 'K1P 1J1', address: '100 Wellington St' };
const NS_TO = { ...TO, city: 'Halifax', province: 'NS', postalCode: 'B3H 1A1', address: '1 Spring Garden Rd' };
const SEATTLE = { ...TO, city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US', address: '400 Pine St' };
const DDP_CUSTOMS = {
  contentsType: 'merchandise',
  currency: 'CAD',
  incoterm: 'DDP',
  nonDelivery: 'return',
  items: [
    {
      description: 'Cotton T-shirt',
      hsCode: '6109.10.0012',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 25,
      weightKg: 0.3,
    },
  ],
};

describe(`receipts, credit notes, statements and the tax report (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  let u: User;
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });
  const scripted = scriptedCarrier(canadaPost!);
  const ids: Record<string, string> = {};
  const totals: Record<string, { total: number; gst: number; hst: number; qst: number; price: number }> = {};

  async function placeOrder(headers: Headers, from: typeof FROM, to: typeof TO) {
    const [opt] = await quote(ctx, headers, quoteBody(from, to));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers,
      payload: orderBody(opt!, from, to),
    });
    // The receipt's number is given after the answer (decision 062): each order's, before the next order.
    await backgroundIdle();
    return res;
  }

  const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        BUSINESS_NAME: 'Voyageur Shipping Inc.',
        BUSINESS_ADDRESS: '100 King St W, Suite 500|Toronto ON M5X 1A9',
        GST_HST_NUMBER: '123456789rt0001',
        QST_NUMBER: '1234567890 TQ0001',
      },
      providers: { carriers: [scripted.carrier] },
    });
    admin = await createSignedInUser(ctx, { role: 'admin' });
    u = await createSignedInUser(ctx);
    const billing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/billing/address',
      headers: u.headers,
      payload: {
        name: 'Marie Tremblay',
        company: 'Boulangerie du Coin',
        address1: '123 Rue Saint-Denis',
        address2: 'App. 4',
        city: 'Montréal',
        province: 'QC',
        postalCode: 'H2X 1Y4',
        country: 'CA',
      },
    });
    expect(billing.statusCode, billing.body).toBe(200);
    await fund(ctx, admin.headers, u.id, '400.00');
    // A card top-up as the payments module credits one (the trigger issues its prepayment receipt).
    const topup = await applyEntry(
      ctx.database.db,
      u.id,
      { type: 'topup', direction: 'credit', amountCents: 5000, description: 'Top-up by card', reference: 'pi_test' },
      ctx.clock.now(),
    );
    ids.topup = topup!.transactionId;
    for (const [name, from, to] of [
      ['bc', ON, TO],
      ['on', ON, ON_TO],
      ['qc', QC_FROM, QC_TO],
      ['ns', ON, NS_TO],
    ] as const) {
      const res = await placeOrder(u.headers, from, to);
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().id;
      const [row] = rowsOf<Record<string, string | number>>(
        await ctx.database.db.execute(
          sql`select total_cents, gst_cents, hst_cents, qst_cents, price_cents from shipments where id = ${ids[name]}`,
        ),
      );
      totals[name] = {
        total: Number(row!.total_cents),
        gst: Number(row!.gst_cents),
        hst: Number(row!.hst_cents),
        qst: Number(row!.qst_cents),
        price: Number(row!.price_cents),
      };
    }
    // A refused order: refunded, no receipt, no number used.
    scripted.state.mode = 'refuse';
    const refused = await placeOrder(u.headers, ON, TO);
    expect(refused.statusCode).toBe(502);
    ids.failed = refused.json().shipmentId;
    scripted.state.mode = 'ok';
    const again = await placeOrder(u.headers, ON, TO);
    expect(again.statusCode).toBe(201);
    ids.after = again.json().id;
    // The Ontario order is voided: a credit note.
    const voiding = await ctx.app.inject({ method: 'POST', url: `/api/shipments/${ids.on}/void`, headers: u.headers });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const [voided] = rowsOf<{ status: string }>(
      await ctx.database.db.execute(sql`select status from shipments where id = ${ids.on}`),
    );
    expect(voided!.status).toBe('cancelled');
  });
  afterAll(async () => ctx.close());

  it('numbers receipts without gaps, in order, and none for a failed order', async () => {
    const docs = rowsOf<{ number: string; kind: string; shipment_id: string | null }>(
      await ctx.database.db.execute(sql`select number, kind, shipment_id from tax_documents order by kind, seq`),
    );
    const receipts = docs.filter((d) => d.kind === 'receipt');
    expect(receipts.map((d) => d.number)).toEqual(['R-000001', 'R-000002', 'R-000003', 'R-000004', 'R-000005']);
    expect(receipts.map((d) => d.shipment_id)).toEqual([ids.bc, ids.on, ids.qc, ids.ns, ids.after]);
    expect(docs.filter((d) => d.kind === 'credit_note').map((d) => d.number)).toEqual(['CN-000001']);
    expect(docs.filter((d) => d.kind === 'topup_receipt').map((d) => d.number)).toEqual(['P-000001']);
    const failed = await get(`/api/shipments/${ids.failed}/receipt`, u.headers);
    expect(failed.statusCode).toBe(404);
  });

  it('draws a receipt with the CRA fields, each tax with its rate and province', async () => {
    const res = await get(`/api/shipments/${ids.qc}/receipt`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('receipt-R-000003.pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'RECEIPT',
      'R-000003',
      'Voyageur Shipping Inc.',
      '100 King St W, Suite 500',
      'GST/HST registration No. 123456789 RT0001',
      'QST registration No. 1234567890 TQ0001',
      'Marie Tremblay',
      'Boulangerie du Coin',
      '123 Rue Saint-Denis',
      'From Montreal, QC',
      'to Quebec, QC',
      'GST (QC)',
      '5%',
      'QST (QC)',
      '9.975%',
      'Paid in full from the Voyageur prepaid wallet',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Not a tax invoice');
    const t = totals.qc!;
    expect(text).toContain((t.gst / 100).toFixed(2));
    expect(text).toContain((t.qst / 100).toFixed(2));
    expect(text).toContain((t.total / 100).toFixed(2));

    const on = pdfText((await get(`/api/shipments/${ids.ns}/receipt`, u.headers)).rawPayload);
    expect(on).toContain('HST (NS)');
    expect(on).toMatch(/1[45]%/);
    expect(on).not.toContain('QST (QC)');
  });

  it('issues a credit note on void that refers to the receipt', async () => {
    const res = await get(`/api/shipments/${ids.on}/credit-note`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN-000001');
    expect(text).toMatch(/Refers to receipt\s+R-000002 of 2026-03-02/);
    expect(text).toContain('HST (ON)');
    expect(text).toContain('13%');
    expect(text).toContain(`-${(totals.on!.hst / 100).toFixed(2)}`);
    expect((await get(`/api/shipments/${ids.bc}/credit-note`, u.headers)).statusCode).toBe(404);
  });

  it('gives a top-up a prepayment receipt that charges no tax', async () => {
    const res = await get(`/api/transactions/${ids.topup}/receipt`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('P-000001');
    expect(text).toContain('Prepayment - not a taxable supply');
    expect(text).toContain('50.00');
    expect(text).toContain('no GST/HST or QST is charged');
  });

  it('answers 404 for another user and 400 naming the field for a bad id or month', async () => {
    const other = await createSignedInUser(ctx);
    expect((await get(`/api/shipments/${ids.bc}/receipt`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/transactions/${ids.topup}/receipt`, other.headers)).statusCode).toBe(404);
    const bad = await get('/api/shipments/nope/receipt', u.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('id');
    const month = await get('/api/statements/2026-13', u.headers);
    expect(month.statusCode).toBe(400);
    expect(month.json().fieldErrors).toHaveProperty('month');
    const future = await get('/api/statements/2026-04', u.headers);
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toHaveProperty('month');
    const format = await get('/api/statements/2026-03?format=xls', u.headers);
    expect(format.statusCode).toBe(400);
    expect(format.json().fieldErrors).toHaveProperty('format');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/statements/2026-03' })).statusCode).toBe(401);
  });

  it('writes a monthly statement whose totals equal the ledger to the cent', async () => {
    const res = await get('/api/statements/2026-03', u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]).toBe(
      'Date,Type,Status,Description,Reference,Receipt number,Pre-tax,GST,HST,QST,Debit,Credit,Balance',
    );
    const cells = Papa.parse<string[]>(body.trim()).data;
    const closing = cells.at(-1)!;
    expect(closing[1]).toBe('closing_balance');
    const entries = cells.slice(2, -1);
    const col = (i: number) => entries.reduce((s, c) => s + (c[i] ? parseCents(c[i]!)! : 0), 0);
    const [ledger] = rowsOf<{ credits: string; debits: string }>(
      await ctx.database.db.execute(sql`
        select coalesce(sum(amount_cents) filter (where direction = 'credit'), 0) as credits,
               coalesce(sum(amount_cents) filter (where direction = 'debit'), 0) as debits
        from wallet_transactions where user_id = ${u.id} and status = 'completed'`),
    );
    expect(col(10)).toBe(Number(ledger!.debits));
    expect(col(11)).toBe(Number(ledger!.credits));
    expect(parseCents(closing[10]!)).toBe(Number(ledger!.debits));
    expect(parseCents(closing[11]!)).toBe(Number(ledger!.credits));
    expect(cells[1]![12]).toBe('0.00');
    const balance = (await get('/api/wallet', u.headers)).json().balance;
    expect(closing[12]).toBe(balance);
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
    // Receipt numbers and the tax split ride on the entries.
    const charge = entries.find((c) => c[5] === 'R-000003')!;
    expect(charge[1]).toBe('shipping_charge');
    expect(parseCents(charge[7]!)).toBe(totals.qc!.gst);
    expect(parseCents(charge[9]!)).toBe(totals.qc!.qst);
    expect(parseCents(charge[6]!)).toBe(totals.qc!.price);
    expect(entries.find((c) => c[5] === 'CN-000001')![1]).toBe('refund');
    expect(entries.find((c) => c[5] === 'P-000001')![1]).toBe('topup');

    // The wallet's history carries the same numbers and split (its CSV adds them as columns).
    const history = (await get('/api/transactions', u.headers)).json() as {
      receiptNumber?: string | null;
      tax?: { preTax: string; gst: string; qst: string } | null;
    }[];
    const qcEntry = history.find((h) => h.receiptNumber === 'R-000003')!;
    expect(qcEntry.tax).toMatchObject({
      preTax: c2(totals.qc!.price),
      gst: c2(totals.qc!.gst),
      qst: c2(totals.qc!.qst),
    });
    expect(history.find((h) => h.receiptNumber === 'P-000001')!.tax).toBeNull();
    const paged = (await get('/api/transactions?page=1&limit=50', u.headers)).json();
    expect(paged.data.some((h: { receiptNumber?: string }) => h.receiptNumber === 'CN-000001')).toBe(true);

    const pdf = await get('/api/statements/2026-03?format=pdf', u.headers);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Opening balance');
    expect(text).toContain('Closing balance');
    expect(text).toContain('R-000001');
    expect(text).toContain(balance);
  });

  it('sums GST, HST by province, QST, refunds and net for the operator', async () => {
    expect((await get('/api/admin/tax-report?from=2026-03-01&to=2026-03-31', u.headers)).statusCode).toBe(403);
    const res = await get('/api/admin/tax-report?from=2026-03-01&to=2026-03-31&format=json', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const c = (n: number) => (n / 100).toFixed(2);
    const t = totals;
    expect(r.receipts).toBe(5);
    expect(r.creditNotes).toBe(1);
    expect(r.gst.collected).toBe(c(t.bc!.gst * 2 + t.qc!.gst));
    expect(r.qst).toEqual({ collected: c(t.qc!.qst), refunded: '0.00', net: c(t.qc!.qst) });
    expect(r.hst).toEqual([
      { province: 'NS', collected: c(t.ns!.hst), refunded: '0.00', net: c(t.ns!.hst) },
      { province: 'ON', collected: c(t.on!.hst), refunded: c(t.on!.hst), net: '0.00' },
    ]);
    expect(r.zeroRated.count).toBe(0);
    const csv = await get('/api/admin/tax-report?from=2026-03-01&to=2026-03-31', admin.headers);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`HST,ON,${c(t.on!.hst)},${c(t.on!.hst)},0.00`);
    const empty = await get('/api/admin/tax-report?from=2026-02-01&to=2026-02-28&format=json', admin.headers);
    expect(empty.json().receipts).toBe(0);
    const bad = await get('/api/admin/tax-report?from=2026-03-31&to=2026-03-01', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('to');
    const op = await get('/api/admin/operator', admin.headers);
    expect(op.json()).toEqual({
      name: 'Voyageur Shipping Inc.',
      address: ['100 King St W, Suite 500', 'Toronto ON M5X 1A9'],
      gstHstNumber: '123456789 RT0001',
      qstNumber: '1234567890 TQ0001',
      taxInvoice: true,
    });
  });

  const taxReport = async () =>
    (await get('/api/admin/tax-report?from=2026-03-01&to=2026-03-31&format=json', admin.headers)).json();
  const lastNumbers = async () =>
    rowsOf<{ series: string; last_number: string }>(
      await ctx.database.db.execute(sql`select series, last_number from tax_document_counters order by series`),
    );

  it('gives a test-mode order (test API key) no number, no receipt or credit note, nothing in the tax report', async () => {
    const reportBefore = await taxReport();
    const numbersBefore = await lastNumbers();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: u.headers,
      payload: { name: 'Test key', mode: 'test' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().key}` };
    const rates = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/rates',
      headers: bearer,
      payload: quoteBody(ON, ON_TO),
    });
    expect(rates.statusCode, rates.body).toBe(200);
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shipments',
      headers: bearer,
      payload: orderBody(rates.json()[0], ON, ON_TO),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const id = bought.json().id as string;
    // The web learns it is a test order (and offers no receipt button).
    expect((await get(`/api/shipments/${id}`, u.headers)).json().test).toBe(true);
    const receipt = await get(`/api/shipments/${id}/receipt`, u.headers);
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json().message).toMatch(/test-mode order/);
    const voided = await ctx.app.inject({ method: 'POST', url: `/api/v1/shipments/${id}/void`, headers: bearer });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await get(`/api/shipments/${id}/credit-note`, u.headers)).statusCode).toBe(404);
    const docs = rowsOf(await ctx.database.db.execute(sql`select id from tax_documents where shipment_id = ${id}`));
    expect(docs).toEqual([]);
    expect(await lastNumbers()).toEqual(numbersBefore);
    expect(await taxReport()).toEqual(reportBefore);
  });

  it('shows the duties of a DDP export on their own line of the receipt and credit note, inside the total paid', async () => {
    const [option] = await quote(ctx, u.headers, { ...quoteBody(ON, SEATTLE), customs: DDP_CUSTOMS } as never);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: { ...orderBody(option!, ON, SEATTLE), customs: DDP_CUSTOMS },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const [row] = rowsOf<{ duties_cents: string; total_cents: string }>(
      await ctx.database.db.execute(sql`select duties_cents, total_cents from shipments where id = ${id}`),
    );
    const duties = Number(row!.duties_cents);
    const total = Number(row!.total_cents);
    expect(duties).toBeGreaterThan(0);
    const line = (text: string) => text.split('\n').find((l) => l.includes('Duties and taxes at destination'));
    const receipt = pdfText((await get(`/api/shipments/${id}/receipt`, u.headers)).rawPayload);
    expect(line(receipt)).toMatch(new RegExp(`\\(estimate, DDP\\)\\s+${c2(duties)}$`));
    expect(receipt).toMatch(new RegExp(`Total \\(CAD\\)\\s+${c2(total + duties)}`));
    expect(receipt).toContain('GST/HST: zero-rated export');
    const voiding = await ctx.app.inject({ method: 'POST', url: `/api/shipments/${id}/void`, headers: u.headers });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const credit = pdfText((await get(`/api/shipments/${id}/credit-note`, u.headers)).rawPayload);
    expect(line(credit)).toMatch(new RegExp(`-${c2(duties)}$`));
    expect(credit).toMatch(new RegExp(`Total \\(CAD\\)\\s+-${c2(total + duties)}`));
    // The statement: the duties are their own entries (charge and refund), under the order's documents,
    // with no tax split of their own (they are not a taxable supply).
    const csv = Papa.parse<string[]>(
      (await get('/api/statements/2026-03', u.headers)).body.replace(/^\uFEFF/, '').trim(),
    ).data;
    const dutyRows = csv.filter((c) => /^(Duties and fees paid at origin|Refund: duties for)/.test(c[3] ?? ''));
    expect(dutyRows.map((c) => [c[1], c[6], c[7], c[8], c[9]])).toEqual([
      ['shipping_charge', '', '', '', ''],
      ['refund', '', '', '', ''],
    ]);
    expect(dutyRows.map((c) => parseCents(c[10] || c[11]!))).toEqual([duties, duties]);
  });
});
