import { describe, expect, it } from 'vitest';
import type { ShipmentRow } from '../../db/schema/orders';
import {
  chargeRows,
  customerLines,
  orderDocumentModel,
  statementCsv,
  statementToDate,
  statementTotals,
  taxReportOf,
  torontoStart,
} from './compose';
import type { TaxDocumentRow } from './repo';

const party = (city: string, province: string, postalCode: string, country = 'CA') => ({
  firstName: 'A',
  lastName: 'B',
  company: '',
  address1: '1 Main St',
  address2: '',
  city,
  province,
  postalCode,
  country,
  phone: '',
  email: '',
});

const shipment = {
  id: 's1',
  carrier: 'CA-CP',
  serviceCode: 'DOM.EP',
  serviceName: 'Expedited Parcel',
  orderCode: 'VY-1',
  trackingNumber: 'T1',
  fromAddress: party('Toronto', 'ON', 'M5H 1A1'),
  toAddress: party('Ottawa', 'ON', 'K1P 1J1'),
  package: { weightKg: 2 },
  createdAt: new Date('2026-03-02T15:00:00Z'),
} as unknown as ShipmentRow;

const doc = (over: Partial<TaxDocumentRow> = {}): TaxDocumentRow => ({
  id: 'd1',
  kind: 'receipt',
  number: 'R-000001',
  userId: 'u1',
  shipmentId: 's1',
  transactionId: null,
  refersTo: null,
  issuedAt: new Date('2026-03-02T15:00:00Z'),
  customer: {
    name: 'Ana',
    email: 'a@example.com',
    organization: 'Maple',
    organizationAddress: '',
    billingAddress: null,
  },
  taxProvince: 'ON',
  zeroRated: false,
  shippingCents: 1800,
  coverageCents: 200,
  discountCents: 100,
  subtotalCents: 1900,
  gstCents: 0,
  hstCents: 247,
  qstCents: 0,
  totalCents: 2147,
  ...over,
});

const business = (taxInvoice: boolean) => ({
  name: taxInvoice ? 'Voyageur Inc.' : null,
  address: taxInvoice ? ['1 King St W'] : [],
  gstHstNumber: taxInvoice ? '123456789 RT0001' : null,
  qstNumber: null,
  taxInvoice,
});

