import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TCustoms } from '../../shared/contracts/customs';
import { composeCustomsDocument, customsFormFor } from './customs-compose';
import { wrapText } from './customs-documents';
import type { LabelInput } from './label-input';
import { renderLabel } from './render-label';
import { mergePdfs } from './merge-pdfs';
import { renderLabelZpl } from './render-zpl';

/** pdftotext (poppler) on a PDF: the text a customs officer's or a carrier's tool reads; pages split by \f. */
function pdfText(pdf: Uint8Array): string {
  const file = path.join(os.tmpdir(), `voyageur-customs-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Page count and each page's size in points, as pdfinfo reads them. */
function pdfPages(pdf: Uint8Array): string[] {
  const file = path.join(os.tmpdir(), `voyageur-customs-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const out = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file], { encoding: 'utf8' });
    return [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => `${m[1]}x${m[2]}`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const CUSTOMS: TCustoms = {
  contentsType: 'merchandise',
  currency: 'CAD',
  incoterm: 'DDP',
  nonDelivery: 'return',
  items: [
    {
      description: 'Cotton T-shirt',
      hsCode: '6109100012',
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

const label = (carrierCode: string, customs: TCustoms | null, grossWeightKg = 2): LabelInput => ({
  carrierCode,
  carrierName: { 'CA-CP': 'Canada Post', 'CA-DHL': 'DHL Express' }[carrierCode] ?? 'UPS',
  serviceCode: carrierCode === 'CA-CP' ? 'USA.TP' : 'UPS.11.US',
  serviceName: carrierCode === 'CA-CP' ? 'Tracked Packet USA' : 'UPS Standard to the U.S.',
  trackingNumber: carrierCode === 'CA-CP' ? '7023210039414604' : '1Z999AA10123456784',
  orderCode: 'VY-7K3M9Q',
  shipDate: '2026-03-02',
  from: {
    name: 'Ana Sender',
    company: 'Maple Goods',
    address1: '1 King St W',
    address2: '',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 1A1',
    country: 'CA',
    phone: '416-555-0100',
  },
  to: {
    name: 'Sam Buyer',
    company: '',
    address1: '400 Pine St',
    address2: '',
    city: 'Seattle',
    province: 'WA',
    postalCode: '98101',
    country: 'US',
    phone: '206-555-0100',
  },
  weightKg: grossWeightKg,
  dimensionsCm: { length: 30, width: 20, height: 10 },
  packageType: 'package',
  reference: 'Order 1001',
  mode: 'sandbox',
  ...(customs
    ? {
        customs: composeCustomsDocument({
          carrier: carrierCode,
          customs,
          duties: null,
          grossWeightKg,
          business: { name: 'Voyageur Inc.', gstHstNumber: '123456789 RT0001' },
        }),
      }
    : {}),
});

/** Writes sample PDFs for a look (VOYAGEUR_CUSTOMS_SAMPLES=dir). */
function sample(name: string, pdf: Uint8Array) {
  const dir = process.env.VOYAGEUR_CUSTOMS_SAMPLES;
  if (dir) fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
}

describe('customs form by service', () => {
  it('Canada Post: CN 22 up to 400 CAD, 2 kg and four lines; CN 23 past any of them; couriers: commercial invoice', () => {
    const small = { valueCadCents: 400_00, grossWeightKg: 2, itemCount: 4 };
    expect(customsFormFor('CA-CP', small)).toBe('CN22');
    expect(customsFormFor('CA-CP', { ...small, valueCadCents: 400_01 })).toBe('CN23');
    expect(customsFormFor('CA-CP', { ...small, grossWeightKg: 2.01 })).toBe('CN23');
    expect(customsFormFor('CA-CP', { ...small, itemCount: 5 })).toBe('CN23');
    for (const courier of ['CA-UPS', 'CA-Fedex', 'CA-PUROLATOR', 'CA-DHL']) {
      expect(customsFormFor(courier, small)).toBe('COMMERCIAL_INVOICE');
    }
  });

  it('values in USD are weighed in CAD at the quote rate for the CN 22 limit', () => {
    const usd: TCustoms = {
      ...CUSTOMS,
      currency: 'USD',
      items: [{ ...CUSTOMS.items[0]!, quantity: 1, unitValue: 300 }],
    };
    const compose = (usdRate: string) =>
      composeCustomsDocument({
        carrier: 'CA-CP',
        customs: usd,
        duties: {
          amount: '0.00',
          currency: 'CAD',
          estimate: true,
          incoterm: 'DDP',
          usdRate,
          tariffDate: '2026-01-01',
          lines: [],
        },
        grossWeightKg: 1,
        business: { name: null, gstHstNumber: null },
      });
    // USD 300 × 1.30 = CAD 390: CN 22; × 1.38 = CAD 414: CN 23.
    expect(compose('1.3000').form).toBe('CN22');
    expect(compose('1.3800').form).toBe('CN23');
    expect(compose('1.3800').operator).toBeNull();
  });

  it('composes line values, weights and totals in cents and kilograms; BN from the GST/HST number', () => {
    const doc = label('CA-UPS', CUSTOMS).customs!;
    expect(doc.items.map((i) => [i.hsCode, i.lineValueCents, i.weightKg, i.cusma])).toEqual([
      ['6109.10.00.12', 5000, 0.6, false],
      ['1704.90.00.00', 1000, 0.5, true],
    ]);
    expect(doc).toMatchObject({ totalValueCents: 6000, netWeightKg: 1.1, grossWeightKg: 2, nonDelivery: null });
    expect(doc.operator).toEqual({ name: 'Voyageur Inc.', businessNumber: '123456789' });
  });
});

describe('customs pages after the label', () => {
  it('a courier label is followed by three letter-size commercial invoice copies', () => {
    const pdf = renderLabel(label('CA-UPS', CUSTOMS));
    sample('ups-invoice', pdf);
    expect(pdfPages(pdf)).toEqual(['288x432', '612x792', '612x792', '612x792']);
    const pages = pdfText(pdf).split('\f');
    for (const [n, page] of pages.slice(1, 4).entries()) {
      expect(page).toContain('COMMERCIAL INVOICE');
      expect(page).toContain(`Copy ${n + 1} of 3`);
      expect(page).toMatch(/Exporter \(shipper\)\s+COMMERCIAL INVOICE\s+Ana Sender/);
      expect(page).toContain('Business Number (BN) 123456789 - Voyageur Inc.');
      expect(page).toContain('Sam Buyer');
      expect(page).toContain('United States');
      expect(page).toMatch(/Cotton T-shirt\s+6109\.10\.00\.12\s+CA\s+2\s+25\.00\s+50\.00\s+0\.600/);
      expect(page).toMatch(/Maple syrup candy \*\s+1704\.90\.00\.00\s+CA\s+1\s+10\.00\s+10\.00\s+0\.500/);
      expect(page).toMatch(/Total\s+3\s+60\.00\s+1\.100/);
      expect(page).toContain('1Z999AA10123456784');
      expect(page).toMatch(/Incoterm\s+DDP/);
      expect(page).toMatch(/Reason for export\s+Sale/);
      expect(page).toMatch(/Contents\s+Merchandise/);
      expect(page).toContain('CUSMA');
      expect(page).toContain('I certify that the information on this invoice is true and correct');
      expect(page).toContain('Signature of exporter: Ana Sender');
      expect(page).toContain('Date: 2026-03-02');
    }
    expect(pdfText(pdf).match(/COMMERCIAL INVOICE/g)).toHaveLength(3);
  });

  it('the CUSMA certification ends with one period when the company name ends with one', () => {
    const input = label('CA-UPS', CUSTOMS);
    input.from.company = 'Maple Goods Inc.';
    const text = pdfText(renderLabel(input));
    expect(text).toMatch(/producer:\s+Maple\s+Goods\s+Inc\.(?!\.)/);
    expect(text).not.toMatch(/Inc\.\s*\./);
  });

  it('Canada Post, small and cheap: one CN 22 on a second 4×6 page', () => {
    const pdf = renderLabel(label('CA-CP', CUSTOMS));
    sample('cp-cn22', pdf);
    expect(pdfPages(pdf)).toEqual(['288x432', '288x432']);
    const page = pdfText(pdf).split('\f')[1]!;
    expect(page).toContain('CN 22');
    expect(page).toContain('CUSTOMS DECLARATION');
    expect(page).toMatch(/2 x Cotton T-shirt\s+6109\.10\.00\.12\s+CA\s+0\.600\s+50\.00/);
    expect(page).toContain('Total value: 60.00 CAD');
    expect(page).toContain('Total gross weight: 2.000 kg');
    expect(page).toContain('If undeliverable: Return to sender');
    expect(page).toContain('7023210039414604');
    expect(page).toContain("Sender's signature: Ana Sender");
    expect(page).not.toContain('COMMERCIAL INVOICE');
  });

  it('Canada Post over 400 CAD: a CN 23 on letter, with the non-delivery instruction and the category ticked', () => {
    const dear: TCustoms = {
      ...CUSTOMS,
      contentsType: 'gift',
      nonDelivery: 'abandon',
      items: [{ ...CUSTOMS.items[0]!, unitValue: 250 }],
    };
    const pdf = renderLabel(label('CA-CP', dear));
    sample('cp-cn23', pdf);
    expect(pdfPages(pdf)).toEqual(['288x432', '612x792']);
    const page = pdfText(pdf).split('\f')[1]!;
    expect(page).toContain('CUSTOMS DECLARATION CN 23');
    expect(page).toContain('[X] Gift');
    expect(page).toContain('[ ] Sale of goods');
    expect(page).toContain('If undeliverable: Treat as abandoned');
    expect(page).toMatch(/Total\s+2\s+500\.00/);
    expect(page).not.toContain('CUSMA');
  });

  it('twenty items fit each invoice copy; text outside WinAnsi prints as ?', () => {
    const many: TCustoms = {
      ...CUSTOMS,
      items: Array.from({ length: 20 }, (_, i) => ({
        ...CUSTOMS.items[0]!,
        description: `Item ${i + 1} 棉T恤`,
        quantity: 1,
        weightKg: 0.05,
      })),
    };
    const pdf = renderLabel(label('CA-DHL', many));
    sample('dhl-many', pdf);
    const text = pdfText(pdf);
    expect(text.match(/COMMERCIAL INVOICE/g)).toHaveLength(3);
    expect(text.match(/Item 20 \?T\?/g)).toHaveLength(3);
    expect(text).not.toContain('棉');
  });

  it('a domestic label has no customs page; the ZPL label prints the label only', () => {
    const domestic = label('CA-UPS', null);
    expect(pdfPages(renderLabel(domestic))).toEqual(['288x432']);
    expect(renderLabelZpl(label('CA-UPS', CUSTOMS))).toBe(renderLabelZpl(domestic));
  });

  it("a batch of labels (bulk import's merged PDF) keeps each shipment's customs pages after its label", async () => {
    const merged = await mergePdfs({
      pdfs: [
        renderLabel(label('CA-CP', CUSTOMS)),
        renderLabel(label('CA-UPS', null)),
        renderLabel(label('CA-UPS', CUSTOMS)),
      ],
    });
    expect(pdfPages(merged)).toEqual(['288x432', '288x432', '288x432', '288x432', '612x792', '612x792', '612x792']);
    const pages = pdfText(merged).split('\f');
    expect(pages[1]).toContain('CN 22');
    expect(pages[2]).not.toMatch(/CN 22|COMMERCIAL INVOICE/);
    expect(pages[4]).toContain('COMMERCIAL INVOICE');
  });

  it('long descriptions wrap in full on the forms (up to three lines on an invoice, two on a CN 22)', () => {
    const description =
      'Hand-knitted merino wool scarf with fringed ends, dyed with natural indigo, made in Nova Scotia by local artisans';
    expect(wrapText(description, (l) => l.length <= 40, 3).join(' ')).toBe(description);
    expect(wrapText('x'.repeat(100), (l) => l.length <= 40, 2)).toEqual(['x'.repeat(40), `${'x'.repeat(39)}\u2026`]);
    const long: TCustoms = { ...CUSTOMS, items: [{ ...CUSTOMS.items[0]!, description: description.slice(0, 100) }] };
    const longPdf = renderLabel(label('CA-UPS', long));
    sample('ups-long', longPdf);
    const invoice = pdfText(longPdf).split('\f')[1]!;
    // The first line beside the item's figures, the rest under it.
    expect(invoice).toMatch(/Hand-knitted merino wool scarf with fringed\s+6109\.10\.00\.12/);
    expect(invoice).toMatch(/\n\s*ends, dyed with natural indigo, made in\s*\n\s*Nova Scotia by l\s*\n/);
    const cn22Pdf = renderLabel(label('CA-CP', long));
    sample('cp-long', cn22Pdf);
    const cn22 = pdfText(cn22Pdf).split('\f')[1]!;
    expect(cn22).toMatch(/2 x Hand-knitted merino wool/);
    expect(cn22).toMatch(/with fringed ends, dyed with/);
    expect(cn22).toMatch(/with fringed ends, dyed with natu(…|\.\.\.)/);
    // Four such lines, CUSMA and a full address still fit the one 4×6 CN 22 page.
    const full: TCustoms = {
      ...CUSTOMS,
      items: Array.from({ length: 4 }, () => ({
        ...CUSTOMS.items[1]!,
        description: description.slice(0, 100),
        quantity: 1,
        unitValue: 99,
        weightKg: 0.4,
      })),
    };
    const crowded = label('CA-CP', full);
    crowded.from.address2 = 'Suite 5600, Shipping and Receiving';
    crowded.to.company = 'Buyer Trading Company of Seattle';
    const crowdedPdf = renderLabel({ ...crowded, customs: { ...crowded.customs!, form: 'CN22' } });
    sample('cp-crowded', crowdedPdf);
    expect(pdfPages(crowdedPdf)).toEqual(['288x432', '288x432']);
    expect(pdfText(crowdedPdf)).toContain('Total value: 396.00 CAD');
  });

  it("a test label's forms say SPECIMEN; a live one's do not", () => {
    const test = pdfText(renderLabel(label('CA-UPS', CUSTOMS))).split('\f');
    expect(test[1]).toContain('SPECIMEN - NOT FOR SHIPPING');
    const cn22 = pdfText(renderLabel(label('CA-CP', CUSTOMS))).split('\f');
    expect(cn22[1]).toContain('SPECIMEN - NOT FOR SHIPPING');
    const live = pdfText(renderLabel({ ...label('CA-UPS', CUSTOMS), mode: 'live' })).split('\f');
    expect(live[1]).toContain('COMMERCIAL INVOICE');
    expect(live.join('')).not.toContain('SPECIMEN');
  });

  it('the same shipment gives the same bytes (a re-download prints what the first print did)', () => {
    expect(
      Buffer.from(renderLabel(label('CA-UPS', CUSTOMS))).equals(Buffer.from(renderLabel(label('CA-UPS', CUSTOMS)))),
    ).toBe(true);
  });
});
