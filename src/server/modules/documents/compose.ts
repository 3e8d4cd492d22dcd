/**
 * What a receipt, credit note, top-up receipt and statement say (decision 025): composed here from
 * the issued document and its shipment, drawn by documents/render-document.ts on a worker thread.
 * Documents are in English (the standard PDF fonts carry Latin text only, decision 015); amounts are
 * CAD, dates the Toronto calendar day.
 */
import type { Config } from '../../config';
import type { ShipmentRow } from '../../db/schema/orders';
import type { DocumentModel } from '../../documents/render-document';
import { centsToDecimal } from '../../../shared/money';
import { businessDate, taxRates } from '../../../shared/taxes';
import { carrierAndService } from '../../../shared/carriers';
import { isProvinceCode } from '../../../shared/provinces';
import { csvCell } from '../../../shared/csv-cell';
import type { CustomerSnapshot, StatementEntry, TaxDocumentRow, TaxReportRow } from './repo';
import type { TTaxReport } from '../../../shared/contracts/documents';

type Business = Config['business'];

const cad = (cents: number) => centsToDecimal(cents);
const neg = (cents: number) => (cents === 0 ? '0.00' : `-${centsToDecimal(cents)}`);

/** The first instant of a Toronto calendar day (YYYY-MM-DD). */
export function torontoStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // Toronto is UTC-5 or UTC-4: the one of the two candidates that is midnight there.
  for (const h of [5, 4]) {
    const t = new Date(Date.UTC(y, m - 1, d, h));
    if (businessDate(t) === day && businessDate(new Date(t.getTime() - 1)) !== day) return t;
  }
  return new Date(Date.UTC(y, m - 1, d, 5));
}