describe('documents', () => {
  it('lists each charge and each tax with its rate and province', () => {
    const rows = chargeRows(doc(), shipment, false).map((r) => r.cells);
    expect(rows).toEqual([
      ['Shipping: Canada Post Expedited Parcel', '', '18.00'],
      ['Declared-value coverage', '', '2.00'],
      ['Discount', '', '-1.00'],
      ['Subtotal', '', '19.00'],
      ['HST (ON)', '13%', '2.47'],
      ['Total (CAD)', '', '21.47'],
    ]);
    const credit = chargeRows(doc({ kind: 'credit_note' }), shipment, true).map((r) => r.cells);
    expect(credit.at(-1)).toEqual(['Total (CAD)', '', '-21.47']);
  });

  it('says a zero-rated export charges no tax', () => {
    const rows = chargeRows(
      doc({ taxProvince: null, zeroRated: true, hstCents: 0, totalCents: 1900 }),
      shipment,
      false,
    );
    expect(rows.map((r) => r.cells[0])).toContain('GST/HST: zero-rated export');
  });

  it('shows DDP duties on their own line, outside the taxes, inside the total paid (and on the credit note)', () => {
    const exportDoc = doc({ taxProvince: null, zeroRated: true, hstCents: 0, totalCents: 1900 });
    const ddp = { ...shipment, toAddress: party('Seattle', 'WA', '98101', 'US'), dutiesCents: 1234 } as ShipmentRow;
    expect(chargeRows(exportDoc, ddp, false).map((r) => r.cells)).toEqual([
      ['Shipping: Canada Post Expedited Parcel', '', '18.00'],
      ['Declared-value coverage', '', '2.00'],
      ['Discount', '', '-1.00'],
      ['Subtotal', '', '19.00'],
      ['GST/HST: zero-rated export', '0%', '0.00'],
      ['Duties and taxes at destination (estimate, DDP)', '', '12.34'],
      ['Total (CAD)', '', '31.34'],
    ]);
    const credit = chargeRows({ ...exportDoc, kind: 'credit_note' }, ddp, true).map((r) => r.cells);
    expect(credit.slice(-2)).toEqual([
      ['Duties and taxes at destination (estimate, DDP)', '', '-12.34'],
      ['Total (CAD)', '', '-31.34'],
    ]);
    // A test-mode order charged nothing: no duties line.
    const test = chargeRows(exportDoc, { ...ddp, test: true } as ShipmentRow, false).map((r) => r.cells[0]);
    expect(test).not.toContain('Duties and taxes at destination (estimate, DDP)');
  });

  it('names a DHL service once on the receipt and the credit note (not "DHL DHL Express Worldwide")', () => {
    const dhl = {
      ...shipment,
      carrier: 'CA-DHL',
      serviceCode: 'P',
      serviceName: 'DHL Express Worldwide',
    } as ShipmentRow;
    expect(chargeRows(doc(), dhl, false)[0]!.cells[0]).toBe('Shipping: DHL Express Worldwide');
    expect(chargeRows(doc({ kind: 'credit_note' }), dhl, true)[0]!.cells[0]).toBe('Shipping: DHL Express Worldwide');
    const model = orderDocumentModel(business(true), doc(), dhl, null);
    expect(model.blocks.find((b) => b.title === 'Shipment')!.lines[0]).toBe('DHL Express Worldwide (P)');
    // A service named without its carrier keeps the carrier in front.
    const cp = orderDocumentModel(business(true), doc(), shipment, null);
    expect(cp.blocks.find((b) => b.title === 'Shipment')!.lines[0]).toBe('Canada Post Expedited Parcel (DOM.EP)');
  });

  it('says "Not a tax invoice" until the operator is configured', () => {
    const without = orderDocumentModel(business(false), doc(), shipment, null);
    expect(without.subheading).toBe('Not a tax invoice');
    expect(without.notes[0]).toMatch(/^Not a tax invoice/);
    const withIt = orderDocumentModel(business(true), doc(), shipment, null);
    expect(withIt.subheading).toBeUndefined();
    expect(withIt.issuer).toContain('GST/HST registration No. 123456789 RT0001');
  });

  it('counts only completed entries in a statement', () => {
    const e = (direction: 'credit' | 'debit', status: string, amountCents: number) =>
      ({ direction, status, amountCents }) as Parameters<typeof statementTotals>[1][number];
    expect(
      statementTotals(1000, [e('credit', 'completed', 500), e('debit', 'completed', 200), e('debit', 'pending', 900)]),
    ).toEqual({
      openingCents: 1000,
      creditsCents: 500,
      debitsCents: 200,
      closingCents: 1300,
    });
  });

  it('nets refunds against collections per line', () => {
    const r = taxReportOf('2026-03-01', '2026-03-31', [
      {
        kind: 'receipt',
        province: 'ON',
        zeroRated: false,
        count: 2,
        subtotalCents: 2000,
        gstCents: 0,
        hstCents: 260,
        qstCents: 0,
      },
      {
        kind: 'credit_note',
        province: 'ON',
        zeroRated: false,
        count: 1,
        subtotalCents: 1000,
        gstCents: 0,
        hstCents: 130,
        qstCents: 0,
      },
      {
        kind: 'receipt',
        province: null,
        zeroRated: true,
        count: 1,
        subtotalCents: 5000,
        gstCents: 0,
        hstCents: 0,
        qstCents: 0,
      },
    ]);
    expect(r.hst).toEqual([{ province: 'ON', collected: '2.60', refunded: '1.30', net: '1.30' }]);
    expect(r.taxableSupplies).toEqual({ collected: '20.00', refunded: '10.00', net: '10.00' });
    expect(r.zeroRated).toEqual({ count: 1, collected: '50.00', refunded: '0.00', net: '50.00' });
  });

  it('starts a Toronto day at its local midnight, in winter and summer', () => {
    expect(torontoStart('2026-01-15').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(torontoStart('2026-07-01').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(torontoStart('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
});

describe('customerLines', () => {
  const customer = {
    name: 'Jane Doe',
    email: 'jane@example.com',
    organization: 'Jane Doe',
    organizationAddress: '',
    billingAddress: null,
  };

  it('prints the name once when the organization equals the person', () => {
    expect(customerLines(customer)).toEqual(['Jane Doe', 'jane@example.com']);
    expect(customerLines({ ...customer, organization: ' jane doe ' })).toEqual(['Jane Doe', 'jane@example.com']);
  });

  it('keeps a distinct organization on its own line', () => {
    expect(customerLines({ ...customer, organization: 'Doe Crafts Inc.' })).toEqual([
      'Jane Doe',
      'Doe Crafts Inc.',
      'jane@example.com',
    ]);
  });
});

describe('statement of the month in progress', () => {
  it('closes today and says to date; a past month closes on its last day', () => {
    expect(statementToDate('2026-12', '2026-12-05')).toBe(true);
    expect(statementToDate('2026-11', '2026-11-30')).toBe(false);
    expect(statementToDate('2024-02', '2024-02-29')).toBe(false);
    const lines = statementCsv('2026-12', '2026-12-05', 1000, []).trim().split('\r\n');
    expect(lines.at(-1)).toMatch(/^2026-12-05,closing_balance,,Closing balance to date;/);
    expect(statementCsv('2026-11', '2026-11-30', 1000, [])).not.toContain('to date');
  });
});

describe('statement CSV cells a spreadsheet would run as formulas', () => {
  it('defuses a description or reference starting with - @ = + (the shared defuseCsvCell), not the amounts', () => {
    const entry = (description: string, reference: string) => ({
      id: description,
      createdAt: new Date('2026-11-10T15:00:00Z'),
      type: 'adjustment',
      direction: 'credit' as const,
      status: 'completed',
      settled: true,
      amountCents: 500,
      balanceAfterCents: 1500,
      description,
      reference,
      receiptNumber: null,
      split: null,
    });
    const csv = statementCsv('2026-11', '2026-11-30', 1000, [
      entry('-2+3', '@SUM(1)'),
      entry('=1+1', '+1'),
      entry('\tcmd', 'ok'),
    ]);
    const rows = csv.trim().split('\r\n');
    expect(rows[2]).toContain(",'-2+3,'@SUM(1),");
    expect(rows[3]).toContain(",'=1+1,'+1,");
    expect(rows[4]).toContain(",'\tcmd,ok,");
    expect(rows[2].endsWith(',,5.00,15.00')).toBe(true);
  });
});
