/**
 * The customs pages printed after a label (issue 25, decision 036): a UPU CN 22 on one 4×6 page, a
 * CN 23 on letter, or a commercial invoice in three letter copies for the couriers. Drawn with the
 * documents' page writer and layout (documents/pdf-doc.ts, render-document.ts): Helvetica in
 * WinAnsi, real text (pdftotext reads it back), anything WinAnsi lacks transliterated or "?"
 * (decision 015; the order's contract already asks for Latin text). Synchronous; it runs on the
 * worker pool inside `renderLabel`.
 */
import { centsToDecimal } from '../../shared/money';
import { countryName } from '../../shared/countries';
import { formatPhone } from '../../shared/phone';
import { sentence } from '../../shared/sentence';
import { DocWriter, LETTER, type PageSize, type PdfPageContent } from '../documents/pdf-doc';
import { drawDocument, type DocumentModel } from '../documents/render-document';
import type { CustomsDocInput, CustomsDocItem } from './customs-input';
import type { LabelAddress, LabelInput } from './label-input';
import { textWidth, toWinAnsi, type FontName } from './winansi';

/** A CN 22 is a label-size form: the 4×6 page of the label, a narrow margin. */
export const CN22_PAGE: PageSize = { width: 288, height: 432, margin: 12 };
export const INVOICE_COPIES = 3;

/** The contents categories of the UPU forms, by the declaration's `contentsType`. */
const CATEGORY: Record<string, string> = {
  gift: 'Gift',
  sample: 'Commercial sample',
  documents: 'Documents',
  return: 'Returned goods',
  merchandise: 'Sale of goods',
};
const CATEGORY_ORDER = ['Gift', 'Commercial sample', 'Documents', 'Returned goods', 'Sale of goods', 'Other'];

/** The contents type an invoice states, by `contentsType`. */
const CONTENTS: Record<string, string> = {
  merchandise: 'Merchandise',
  gift: 'Gift',
  documents: 'Documents',
  sample: 'Commercial sample',
  return: 'Returned goods',
};

/** The reason for export an invoice states, by `contentsType`. */
const REASON: Record<string, string> = {
  merchandise: 'Sale',
  gift: 'Gift (no sale)',
  documents: 'Documents',
  sample: 'Commercial sample, not for resale',
  return: 'Return of goods',
};

const INCOTERM: Record<string, string> = {
  DDP: 'DDP - Delivered Duty Paid: duties and taxes paid by the shipper',
  DDU: 'DDU - Delivered Duty Unpaid: duties and taxes paid by the receiver',
};

const NON_DELIVERY: Record<string, string> = {
  return: 'Return to sender (priority/air)',
  abandon: 'Treat as abandoned',
};

export const POSTAL_DECLARATION =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this ' +
  'declaration are correct and that this item does not contain any dangerous article or articles prohibited by ' +
  'legislation or by postal or customs regulations.';
export const INVOICE_DECLARATION =
  'I certify that the information on this invoice is true and correct, that the contents of this shipment are as ' +
  'stated above, and that these commodities are exported from Canada in accordance with the Export and Import ' +
  'Permits Act and the Customs Act.';

/** The CUSMA certification of origin printed when an item is declared qualifying (USMCA Art. 5.2). */
export function cusmaStatement(doc: CustomsDocInput, exporter: string): string | null {
  if (!doc.items.some((i) => i.cusma)) return null;
  const origins = [...new Set(doc.items.filter((i) => i.cusma).map((i) => i.originCountry))].join(', ');
  return (
    `CUSMA / USMCA / T-MEC certification of origin: I certify that the goods marked * on this document ` +
    `originate in ${origins} and meet the origin requirements of the Agreement between Canada, the United States ` +
    `and Mexico (Chapter 4, Article 5.2), and that the information given is true and accurate. ` +
    sentence(`Certifier, exporter and producer: ${exporter}`)
  );
}

const money = (cents: number) => centsToDecimal(cents);
const kg = (n: number) => n.toFixed(3);

function addressLines(a: LabelAddress): string[] {
  const city = [[a.city, a.province].filter(Boolean).join(' '), a.postalCode].filter(Boolean).join('  ');
  return [
    a.name,
    a.company,
    a.address1,
    a.address2,
    city,
    countryName(a.country, 'en') || a.country,
    a.phone ? `Tel. ${formatPhone(a.phone)}` : '',
  ].filter((l) => l.trim() !== '');
}

function exporterLines(label: LabelInput, doc: CustomsDocInput): string[] {
  const lines = addressLines(label.from);
  if (doc.operator) {
    lines.push(
      `Business Number (BN) ${doc.operator.businessNumber}${doc.operator.name ? ` - ${doc.operator.name}` : ''}`,
    );
  }
  return lines;
}