/** The day after a YYYY-MM-DD. */
export function nextDay(day: string): string {
  const t = new Date(`${day}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function issuerLines(b: Business): string[] {
  return [
    b.name ?? 'Voyageur',
    ...b.address,
    ...(b.gstHstNumber ? [`GST/HST registration No. ${b.gstHstNumber}`] : []),
    ...(b.qstNumber ? [`QST registration No. ${b.qstNumber}`] : []),
  ];
}

const NOT_TAX_INVOICE = 'Not a tax invoice';
const NOT_TAX_INVOICE_NOTE =
  'Not a tax invoice: the operator has not configured its business name, address and GST/HST registration number.';

export function customerLines(c: CustomerSnapshot): string[] {
  const b = c.billingAddress;
  const lines: string[] = [b?.name || c.name];
  const org = b?.company || c.organization;
  // An organization named like the person (a sole proprietor) prints once.
  if (org && org.trim().toLowerCase() !== lines[0]!.trim().toLowerCase()) lines.push(org);
  if (b && b.address1) {
    lines.push([b.address2, b.address1].filter(Boolean).join(' - '));
    lines.push([b.city, b.province, b.postalCode].filter(Boolean).join(', ') + (b.country ? ` ${b.country}` : ''));
  } else if (c.organizationAddress) {
    lines.push(c.organizationAddress);
  }
  lines.push(c.email);
  return lines;
}

function place(p: ShipmentRow['fromAddress']): string {
  return (
    [p.city, p.province, p.postalCode].filter(Boolean).join(', ') +
    (p.country && p.country !== 'CA' ? ` ${p.country}` : '')
  );
}

const pct = (n: number) => `${Number(n.toFixed(3))}%`;

export const DUTIES_LINE = 'Duties and taxes at destination (estimate, DDP)';

/** The duties an order paid at origin (DDP); 0 for DDU, inside Canada, or a test order (nothing charged). */
export function dutiesCentsOf(s: Pick<ShipmentRow, 'dutiesCents' | 'test'>): number {
  return s.test ? 0 : Number(s.dutiesCents ?? 0);
}

/** The charge and tax lines of an order's receipt (credit: negated), with each rate and province. */
export function chargeRows(doc: TaxDocumentRow, s: ShipmentRow, credit: boolean): DocumentModel['table']['rows'] {
  const amt = (cents: number) => (credit ? neg(cents) : cad(cents));
  const origin = s.fromAddress.province;
  const dest = doc.zeroRated ? null : doc.taxProvince;
  const rates =
    dest && isProvinceCode(dest) && isProvinceCode(origin)
      ? taxRates({ origin, destination: dest, date: s.createdAt })
      : { gst: 0, hst: 0, qst: 0 };
  const service = carrierAndService(s.carrier, s.serviceName);
  const rows: DocumentModel['table']['rows'] = [{ cells: [`Shipping: ${service}`, '', amt(doc.shippingCents)] }];
  if (doc.coverageCents > 0) rows.push({ cells: ['Declared-value coverage', '', amt(doc.coverageCents)] });
  if (doc.discountCents > 0)
    rows.push({ cells: ['Discount', '', credit ? cad(doc.discountCents) : neg(doc.discountCents)] });
  rows.push({ cells: ['Subtotal', '', amt(doc.subtotalCents)], bold: true, rule: true });
  if (doc.zeroRated) {
    rows.push({ cells: ['GST/HST: zero-rated export', '0%', '0.00'] });
  } else {
    if (rates.gst > 0 || doc.gstCents > 0) rows.push({ cells: [`GST (${dest})`, pct(rates.gst), amt(doc.gstCents)] });
    if (rates.hst > 0 || doc.hstCents > 0) rows.push({ cells: [`HST (${dest})`, pct(rates.hst), amt(doc.hstCents)] });
    if (rates.qst > 0 || doc.qstCents > 0) rows.push({ cells: ['QST (QC)', pct(rates.qst), amt(doc.qstCents)] });
  }
  // DDP duties (issue 25): paid with the label as their own wallet entry, refunded with a void. They
  // are the destination's duties collected for the customer, not Voyageur's taxable supply: their
  // own line, outside the subtotal and the GST/HST/QST (and the tax report), inside the total paid.
  const duties = dutiesCentsOf(s);
  if (duties > 0) rows.push({ cells: [DUTIES_LINE, '', amt(duties)], rule: true });
  rows.push({ cells: ['Total (CAD)', '', amt(doc.totalCents + duties)], bold: true, rule: true });
  return rows;
}

export function orderDocumentModel(
  b: Business,
  doc: TaxDocumentRow,
  s: ShipmentRow,
  receipt: TaxDocumentRow | null,
): DocumentModel {
  const credit = doc.kind === 'credit_note';
  const date = businessDate(doc.issuedAt);
  const meta: [string, string][] = [
    [credit ? 'Credit note No.' : 'Receipt No.', doc.number],
    ['Date', date],
  ];
  if (credit && receipt) meta.push(['Refers to receipt', `${receipt.number} of ${businessDate(receipt.issuedAt)}`]);
  meta.push(['Order', s.orderCode]);
  if (s.trackingNumber) meta.push(['Tracking No.', s.trackingNumber]);
  const notes: string[] = [];
  if (!b.taxInvoice) notes.push(NOT_TAX_INVOICE_NOTE);
  notes.push(
    credit
      ? `Label voided: the full amount of receipt ${receipt?.number ?? ''}, taxes included, was refunded to the Voyageur prepaid wallet on ${date}. This credit note reduces the tax charged on that receipt.`
      : `Paid in full from the Voyageur prepaid wallet on ${date}. Terms: prepaid.`,
  );
  if (dutiesCentsOf(s) > 0) {
    notes.push(
      credit
        ? 'The duties and taxes at destination paid at origin (DDP) were refunded with the label; they are not GST/HST or QST and are not part of the taxable subtotal.'
        : 'Duties and taxes at destination: an estimate paid at origin (DDP) so the receiver pays nothing on delivery; they are not GST/HST or QST and are not part of the taxable subtotal.',
    );
  }
  if (doc.zeroRated) {
    notes.push(
      'Zero-rated: freight transportation of goods to a destination outside Canada; no GST/HST or QST charged.',
    );
  } else {
    notes.push(
      'GST/HST is charged at the rate of the province of destination (place of supply of the freight service); QST applies to carriage within Quebec.',
    );
  }
  return {
    title: `${credit ? 'Credit note' : 'Receipt'} ${doc.number}`,
    heading: credit ? 'CREDIT NOTE' : 'RECEIPT',
    subheading: b.taxInvoice ? undefined : NOT_TAX_INVOICE,
    issuer: issuerLines(b),
    meta,
    blocks: [
      { title: 'Billed to', lines: customerLines(doc.customer) },
      {
        title: 'Shipment',
        lines: [
          `${carrierAndService(s.carrier, s.serviceName)} (${s.serviceCode})`,
          `From ${place(s.fromAddress)} to ${place(s.toAddress)}`,
          `Ordered ${businessDate(s.createdAt)}, ${s.package.weightKg} kg`,
        ],
      },
    ],
    table: {
      columns: [
        { label: 'Description', width: 6 },
        { label: 'Rate', width: 1.2, align: 'right' },
        { label: 'Amount (CAD)', width: 1.8, align: 'right' },
      ],
      rows: chargeRows(doc, s, credit),
    },
    notes,
    issuedAt: doc.issuedAt.toISOString(),
    footer: `${b.name ?? 'Voyageur'} - ${credit ? 'credit note' : 'receipt'} ${doc.number}`,
  };
}

export function topupDocumentModel(b: Business, doc: TaxDocumentRow, txType: string): DocumentModel {
  const date = businessDate(doc.issuedAt);
  const what = txType === 'admin_charge' ? 'Card charge credited to the wallet' : 'Wallet top-up by card';
  return {
    title: `Receipt ${doc.number}`,
    heading: 'RECEIPT',
    subheading: 'Prepayment - not a taxable supply',
    issuer: issuerLines(b),
    meta: [
      ['Receipt No.', doc.number],
      ['Date', date],
    ],
    blocks: [{ title: 'Received from', lines: customerLines(doc.customer) }],
    table: {
      columns: [
        { label: 'Description', width: 7 },
        { label: 'Amount (CAD)', width: 2, align: 'right' },
      ],
      rows: [
        { cells: [`${what} (prepayment)`, cad(doc.totalCents)] },
        { cells: ['GST/HST and QST', '0.00'] },
        { cells: ['Total received (CAD)', cad(doc.totalCents)], bold: true, rule: true },
      ],
    },
    notes: [
      `Received on ${date} and credited to the Voyageur prepaid wallet.`,
      'A prepayment is not a taxable supply: no GST/HST or QST is charged on it. Tax is charged on each shipment paid from the wallet and shown on that shipment\u2019s receipt.',
    ],
    issuedAt: doc.issuedAt.toISOString(),
    footer: `${b.name ?? 'Voyageur'} - receipt ${doc.number}`,
  };
}

export type StatementTotals = {
  openingCents: number;
  creditsCents: number;
  debitsCents: number;
  closingCents: number;
};

/** Completed entries only move money: pending and settled debits are listed, not counted. */
export function statementTotals(openingCents: number, entries: StatementEntry[]): StatementTotals {
  let credits = 0;
  let debits = 0;
  for (const e of entries) {
    if (e.status !== 'completed') continue;
    if (e.direction === 'credit') credits += e.amountCents;
    else debits += e.amountCents;
  }
  return { openingCents, creditsCents: credits, debitsCents: debits, closingCents: openingCents + credits - debits };
}

function statusText(e: StatementEntry): string {
  return e.status === 'pending' && e.settled ? 'settled' : e.status;
}

export const STATEMENT_CSV_HEADER = [
  'Date',
  'Type',
  'Status',
  'Description',
  'Reference',
  'Receipt number',
  'Pre-tax',
  'GST',
  'HST',
  'QST',
  'Debit',
  'Credit',
  'Balance',
];

/** The month's last calendar day, YYYY-MM-DD. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** A statement closing before its month's last day is the month in progress: it runs 'to date'. */
export const statementToDate = (month: string, lastDay: string) => lastDay < monthEnd(month);

export function statementCsv(month: string, lastDay: string, openingCents: number, entries: StatementEntry[]): string {
  const t = statementTotals(openingCents, entries);
  const toDate = statementToDate(month, lastDay);
  const rows: string[][] = [STATEMENT_CSV_HEADER];
  rows.push([
    `${month}-01`,
    'opening_balance',
    '',
    'Opening balance',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    cad(t.openingCents),
  ]);
  for (const e of entries) {
    const moved = e.status === 'completed';
    const split = e.split;
    rows.push([
      businessDate(e.createdAt),
      e.type,
      statusText(e),
      moved ? e.description : `${e.description} (${statusText(e)}: ${cad(e.amountCents)} not moved)`,
      e.reference ?? '',
      e.receiptNumber ?? '',
      split ? cad(split.preTaxCents) : '',
      split ? cad(split.gstCents) : '',
      split ? cad(split.hstCents) : '',
      split ? cad(split.qstCents) : '',
      moved && e.direction === 'debit' ? cad(e.amountCents) : '',
      moved && e.direction === 'credit' ? cad(e.amountCents) : '',
      cad(e.balanceAfterCents),
    ]);
  }
  rows.push([
    lastDay,
    'closing_balance',
    '',
    toDate ? 'Closing balance to date; totals of debits and credits' : 'Closing balance; totals of debits and credits',
    '',
    '',
    '',
    '',
    '',
    '',
    cad(t.debitsCents),
    cad(t.creditsCents),
    cad(t.closingCents),
  ]);
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function statementModel(
  b: Business,
  customer: CustomerSnapshot,
  month: string,
  lastDay: string,
  openingCents: number,
  entries: StatementEntry[],
  issuedAt: Date,
): DocumentModel {
  const t = statementTotals(openingCents, entries);
  const toDate = statementToDate(month, lastDay);
  const money = (c: number | undefined) => (c === undefined ? '' : cad(c));
  const rows: DocumentModel['table']['rows'] = [
    { cells: [`${month}-01`, 'Opening balance', '', '', '', '', '', '', '', cad(t.openingCents)], bold: true },
  ];
  for (const e of entries) {
    const moved = e.status === 'completed';
    rows.push({
      cells: [
        businessDate(e.createdAt),
        moved ? e.description : `${e.description} (${statusText(e)})`,
        e.receiptNumber ?? '',
        money(e.split?.preTaxCents),
        money(e.split?.gstCents),
        money(e.split?.hstCents),
        money(e.split?.qstCents),
        moved && e.direction === 'debit' ? cad(e.amountCents) : '',
        moved && e.direction === 'credit' ? cad(e.amountCents) : '',
        cad(e.balanceAfterCents),
      ],
    });
  }
  rows.push({
    cells: [
      lastDay,
      toDate ? 'Closing balance to date and totals' : 'Closing balance and totals',
      '',
      '',
      '',
      '',
      '',
      cad(t.debitsCents),
      cad(t.creditsCents),
      cad(t.closingCents),
    ],
    bold: true,
    rule: true,
  });
  return {
    title: `Statement ${month}`,
    heading: 'STATEMENT',
    subheading: `Prepaid wallet, ${month}${toDate ? ' to date' : ''}`,
    issuer: issuerLines(b),
    meta: [
      ['Period', `${month}-01 to ${lastDay}${toDate ? ' (to date)' : ''}`],
      ['Opening balance (CAD)', cad(t.openingCents)],
      ['Credits (CAD)', cad(t.creditsCents)],
      ['Debits (CAD)', cad(t.debitsCents)],
      ['Closing balance (CAD)', cad(t.closingCents)],
    ],
    blocks: [{ title: 'Account', lines: customerLines(customer) }],
    table: {
      columns: [
        { label: 'Date', width: 1.25 },
        { label: 'Description', width: 3.6 },
        { label: 'Receipt', width: 1.2 },
        { label: 'Pre-tax', width: 1, align: 'right' },
        { label: 'GST', width: 0.8, align: 'right' },
        { label: 'HST', width: 0.8, align: 'right' },
        { label: 'QST', width: 0.8, align: 'right' },
        { label: 'Debit', width: 1, align: 'right' },
        { label: 'Credit', width: 1, align: 'right' },
        { label: 'Balance', width: 1.1, align: 'right' },
      ],
      rows,
    },
    notes: [
      'Amounts in CAD. Pending entries (a card reversal the balance could not cover) are listed but move no money until paid.',
      'Receipt numbers: R- an order\u2019s receipt, CN- a void\u2019s credit note, P- a top-up\u2019s prepayment receipt.',
    ],
    issuedAt: issuedAt.toISOString(),
    footer: `${b.name ?? 'Voyageur'} - statement ${month}`,
  };
}

export function taxReportOf(from: string, to: string, rows: TaxReportRow[]): TTaxReport {
  const line = (collected: number, refunded: number) => ({
    collected: cad(collected),
    refunded: cad(refunded),
    net: collected - refunded < 0 ? neg(refunded - collected) : cad(collected - refunded),
  });
  const sum = (kind: 'receipt' | 'credit_note', f: (r: TaxReportRow) => number, where: (r: TaxReportRow) => boolean) =>
    rows.filter((r) => r.kind === kind && where(r)).reduce((s, r) => s + f(r), 0);
  const domestic = (r: TaxReportRow) => !r.zeroRated;
  const all = () => true;
  const provinces = [
    ...new Set(rows.filter((r) => !r.zeroRated && r.hstCents > 0).map((r) => r.province ?? '')),
  ].sort();
  const gst = [sum('receipt', (r) => r.gstCents, all), sum('credit_note', (r) => r.gstCents, all)] as const;
  const hst = [sum('receipt', (r) => r.hstCents, all), sum('credit_note', (r) => r.hstCents, all)] as const;
  const qst = [sum('receipt', (r) => r.qstCents, all), sum('credit_note', (r) => r.qstCents, all)] as const;
  return {
    from,
    to,
    receipts: sum('receipt', (r) => r.count, all),
    creditNotes: sum('credit_note', (r) => r.count, all),
    taxableSupplies: line(
      sum('receipt', (r) => r.subtotalCents, domestic),
      sum('credit_note', (r) => r.subtotalCents, domestic),
    ),
    gst: line(gst[0], gst[1]),
    hst: provinces.map((p) => ({
      province: p,
      ...line(
        sum(
          'receipt',
          (r) => r.hstCents,
          (r) => (r.province ?? '') === p,
        ),
        sum(
          'credit_note',
          (r) => r.hstCents,
          (r) => (r.province ?? '') === p,
        ),
      ),
    })),
    qst: line(qst[0], qst[1]),
    total: line(gst[0] + hst[0] + qst[0], gst[1] + hst[1] + qst[1]),
    zeroRated: {
      count: sum(
        'receipt',
        (r) => r.count,
        (r) => r.zeroRated,
      ),
      ...line(
        sum(
          'receipt',
          (r) => r.subtotalCents,
          (r) => r.zeroRated,
        ),
        sum(
          'credit_note',
          (r) => r.subtotalCents,
          (r) => r.zeroRated,
        ),
      ),
    },
  };
}

export function taxReportCsv(r: TTaxReport): string {
  const rows: string[][] = [['Line', 'Province', 'Collected', 'Refunded', 'Net']];
  rows.push(['Period', `${r.from} to ${r.to}`, '', '', '']);
  rows.push([
    'Taxable supplies (before tax)',
    '',
    r.taxableSupplies.collected,
    r.taxableSupplies.refunded,
    r.taxableSupplies.net,
  ]);
  rows.push(['GST', '', r.gst.collected, r.gst.refunded, r.gst.net]);
  for (const h of r.hst) rows.push(['HST', h.province, h.collected, h.refunded, h.net]);
  rows.push(['QST', 'QC', r.qst.collected, r.qst.refunded, r.qst.net]);
  rows.push(['Total tax', '', r.total.collected, r.total.refunded, r.total.net]);
  rows.push([
    `Zero-rated exports (${r.zeroRated.count})`,
    '',
    r.zeroRated.collected,
    r.zeroRated.refunded,
    r.zeroRated.net,
  ]);
  rows.push(['Receipts', '', String(r.receipts), '', '']);
  rows.push(['Credit notes', '', '', String(r.creditNotes), '']);
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
