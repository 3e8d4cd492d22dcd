/**
 * The same 4×6 label as render-label.ts draws in PDF, as ZPL II for a 203 dpi thermal printer
 * (812 × 1218 dots): carrier and service banner, ship date, parcel figures, FROM, SHIP TO, routing
 * code, the tracking number as a Code 128 barcode (the printer draws it from the number) with the
 * number under it, and the reference line. Positions follow the PDF's, converted from points to
 * dots. A label of a carrier that is not live prints "SPECIMEN — NOT FOR SHIPPING" up both side margins
 * (a thermal printer's fonts have no "样本", and ZPL turns text by right angles only: decision 028).
 *
 * Text is sent as UTF-8 (^CI28) with ^FH hex escapes for the characters ZPL reserves (^ ~ _), and
 * each field sits in a field block (^FB) that wraps or cuts it to its box. Pure and quick; it runs on
 * the worker pool beside the PDF (`renderLabelZpl`).
 */
import { kgToLb, roundTo } from '../../shared/units';
import { formatPhone } from '../../shared/phone';
import type { LabelAddress, LabelInput } from './label-input';
import { code128Widths } from './code128';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT, routingCode } from './render-label';

export const ZPL_DPI = 203;
const DOTS_PER_PT = ZPL_DPI / 72;
export const ZPL_WIDTH_DOTS = Math.round(LABEL_WIDTH_PT * DOTS_PER_PT); // 812
export const ZPL_HEIGHT_DOTS = Math.round(LABEL_HEIGHT_PT * DOTS_PER_PT); // 1218

const d = (pt: number) => Math.round(pt * DOTS_PER_PT);
const MARGIN = 10;
const INNER = LABEL_WIDTH_PT - 2 * MARGIN;

/** Field data with ZPL's reserved characters hex-escaped (^FH_), one line, at most 200 characters. */
export function zplText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .slice(0, 200)
    .replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

type TextOpts = {
  size: number;
  width: number;
  lines?: number;
  bold?: boolean;
  align?: 'L' | 'C' | 'R';
  reverse?: boolean;
};

/** One text field: top-left at (x, y) in points (y the top of the text), font height in points. */
function text(out: string[], value: string, xPt: number, yPt: number, o: TextOpts): void {
  if (!value) return;
  const h = d(o.size);
  // Font 0 (CG Triumvirate Bold Condensed): the scalable font every Zebra printer has.
  const w = o.bold === false ? Math.round(h * 0.8) : h;
  out.push(
    `^FO${d(xPt)},${d(yPt)}^A0N,${h},${w}^FB${d(o.width)},${o.lines ?? 1},0,${o.align ?? 'L'},0${o.reverse ? '^FR' : ''}^FH_^FD${zplText(value)}^FS`,
  );
}

function box(out: string[], xPt: number, yPt: number, wPt: number, hPt: number, thicknessPt: number): void {
  out.push(`^FO${d(xPt)},${d(yPt)}^GB${d(wPt)},${d(hPt)},${Math.max(1, d(thicknessPt))}^FS`);
}

const hline = (out: string[], yPt: number, t = 1) => box(out, MARGIN, yPt, INNER, t, t);

function cityLine(a: LabelAddress): string {
  return [[a.city, a.province].filter(Boolean).join(' '), a.postalCode].filter(Boolean).join('  ');
}