function footer(label: LabelInput, form: string): string {
  const specimen = label.mode === 'live' ? '' : 'SPECIMEN - ';
  return `${specimen}Voyageur - ${form} - order ${label.orderCode} - tracking ${label.trackingNumber}`;
}

/**
 * The forms of a label that is not live (sandbox, a carrier's test environment) say so, as the
 * label's watermark does (decision 015): nobody files them.
 */
export const SPECIMEN_NOTE =
  'SPECIMEN - NOT FOR SHIPPING: this form belongs to a test label; it is not a customs document.';
const specimenNotes = (label: LabelInput) => (label.mode === 'live' ? [] : [SPECIMEN_NOTE]);

/** The text cut with "…" to fit `width` points as printed (the writer converts it to WinAnsi). */
function clip(text: string, font: FontName, size: number, width: number): string {
  const fits = (t: string) => textWidth(toWinAnsi(t), font, size) <= width;
  if (fits(text)) return text;
  let out = [...text];
  while (out.length > 1 && !fits(`${out.join('').trimEnd()}\u2026`)) out = out.slice(0, -1);
  return `${out.join('').trimEnd()}\u2026`;
}

/**
 * The text in lines that each fit (`fits`), words kept whole where they can be, at most `maxLines`
 * (the last cut with "…"): a customs description is printed in full where there is room for it.
 */
export function wrapText(text: string, fits: (line: string) => boolean, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    // A word longer than a line is broken between characters.
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines - 1);
  let last = [...lines.slice(maxLines - 1).join(' ')];
  while (last.length > 1 && !fits(`${last.join('').trimEnd()}\u2026`)) last = last.slice(0, -1);
  return [...kept, `${last.join('').trimEnd()}\u2026`];
}

function itemTable(doc: CustomsDocInput): DocumentModel['table'] {
  const cur = doc.currency;
  const columns: DocumentModel['table']['columns'] = [
    { label: 'Description of contents', width: 5 },
    { label: 'HS tariff no.', width: 2.1 },
    { label: 'Origin', width: 1 },
    { label: 'Qty', width: 0.8, align: 'right' },
    { label: `Unit value (${cur})`, width: 1.9, align: 'right' },
    { label: `Value (${cur})`, width: 1.7, align: 'right' },
    { label: 'Net kg', width: 1.2, align: 'right' },
  ];
  // The description column as render-document lays it out on letter (612 − 2 × 50 pt of text
  // width shared by the columns' weights), less a gap, and the characters its cells keep (its clip).
  const share = columns[0]!.width / columns.reduce((sum, c) => sum + c.width, 0);
  const width = share * (LETTER.width - 2 * LETTER.margin) - 6;
  const maxChars = Math.max(4, Math.floor((width + 2) / 4.2));
  const fits = (l: string) => l.length <= maxChars && textWidth(toWinAnsi(l), 'Helvetica-Bold', 8) <= width;
  return {
    columns,
    rows: [
      ...doc.items.flatMap((i: CustomsDocItem) => {
        const [first = '', ...more] = wrapText(`${i.description}${i.cusma ? ' *' : ''}`, fits, 3);
        return [
          {
            cells: [
              first,
              i.hsCode,
              i.originCountry,
              String(i.quantity),
              money(i.unitValueCents),
              money(i.lineValueCents),
              kg(i.weightKg),
            ],
          },
          ...more.map((l) => ({ cells: [l, '', '', '', '', '', ''] })),
        ];
      }),
      {
        cells: [
          'Total',
          '',
          '',
          String(doc.items.reduce((s, i) => s + i.quantity, 0)),
          '',
          money(doc.totalValueCents),
          kg(doc.netWeightKg),
        ],
        bold: true,
        rule: true,
      },
    ],
  };
}

/** A signature line with the signer's name and the date under it, at the writer's current line. */
function signature(w: DocWriter, who: string, name: string, date: string, size = 8): void {
  const { margin, width } = w.size;
  const lineW = Math.min(220, (width - 2 * margin) * 0.6);
  w.ensure(size * 3.5 + 4);
  w.down(size * 2.5);
  w.line(margin, w.y, margin + lineW, w.y);
  w.text(width - margin, `Date: ${date}`, { size, align: 'right' });
  w.down(size + 2);
  w.text(margin, clip(`${who}: ${name}`, 'Helvetica', size, lineW + 20), { size });
  w.down(size + 4);
}

