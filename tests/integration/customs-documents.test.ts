import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, FROM, orderBody, PARCEL, quoteBody, TO } from './helpers/orders';
import { ZQuoteResponse } from '../../src/shared/contracts/rates';

/** Issue 25 (decision 036): the label PDF of a shipment leaving Canada carries its customs form after the label. */

type User = Awaited<ReturnType<typeof createSignedInUser>>;

function tmpPdf(body: Buffer): string {
  const file = path.join(os.tmpdir(), `voyageur-customs-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, body);
  return file;
}

/** The PDF as a reader sees it: its text (pages split by \f) and each page's size in points. */
function readPdf(body: Buffer): { pages: string[]; sizes: string[] } {
  const file = tmpPdf(body);
  try {
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => `${m[1]}x${m[2]}`);
    // pdftotext ends every page with a form feed: the last piece is empty.
    return { pages: text.split('\f').slice(0, -1), sizes };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const LABEL = '288x432';
const LETTER = '612x792';

const SEATTLE = {
  firstName: 'Sam',
  lastName: 'Buyer',
  company: '',
  address: '400 Pine St',
  city: 'Seattle',
  province: 'WA',
  postalCode: '98101',
  country: 'US',
  phone: '206-555-0100',
  email: 'sam@example.com',
};

const CUSTOMS = {
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
    {
      description: 'Maple syrup candy',
      hsCode: '1704900000',
      originCountry: 'CA',
      quantity: 1,
      unitValue: 10,
      weightKg: 0.5,
      cusmaQualifying: true,
    },
  ],
};

describe(`customs documents after the label (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: User;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        BUSINESS_NAME: 'Voyageur Shipping Inc.',
        BUSINESS_ADDRESS: '100 King St W, Suite 500|Toronto ON M5X 1A9',
        GST_HST_NUMBER: '123456789rt0001',
      },
    });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '2000.00');
  });
  afterAll(async () => ctx.close());

  /** Quotes, orders the service and answers the order (its tracking number) once its label exists. */
  async function order(serviceCode: string, to: typeof SEATTLE | typeof TO, customs?: object) {
    const body = { ...quoteBody(FROM, to, PARCEL), ...(customs ? { customs } : {}) };
    const q = await ctx.app.inject({ method: 'POST', url: '/api/rates/quote', headers: user.headers, payload: body });
    expect(q.statusCode, q.body).toBe(200);
    const option = ZQuoteResponse.parse(q.json()).find((r) => r.serviceCode === serviceCode);
    expect(option, `${serviceCode} quoted`).toBeDefined();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: user.headers,
      payload: { ...orderBody(option!, FROM, to, PARCEL), ...(customs ? { customs } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; trackingNumber: string; orderCode: string };
  }

  async function label(ref: string, query = ''): Promise<{ body: Buffer; mimeType: string }> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/print-label/${ref}${query}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    return { body: Buffer.from(json.base64, 'base64'), mimeType: json.mimeType };
  }

  it('a UPS order to the US (DDP): the 4×6 label, then three letter-size commercial invoices', async () => {
    const shipment = await order('UPS.11.US', SEATTLE, CUSTOMS);
    const first = await label(shipment.trackingNumber);
    expect(first.mimeType).toBe('application/pdf');
    const { pages, sizes } = readPdf(first.body);
    expect(sizes).toEqual([LABEL, LETTER, LETTER, LETTER]);
    expect(pages[0]).toContain(shipment.trackingNumber);
    expect(pages[0]).not.toContain('COMMERCIAL INVOICE');
    const all = pages.join('\f');
    expect(all.match(/COMMERCIAL INVOICE/g)).toHaveLength(3);
    for (const [n, page] of pages.slice(1).entries()) {
      expect(page).toContain(`Copy ${n + 1} of 3`);
      expect(page).toContain('Exporter (shipper)');
      expect(page).toContain('Ana Sender');
      expect(page).toContain('Business Number (BN) 123456789 - Voyageur Shipping Inc.');
      expect(page).toContain('Importer (consignee, ship to)');
      expect(page).toContain('Sam Buyer');
      expect(page).toMatch(/Cotton T-shirt\s+6109\.10\.00\.12\s+CA\s+2\s+25\.00\s+50\.00\s+0\.600/);
      expect(page).toMatch(/Maple syrup candy \*\s+1704\.90\.00\.00\s+CA\s+1\s+10\.00\s+10\.00\s+0\.500/);
      expect(page).toMatch(/Total\s+3\s+60\.00\s+1\.100/);
      expect(page).toMatch(/Incoterm\s+DDP/);
      expect(page).toContain('DDP - Delivered Duty Paid');
      expect(page).toMatch(/Reason for export\s+Sale/);
      expect(page).toMatch(/Contents\s+Merchandise/);
      expect(page).toMatch(new RegExp(`Tracking no\\.\\s+${shipment.trackingNumber}`));
      expect(page).toMatch(new RegExp(`Invoice no\\.\\s+${shipment.orderCode}`));
      expect(page).toContain('CUSMA / USMCA / T-MEC certification of origin');
      expect(page).toContain('Signature of exporter: Ana Sender');
    }

    // A re-download prints the same pages, byte for byte.
    const again = await label(shipment.orderCode);
    expect(again.body.equals(first.body)).toBe(true);

    // ZPL is the label alone: customs forms are paper.
    const zpl = await label(shipment.orderCode, '?format=zpl');
    expect(zpl.mimeType).toBe('application/zpl');
    const zplText = zpl.body.toString('utf8');
    expect(zplText.match(/\^XA/g)).toHaveLength(1);
    expect(zplText).not.toContain('COMMERCIAL INVOICE');
  });

  it('a DHL Express order to the US carries the commercial invoice too', async () => {
    const shipment = await order('DHL.P', SEATTLE, CUSTOMS);
    const { pages, sizes } = readPdf((await label(shipment.trackingNumber)).body);
    expect(sizes).toEqual([LABEL, LETTER, LETTER, LETTER]);
    expect(pages.join('\f').match(/COMMERCIAL INVOICE/g)).toHaveLength(3);
    expect(pages[1]).toContain('DHL');
  });

  it('a Canada Post USA order worth 60 CAD: a CN 22 on a second 4×6 page', async () => {
    const shipment = await order('USA.TP', SEATTLE, CUSTOMS);
    const { pages, sizes } = readPdf((await label(shipment.trackingNumber)).body);
    expect(sizes).toEqual([LABEL, LABEL]);
    const cn22 = pages[1]!;
    expect(cn22).toMatch(/CUSTOMS DECLARATION\s+CN 22/);
    expect(cn22).toContain('Canada Post');
    expect(cn22).toMatch(/2 x Cotton T-shirt\s+6109\.10\.00\.12\s+CA\s+0\.600\s+50\.00/);
    expect(cn22).toMatch(/1 x Maple syrup candy \*\s+1704\.90\.00\.00\s+CA\s+0\.500\s+10\.00/);
    expect(cn22).toContain('Total value: 60.00 CAD');
    expect(cn22).toContain('Total gross weight: 2.000 kg');
    expect(cn22).toContain('If undeliverable: Return to sender');
    expect(cn22).toMatch(/X\s+Sale of goods/);
    expect(cn22).toContain(shipment.trackingNumber);
    expect(cn22).toContain("Sender's signature: Ana Sender");
    expect(pages.join('\f')).not.toContain('COMMERCIAL INVOICE');
  });

  it('a Canada Post USA order worth more than 400 CAD: a CN 23 on letter', async () => {
    const dear = { ...CUSTOMS, nonDelivery: 'abandon', items: [{ ...CUSTOMS.items[0]!, unitValue: 250 }] };
    const shipment = await order('USA.EP', SEATTLE, dear);
    const { pages, sizes } = readPdf((await label(shipment.orderCode)).body);
    expect(sizes).toEqual([LABEL, LETTER]);
    const cn23 = pages[1]!;
    expect(cn23).toContain('CUSTOMS DECLARATION CN 23');
    expect(cn23).toContain('[X] Sale of goods');
    expect(cn23).toMatch(/Cotton T-shirt\s+6109\.10\.00\.12\s+CA\s+2\s+250\.00\s+500\.00\s+0\.600/);
    expect(cn23).toContain('Total value 500.00 CAD');
    expect(cn23).toContain('If undeliverable: Treat as abandoned');
    expect(cn23).toContain(shipment.trackingNumber);
  });

  it('a domestic label has no customs page', async () => {
    const shipment = await order('DOM.EP', TO);
    const { pages, sizes } = readPdf((await label(shipment.trackingNumber)).body);
    expect(sizes).toEqual([LABEL]);
    expect(pages[0]).not.toMatch(/CN 2[23]|COMMERCIAL INVOICE/);
  });
});