export function renderLabelZpl(input: LabelInput): string {
  const out: string[] = ['^XA', '^CI28', `^PW${ZPL_WIDTH_DOTS}`, `^LL${ZPL_HEIGHT_DOTS}`, '^LH0,0'];

  // Header and the service banner (white on black).
  text(out, input.carrierName, MARGIN, 12, { size: 20, width: 170 });
  text(out, input.serviceCode, LABEL_WIDTH_PT - MARGIN - 92, 10, { size: 11, width: 92, align: 'R' });
  text(out, `SHIP DATE ${input.shipDate}`, LABEL_WIDTH_PT - MARGIN - 92, 24, {
    size: 7.5,
    width: 92,
    align: 'R',
    bold: false,
  });
  box(out, MARGIN, 37, INNER, 22, 11);
  text(out, input.serviceName.toUpperCase(), MARGIN + 6, 42, { size: 13, width: INNER - 90, reverse: true });
  text(out, input.packageType.toUpperCase(), LABEL_WIDTH_PT - MARGIN - 76, 44, {
    size: 9,
    width: 70,
    align: 'R',
    reverse: true,
  });

  // FROM and the parcel's figures.
  const fromW = 160;
  text(out, 'FROM', MARGIN, 65, { size: 6.5, width: 60 });
  const from = input.from;
  const fromLines = [
    from.name,
    from.company,
    from.address1,
    from.address2,
    cityLine(from),
    [from.country, formatPhone(from.phone)].filter(Boolean).join('  '),
  ].filter(Boolean);
  fromLines.forEach((line, i) => text(out, line, MARGIN, 74 + i * 9.5, { size: 7.5, width: fromW, bold: i === 0 }));
  const rightX = MARGIN + fromW + 10;
  const rightW = LABEL_WIDTH_PT - MARGIN - rightX;
  const figures: [string, string][] = [
    ['WEIGHT', `${roundTo(input.weightKg, 3)} kg (${kgToLb(input.weightKg)} lb)`],
    [
      'DIMENSIONS',
      `${roundTo(input.dimensionsCm.length, 1)} x ${roundTo(input.dimensionsCm.width, 1)} x ${roundTo(input.dimensionsCm.height, 1)} cm`,
    ],
    ['PIECES', '1 of 1'],
  ];
  figures.forEach(([label, value], i) => {
    text(out, label, rightX, 65 + i * 20, { size: 6.5, width: rightW });
    text(out, value, rightX, 73 + i * 20, { size: 9, width: rightW });
  });
  hline(out, 133);

  // SHIP TO, large.
  text(out, 'SHIP TO', MARGIN, 137, { size: 7, width: 80 });
  const to = input.to;
  let y = 147;
  const toLine = (value: string, size: number, lines = 1) => {
    if (!value) return;
    text(out, value, MARGIN, y, { size, width: INNER, lines });
    y += size * 1.15 * lines;
  };
  toLine(to.name, 14);
  toLine(to.company, 10.5);
  toLine(to.address1, 11.5, to.address1.length > 38 ? 2 : 1);
  toLine(to.address2, 11.5);
  toLine(cityLine(to), 12.5);
  toLine([to.country, formatPhone(to.phone)].filter(Boolean).join('  '), 9);
  hline(out, 246, 1.5);

  // Routing code.
  const routing = routingCode(to);
  box(out, MARGIN, 252, 130, 54, 1);
  text(out, routing.area, MARGIN, 262, { size: 36, width: 130, align: 'C' });
  box(out, MARGIN + 138, 252, 54, 54, 27);
  text(out, routing.district, MARGIN + 138, 262, { size: 36, width: 54, align: 'C', reverse: true });
  text(out, 'SORT', MARGIN + 200, 256, { size: 6.5, width: 60 });
  text(out, routing.sort, MARGIN + 200, 268, { size: 15, width: INNER - 200 });
  text(out, [to.province, to.country].filter(Boolean).join(' '), MARGIN + 200, 292, {
    size: 8,
    width: INNER - 200,
    bold: false,
  });
  hline(out, 312, 1.5);

  // The barcode: Code 128 (automatic subsets), 3-dot modules, 60 pt tall, centred; the number under it.
  text(out, 'TRACKING #', MARGIN, 316, { size: 6.5, width: 80 });
  const modules = code128Widths(input.trackingNumber).reduce((a, b) => a + b, 0);
  const moduleDots = Math.max(2, Math.min(3, Math.floor((ZPL_WIDTH_DOTS - 40) / modules)));
  const barcodeX = Math.max(0, Math.round((ZPL_WIDTH_DOTS - modules * moduleDots) / 2));
  out.push(`^BY${moduleDots},3,${d(60)}`);
  out.push(`^FO${barcodeX},${d(327)}^BCN,${d(60)},N,N,N,A^FD${zplText(input.trackingNumber)}^FS`);
  text(out, input.trackingNumber, MARGIN, 391, { size: 12, width: INNER, align: 'C' });
  hline(out, 408);

  // Reference line.
  const ref = [input.orderCode, input.reference].filter(Boolean).join(' · ');
  text(out, `REF: ${ref}`, MARGIN, 413, { size: 8.5, width: INNER, bold: false });

  // Not live: "SPECIMEN — NOT FOR SHIPPING" up both side margins, clear of every other field.
  if (input.mode !== 'live') {
    const h = d(8);
    const along = d(250);
    const warn = zplText('SPECIMEN — NOT FOR SHIPPING');
    out.push(`^FO${d(1)},${d(70)}^A0B,${h},${h}^FB${along},1,0,C,0^FH_^FD${warn}^FS`);
    out.push(`^FO${d(LABEL_WIDTH_PT - 9)},${d(70)}^A0R,${h},${h}^FB${along},1,0,C,0^FH_^FD${warn}^FS`);
  }
  out.push('^XZ');
  return out.join('\n') + '\n';
}