/** The category boxes of a UPU form, the declaration's own ticked. */
function categoryLine(doc: CustomsDocInput): string {
  const mine = CATEGORY[doc.contentsType] ?? 'Other';
  return CATEGORY_ORDER.map((c) => `[${c === mine ? 'X' : ' '}] ${c}`).join('  \u00b7  ');
}

function commercialInvoice(label: LabelInput, doc: CustomsDocInput, copy: number): PdfPageContent[] {
  const w = new DocWriter(`${footer(label, 'commercial invoice')} - copy ${copy} of ${INVOICE_COPIES}`);
  const exporter = exporterLines(label, doc);
  const notes = [
    ...specimenNotes(label),
    `All values in ${doc.currency}. Packages: 1. Total net weight ${kg(doc.netWeightKg)} kg; total gross weight ${kg(doc.grossWeightKg)} kg.`,
    `Terms of sale (Incoterm): ${INCOTERM[doc.incoterm] ?? doc.incoterm}.`,
    cusmaStatement(doc, label.from.company || label.from.name),
    INVOICE_DECLARATION,
  ].filter((n): n is string => n !== null);
  drawDocument(w, {
    heading: 'COMMERCIAL INVOICE',
    subheading: `Copy ${copy} of ${INVOICE_COPIES}`,
    issuer: ['Exporter (shipper)', ...exporter],
    meta: [
      ['Invoice no.', label.orderCode],
      ['Date', label.shipDate],
      ['Tracking no.', label.trackingNumber],
      ['Carrier', label.carrierName],
      ['Incoterm', doc.incoterm],
      ['Contents', CONTENTS[doc.contentsType] ?? doc.contentsType],
      ['Reason for export', REASON[doc.contentsType] ?? doc.contentsType],
      ['Currency', doc.currency],
    ],
    blocks: [{ title: 'Importer (consignee, ship to)', lines: addressLines(label.to) }],
    table: itemTable(doc),
    notes,
  });
  signature(w, 'Signature of exporter', label.from.name, label.shipDate);
  return w.finishPages();
}

function cn23(label: LabelInput, doc: CustomsDocInput): PdfPageContent[] {
  const w = new DocWriter(footer(label, 'CN 23'));
  const sender = exporterLines(label, doc);
  const notes = [
    ...specimenNotes(label),
    `Total gross weight ${kg(doc.grossWeightKg)} kg. Total value ${money(doc.totalValueCents)} ${doc.currency}.`,
    `Duties: ${INCOTERM[doc.incoterm] ?? doc.incoterm}.`,
    `If undeliverable: ${NON_DELIVERY[doc.nonDelivery ?? 'return']}.`,
    cusmaStatement(doc, label.from.company || label.from.name),
    POSTAL_DECLARATION,
  ].filter((n): n is string => n !== null);
  drawDocument(w, {
    heading: 'CUSTOMS DECLARATION CN 23',
    subheading: 'May be opened officially',
    issuer: ['From (sender)', ...sender],
    meta: [
      ['Designated operator', label.carrierName],
      ['Service', label.serviceName],
      ['Tracking no.', label.trackingNumber],
      ['Sender reference', label.orderCode],
      ['Date', label.shipDate],
      ['Reason for export', REASON[doc.contentsType] ?? doc.contentsType],
    ],
    blocks: [
      { title: 'To (addressee, importer)', lines: addressLines(label.to) },
      { title: 'Category of item', lines: [categoryLine(doc)] },
    ],
    table: itemTable(doc),
    notes,
  });
  signature(w, "Sender's signature", label.from.name, label.shipDate);
  return w.finishPages();
}

/** The CN 22 on one 4×6 page: compact, as the label-size form is printed. */
function cn22(label: LabelInput, doc: CustomsDocInput): PdfPageContent[] {
  const w = new DocWriter(`${label.mode === 'live' ? '' : 'SPECIMEN - '}CN 22 - ${label.orderCode}`, CN22_PAGE);
  const { width, margin } = CN22_PAGE;
  const right = width - margin;
  const inner = width - 2 * margin;
  const bold = 'Helvetica-Bold' as const;

  w.text(margin, 'CUSTOMS DECLARATION', { font: bold, size: 11 });
  w.text(right, 'CN 22', { font: bold, size: 16, align: 'right' });
  w.down(11);
  w.text(margin, 'May be opened officially', { size: 7 });
  if (label.mode !== 'live') w.text(right, 'SPECIMEN - NOT FOR SHIPPING', { font: bold, size: 7, align: 'right' });
  w.down(10);
  w.text(margin, clip(`Designated operator: ${label.carrierName} - ${label.serviceName}`, 'Helvetica', 7, inner), {
    size: 7,
  });
  w.down(7);
  w.rule();
  w.down(7);
  w.text(margin, `Tracking no. ${label.trackingNumber}`, { font: bold, size: 8 });
  w.text(right, `Ref. ${label.orderCode}`, { size: 7, align: 'right' });
  w.down(7);
  w.rule();
  w.down(8);

  // Sender (left) and addressee (right), side by side.
  const half = inner / 2 - 4;
  const top = w.y;
  const column = (x: number, title: string, lines: string[]) => {
    w.y = top;
    w.text(x, title, { font: bold, size: 6.5 });
    w.down(8);
    for (const l of lines.slice(0, 8)) {
      w.text(x, clip(l, 'Helvetica', 6.5, half), { size: 6.5 });
      w.down(8);
    }
    return w.y;
  };
  const bottom = Math.max(
    column(margin, 'FROM (SENDER)', exporterLines(label, doc)),
    column(margin + inner / 2 + 4, 'TO (ADDRESSEE, IMPORTER)', addressLines(label.to)),
  );
  w.y = bottom - 2;
  w.rule();
  w.down(10);

  // Category boxes, three to a line.
  const mine = CATEGORY[doc.contentsType] ?? 'Other';
  CATEGORY_ORDER.forEach((c, i) => {
    const x = margin + (i % 3) * (inner / 3);
    w.box(x, w.y - 6.5, 7, 7, 0.6);
    if (c === mine) w.text(x + 1.3, 'X', { font: bold, size: 7 });
    w.text(x + 10, c, { size: 6.5 });
    if (i % 3 === 2) w.down(11);
  });
  w.rule();
  w.down(8);

  // Items: description (quantity first), HS tariff number and origin, net weight, value.
  const cur = doc.currency;
  const col = { hs: margin + 118, origin: margin + 172, weight: margin + 222, value: right };
  w.text(margin, 'Quantity and detailed description', { font: bold, size: 6 });
  w.text(col.hs, 'HS tariff no.', { font: bold, size: 6 });
  w.text(col.origin, 'Origin', { font: bold, size: 6 });
  w.text(col.weight, 'Net kg', { font: bold, size: 6, align: 'right' });
  w.text(col.value, `Value (${cur})`, { font: bold, size: 6, align: 'right' });
  w.down(6);
  w.rule();
  w.down(8);
  const fits = (l: string) => textWidth(toWinAnsi(l), 'Helvetica', 7) <= 108;
  for (const i of doc.items) {
    const lines = wrapText(`${i.quantity} x ${i.description}${i.cusma ? ' *' : ''}`, fits, 2);
    w.ensure(10 * lines.length);
    w.text(col.hs, i.hsCode, { size: 7 });
    w.text(col.origin, i.originCountry, { size: 7 });
    w.text(col.weight, kg(i.weightKg), { size: 7, align: 'right' });
    w.text(col.value, money(i.lineValueCents), { size: 7, align: 'right' });
    lines.forEach((l, n) => {
      if (n > 0) w.down(8.5);
      w.text(margin + (n > 0 ? 6 : 0), l, { size: 7 });
    });
    w.down(10);
  }
  w.rule();
  w.down(6);
  w.text(margin, `Total gross weight: ${kg(doc.grossWeightKg)} kg`, { font: bold, size: 7 });
  w.text(right, `Total value: ${money(doc.totalValueCents)} ${cur}`, { font: bold, size: 7, align: 'right' });
  w.down(11);
  w.text(margin, clip(`Duties: ${INCOTERM[doc.incoterm] ?? doc.incoterm}`, 'Helvetica', 6.5, inner), { size: 6.5 });
  w.down(9);
  w.text(margin, `If undeliverable: ${NON_DELIVERY[doc.nonDelivery ?? 'return']}`, { size: 6.5 });
  w.text(right, `Reason: ${REASON[doc.contentsType] ?? doc.contentsType}`, { size: 6.5, align: 'right' });
  w.down(11);
  const cusma = cusmaStatement(doc, label.from.company || label.from.name);
  if (cusma) {
    w.paragraph(margin, inner, cusma, { size: 6 });
    w.down(3);
  }
  w.paragraph(margin, inner, POSTAL_DECLARATION, { size: 6 });
  signature(w, "Sender's signature", label.from.name, label.shipDate, 7);
  return w.finishPages();
}

/** The customs pages of a label, in print order. */
export function customsPages(label: LabelInput, doc: CustomsDocInput): PdfPageContent[] {
  switch (doc.form) {
    case 'CN22':
      return cn22(label, doc);
    case 'CN23':
      return cn23(label, doc);
    case 'COMMERCIAL_INVOICE':
      return Array.from({ length: INVOICE_COPIES }, (_, i) => commercialInvoice(label, doc, i + 1)).flat();
  }
}
