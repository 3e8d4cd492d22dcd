/**
 * A 4×6 inch (288×432 pt) shipping label as a PDF, laid out like a carrier's: carrier and service
 * banner, ship date, weight and dimensions, FROM (small), TO (large, bold), a routing code from the
 * destination postal district, the tracking number as a Code 128 barcode with the number under it,
 * and a reference line with our order code.
 *
 * Synchronous and CPU-bound (about 0.1–0.3 ms): the server runs it on the worker pool
 * (`workers.runTask('renderLabel', input)`, worker-tasks.ts); the Uint8Array it returns is copied
 * across by structured clone (a few KB). The same input always gives the same bytes (the PDF's dates
 * come from the ship date).
 *
 * Text uses the standard Helvetica fonts: what WinAnsi cannot show is transliterated or printed as
 * "?" (winansi.ts), and every text is shrunk, wrapped or cut with "…" to stay inside its box.
 *
 * A label of a carrier that is not live (the built-in sandbox, a carrier's test environment) carries
 * a large diagonal "SPECIMEN — NOT FOR SHIPPING" and, under it, "样本" in light grey behind
 * everything else, between the banner and the barcode, so that nobody hands in a parcel under it
 * while the barcode and the text it crosses still read. The PDF fonts cannot show "样本" (decision
 * 015): its two glyphs are drawn as filled outlines taken once from Noto Sans CJK (specimen-glyphs.ts).
 * Every such label carries both, whatever the reader's language: the label does not know it, and it
 * is printed for carriers and couriers.
 */
import { kgToLb, roundTo } from '../../shared/units';
import { formatPhone } from '../../shared/phone';
import { QUIET_ZONE_MODULES, code128Widths } from './code128';
import type { LabelAddress, LabelInput } from './label-input';
import { pdfString, writePdf } from './pdf-writer';
import { writePagesPdf } from '../documents/pdf-doc';
import { customsPages } from './customs-documents';
import { SPECIMEN_GLYPHS, SPECIMEN_GLYPH_UNITS_PER_EM } from './specimen-glyphs';
import { type FontName, textWidth, toWinAnsi } from './winansi';

export type { LabelInput } from './label-input';

export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;

const MARGIN = 10;
const INNER = LABEL_WIDTH_PT - 2 * MARGIN;
/** One dot of a 203 dpi thermal printer, in points: the barcode's modules are whole dots. */
const DOT_PT = 72 / 203;
/** Module width limits, in dots: 3 dots = 1.06 pt (≥ 0.75 pt), 5 dots = 1.77 pt. */
const MIN_MODULE_DOTS = 3;
const MAX_MODULE_DOTS = 5;
/** Room for the barcode and its quiet zones: the page but for a printer's unprintable edge. */
const BARCODE_ROOM = LABEL_WIDTH_PT - 8;
const MAX_FIELD_CHARS = 1000;

/** Regional sort hubs by the first letter of a Canadian postal code (the postal district). */
// prettier-ignore
const HUBS: Record<string, string> = {
  A: 'YYT', B: 'YHZ', C: 'YYG', E: 'YQM', G: 'YQB', H: 'YUL', J: 'YUL', K: 'YOW', L: 'YYZ', M: 'YYZ',
  N: 'YXU', P: 'YSB', R: 'YWG', S: 'YQR', T: 'YYC', V: 'YVR', X: 'YZF', Y: 'YXY',
};

export type RoutingCode = {
  /** The big code: the forward sortation area ("M5V"), or country and postal prefix abroad ("US 100"). */
  area: string;
  /** The postal district letter ("M"), or the country code abroad. */
  district: string;
  /** Hub and belt ("YYZ 14"), or "INTL" and the country abroad. */
  sort: string;
};

/** The routing code printed large on the label, from the destination postal code. */
export function routingCode(to: Pick<LabelAddress, 'country' | 'postalCode'>): RoutingCode {
  const country = toWinAnsi(to.country).toUpperCase().slice(0, 2) || '??';
  const postal = toWinAnsi(to.postalCode)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const fsa = /^([A-Z])(\d)([A-Z])/.exec(postal);
  if (country === 'CA' && fsa && HUBS[fsa[1]]) {
    const belt = ((Number(fsa[2]) * 26 + fsa[3].charCodeAt(0) - 65) % 40) + 1;
    return { area: fsa[0], district: fsa[1], sort: `${HUBS[fsa[1]]} ${String(belt).padStart(2, '0')}` };
  }
  return { area: `${country} ${postal.slice(0, 3)}`.trim(), district: country, sort: `INTL ${country}` };
}

type Text = { font: FontName; size: number };

/** Content stream operators for one page, drawn top-down (y measured from the top edge). */
class Canvas {
  ops: string[] = [];

  text(s: string, x: number, top: number, { font, size }: Text, white = false): void {
    if (s === '') return;
    const f = font === 'Helvetica' ? 'F1' : 'F2';
    const y = LABEL_HEIGHT_PT - top;
    this.ops.push(
      `BT${white ? ' 1 g' : ''} /${f} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfString(s)} Tj ET${white ? ' 0 g' : ''}`,
    );
  }

  rect(x: number, top: number, w: number, h: number): void {
    this.ops.push(`${num(x)} ${num(LABEL_HEIGHT_PT - top - h)} ${num(w)} ${num(h)} re`);
  }

  fill(): void {
    this.ops.push('f');
  }

  hline(top: number, width = 1): void {
    this.ops.push(
      `${num(width)} w ${MARGIN} ${num(LABEL_HEIGHT_PT - top)} m ${LABEL_WIDTH_PT - MARGIN} ${num(LABEL_HEIGHT_PT - top)} l S`,
    );
  }

  box(x: number, top: number, w: number, h: number, width = 1.5): void {
    this.ops.push(`${num(width)} w ${num(x)} ${num(LABEL_HEIGHT_PT - top - h)} ${num(w)} ${num(h)} re S`);
  }
}

const SPECIMEN_TEXT = 'SPECIMEN \u2014 NOT FOR SHIPPING';
/** Where the watermark may go (y from the top): below the service banner, above the tracking section. */
const SPECIMEN_BOX = { left: 14, right: LABEL_WIDTH_PT - 14, top: 66, bottom: 304 } as const;
/**
 * The watermark's greys: a light fill with a thin, slightly darker outline, light enough that black
 * text printed over it (the weight, the destination's postal code) reads as on white.
 */
const SPECIMEN_FILL_GREY = 0.8;
const SPECIMEN_STROKE_GREY = 0.66;
/**
 * "样本" under the SPECIMEN run: its em in points, and where its middle sits from the middle of
 * SPECIMEN_BOX, along the run (toward the top right) and across it (toward the bottom right), in
 * points. That puts it at the right of the SHIP TO block, where addresses rarely reach, above the
 * routing line (246 pt) and clear of the SPECIMEN run.
 */
const GLYPHS_EM_PT = 38;
const GLYPHS_ALONG_PT = 40;
const GLYPHS_ACROSS_PT = 42;
/** Marks the 样本 outlines in the content stream: a PDF comment (ASCII, ignored by readers) on its own line. */
export const SPECIMEN_GLYPHS_MARKER = '% SPECIMEN-GLYPHS yang ben: outlines from Noto Sans CJK SC Bold, OFL-1.1';

function specimenAngle(): number {
  return Math.atan2(SPECIMEN_BOX.bottom - SPECIMEN_BOX.top, SPECIMEN_BOX.right - SPECIMEN_BOX.left);
}

/**
 * The transformation (PDF `cm` operands, font units to page points, y up) that draws the 样本 run
 * rotated like the SPECIMEN run, and its bounds on the page (y from the top).
 */
export function specimenGlyphsPlacement(): {
  matrix: [number, number, number, number, number, number];
  box: { left: number; top: number; right: number; bottom: number };
} {
  const angle = specimenAngle();
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const s = GLYPHS_EM_PT / SPECIMEN_GLYPH_UNITS_PER_EM;
  // The run's middle in font units: half its advance, halfway up its outlines.
  const advance = SPECIMEN_GLYPHS.reduce((a, g) => a + g.advance, 0);
  const minY = Math.min(...SPECIMEN_GLYPHS.map((g) => g.bbox[1]));
  const maxY = Math.max(...SPECIMEN_GLYPHS.map((g) => g.bbox[3]));
  const mid = { x: advance / 2, y: (minY + maxY) / 2 };
  // Its middle on the page (PDF y up): along the run is (cos, sin), across toward the bottom right (sin, -cos).
  const cx = (SPECIMEN_BOX.left + SPECIMEN_BOX.right) / 2 + GLYPHS_ALONG_PT * cos + GLYPHS_ACROSS_PT * sin;
  const cy =
    LABEL_HEIGHT_PT - (SPECIMEN_BOX.top + SPECIMEN_BOX.bottom) / 2 + GLYPHS_ALONG_PT * sin - GLYPHS_ACROSS_PT * cos;
  const matrix: [number, number, number, number, number, number] = [
    s * cos,
    s * sin,
    -s * sin,
    s * cos,
    cx - s * (cos * mid.x - sin * mid.y),
    cy - s * (sin * mid.x + cos * mid.y),
  ];
  const xs: number[] = [];
  const ys: number[] = [];
  let at = 0;
  for (const g of SPECIMEN_GLYPHS) {
    for (const [gx, gy] of [
      [g.bbox[0], g.bbox[1]],
      [g.bbox[2], g.bbox[1]],
      [g.bbox[0], g.bbox[3]],
      [g.bbox[2], g.bbox[3]],
    ]) {
      xs.push(matrix[0] * (at + gx) + matrix[2] * gy + matrix[4]);
      ys.push(LABEL_HEIGHT_PT - (matrix[1] * (at + gx) + matrix[3] * gy + matrix[5]));
    }
    at += g.advance;
  }
  return {
    matrix,
    box: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) },
  };
}

/**
 * The diagonal SPECIMEN watermark, rising from bottom left to top right through the middle of
 * SPECIMEN_BOX, as large as fits there, and "样本" under it as filled outlines. Drawn first, in light
 * grey, so that everything printed over it stays black and the barcode band is never touched.
 */
function drawSpecimen(c: Canvas): void {
  const text = toWinAnsi(SPECIMEN_TEXT);
  const font = 'Helvetica-Bold' as const;
  const w = SPECIMEN_BOX.right - SPECIMEN_BOX.left;
  const h = SPECIMEN_BOX.bottom - SPECIMEN_BOX.top;
  const angle = specimenAngle();
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const perText = textWidth(text, font, 1);
  // The glyphs' extent across the baseline (ascender + descender), about one em.
  const across = 1;
  const size = Math.floor(Math.min(w / (perText * cos + across * sin), h / (perText * sin + across * cos)) * 4) / 4;
  const textW = perText * size;
  // Centre the run (its middle, a third of an em above the baseline) on the box's centre; PDF y is up.
  const cx = SPECIMEN_BOX.left + w / 2;
  const cy = LABEL_HEIGHT_PT - (SPECIMEN_BOX.top + h / 2);
  const x = cx - (textW / 2) * cos + size * 0.33 * sin;
  const y = cy - (textW / 2) * sin - size * 0.33 * cos;
  c.ops.push(
    `q ${SPECIMEN_FILL_GREY} g ${SPECIMEN_STROKE_GREY} G 0.5 w BT 2 Tr /F2 ${num(size)} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(x)} ${num(y)} Tm ${pdfString(text)} Tj ET Q`,
  );
  // 样本: each glyph's outline filled (nonzero winding), the next one moved on by the advance.
  const { matrix } = specimenGlyphsPlacement();
  c.ops.push(SPECIMEN_GLYPHS_MARKER);
  c.ops.push(`q ${SPECIMEN_FILL_GREY} g ${matrix.map(num).join(' ')} cm`);
  SPECIMEN_GLYPHS.forEach((g, i) => {
    if (i > 0) c.ops.push(`1 0 0 1 ${SPECIMEN_GLYPHS[i - 1].advance} 0 cm`);
    c.ops.push(`${g.path} f`);
  });
  c.ops.push('Q');
}

function num(n: number): string {
  return String(roundTo(n, 3));
}

/**
 * Lines of `text` (already WinAnsi) that fit `maxWidth`: at `size` when it fits on one line, else
 * shrunk down to `minSize`, else wrapped at `minSize` over up to `maxLines` lines, the last cut with "…".
 */
export function fitText(
  text: string,
  font: FontName,
  size: number,
  minSize: number,
  maxWidth: number,
  maxLines: number,
): { size: number; lines: string[] } {
  if (text === '') return { size, lines: [] };
  const full = textWidth(text, font, size);
  if (full <= maxWidth) return { size, lines: [text] };
  const shrunk = Math.floor(((size * maxWidth) / full) * 4) / 4;
  if (shrunk >= minSize) return { size: shrunk, lines: [text] };
  const lines: string[] = [];
  const space = textWidth(' ', font, minSize);
  let line = '';
  let lineW = 0;
  for (const word of text.split(' ')) {
    const wordW = textWidth(word, font, minSize);
    const candidateW = line === '' ? wordW : lineW + space + wordW;
    if (candidateW <= maxWidth) {
      line = line === '' ? word : `${line} ${word}`;
      lineW = candidateW;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    lineW = 0;
    // A word longer than the line is broken between characters.
    for (const ch of word) {
      const chW = textWidth(ch, font, minSize);
      if (lineW + chW > maxWidth && line !== '') {
        lines.push(line);
        line = '';
        lineW = 0;
      }
      line += ch;
      lineW += chW;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length > maxLines) {
    // The last line takes as much of the rest as fits, cut mid-word if need be ("Apt 9999…", not "Apt…").
    const rest = lines.slice(maxLines - 1).join(' ');
    const room = maxWidth - textWidth('\u0085', font, minSize);
    let cut = 0;
    let w = 0;
    while (cut < rest.length) {
      const chW = textWidth(rest[cut], font, minSize);
      if (w + chW > room) break;
      w += chW;
      cut++;
    }
    lines.length = maxLines;
    lines[maxLines - 1] = `${rest.slice(0, cut).trimEnd()}\u0085`; // WinAnsi 0x85: "…"
  }
  return { size: minSize, lines };
}

/**
 * Draws `text` fitted into `maxWidth` with its first baseline at `top`; returns the baseline of the
 * next line. Empty text draws nothing and takes no room.
 */
function drawFitted(
  c: Canvas,
  raw: string,
  x: number,
  top: number,
  maxWidth: number,
  style: Text & { minSize: number; maxLines?: number },
): number {
  // No field prints more than a few hundred characters: a huge one costs no more than that.
  const text = toWinAnsi(raw.slice(0, MAX_FIELD_CHARS));
  if (text === '') return top;
  const { size, lines } = fitText(text, style.font, style.size, style.minSize, maxWidth, style.maxLines ?? 1);
  const lineHeight = style.size * 1.12;
  let at = top;
  for (const line of lines) {
    c.text(line, x, at, { font: style.font, size });
    at += lineHeight;
  }
  return at;
}

function cityLine(a: LabelAddress): string {
  return [[a.city, a.province].filter(Boolean).join(' '), a.postalCode].filter(Boolean).join('  ');
}

function formatKg(kg: number): string {
  return String(roundTo(kg, 3));
}

function formatCm(cm: number): string {
  return String(roundTo(cm, 1));
}

/** "D:YYYYMMDD000000Z" from the ship date; a fixed date for anything malformed. */
function pdfDate(shipDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(shipDate);
  return m ? `D:${m[1]}${m[2]}${m[3]}000000Z` : 'D:20000101000000Z';
}

export function renderLabel(input: LabelInput): Uint8Array {
  const c = new Canvas();
  const bold = 'Helvetica-Bold' as const;
  const regular = 'Helvetica' as const;

  // Behind everything: whatever is drawn later stays black over it.
  if (input.mode !== 'live') drawSpecimen(c);

  // Header: carrier name, service code and ship date; then the service banner (white on black).
  drawFitted(c, input.carrierName, MARGIN, 30, 170, { font: bold, size: 22, minSize: 10 });
  const code = toWinAnsi(input.serviceCode);
  const codeFit = fitText(code, bold, 11, 6, 92, 1);
  if (codeFit.lines[0]) {
    const w = textWidth(codeFit.lines[0], bold, codeFit.size);
    c.text(codeFit.lines[0], LABEL_WIDTH_PT - MARGIN - w, 20, { font: bold, size: codeFit.size });
  }
  const date = `SHIP DATE ${toWinAnsi(input.shipDate)}`;
  const dateFit = fitText(date, regular, 7.5, 5, 92, 1);
  const dateW = textWidth(dateFit.lines[0], regular, dateFit.size);
  c.text(dateFit.lines[0], LABEL_WIDTH_PT - MARGIN - dateW, 31, { font: regular, size: dateFit.size });

  c.rect(MARGIN, 37, INNER, 22);
  c.fill();
  const pkg = toWinAnsi(input.packageType).toUpperCase();
  const pkgFit = fitText(pkg, bold, 9, 6, 70, 1);
  const pkgW = pkgFit.lines[0] ? textWidth(pkgFit.lines[0], bold, pkgFit.size) : 0;
  if (pkgFit.lines[0])
    c.text(pkgFit.lines[0], LABEL_WIDTH_PT - MARGIN - 6 - pkgW, 51.5, { font: bold, size: pkgFit.size }, true);
  const service = fitText(toWinAnsi(input.serviceName).toUpperCase(), bold, 14, 7, INNER - 12 - pkgW - 8, 1);
  if (service.lines[0]) c.text(service.lines[0], MARGIN + 6, 53, { font: bold, size: service.size }, true);

  // FROM (left) and the parcel's figures (right).
  const small: Text & { minSize: number } = { font: regular, size: 7.5, minSize: 5.5 };
  const fromW = 160;
  c.text('FROM', MARGIN, 71, { font: bold, size: 6.5 });
  let y = 81;
  y = drawFitted(c, input.from.name, MARGIN, y, fromW, { ...small, font: bold });
  y = drawFitted(c, input.from.company, MARGIN, y, fromW, small);
  y = drawFitted(c, input.from.address1, MARGIN, y, fromW, small);
  y = drawFitted(c, input.from.address2, MARGIN, y, fromW, small);
  y = drawFitted(c, cityLine(input.from), MARGIN, y, fromW, small);
  drawFitted(
    c,
    [input.from.country, formatPhone(input.from.phone)].filter(Boolean).join('  '),
    MARGIN,
    y,
    fromW,
    small,
  );

  const rightX = MARGIN + fromW + 10;
  const rightW = LABEL_WIDTH_PT - MARGIN - rightX;
  const figures: [string, string][] = [
    ['WEIGHT', `${formatKg(input.weightKg)} kg (${kgToLb(input.weightKg)} lb)`],
    [
      'DIMENSIONS',
      `${formatCm(input.dimensionsCm.length)} \u00d7 ${formatCm(input.dimensionsCm.width)} \u00d7 ${formatCm(input.dimensionsCm.height)} cm`,
    ],
    ['PIECES', '1 of 1'],
  ];
  figures.forEach(([label, value], i) => {
    const top = 71 + i * 20;
    c.text(label, rightX, top, { font: bold, size: 6.5 });
    drawFitted(c, value, rightX, top + 10, rightW, { font: bold, size: 9, minSize: 6 });
  });
  c.hline(133);

  // TO: large and bold, each part within its lines (the last baseline is at most 239).
  c.text('SHIP TO', MARGIN, 142, { font: bold, size: 7 });
  const to = input.to;
  y = 158;
  y = drawFitted(c, to.name, MARGIN, y, INNER, { font: bold, size: 14, minSize: 9 });
  y = drawFitted(c, to.company, MARGIN, y, INNER, { font: bold, size: 10.5, minSize: 8 });
  y = drawFitted(c, to.address1, MARGIN, y, INNER, { font: bold, size: 11.5, minSize: 8.5, maxLines: 2 });
  y = drawFitted(c, to.address2, MARGIN, y, INNER, { font: bold, size: 11.5, minSize: 8.5 });
  y = drawFitted(c, cityLine(to), MARGIN, y, INNER, { font: bold, size: 12.5, minSize: 8.5 });
  drawFitted(c, [to.country, formatPhone(to.phone)].filter(Boolean).join('  '), MARGIN, y, INNER, {
    ...small,
    size: 9,
  });
  c.hline(246, 1.5);

  // Routing: the area large in a box, the district letter reversed, the hub and belt.
  const routing = routingCode(to);
  c.box(MARGIN, 252, 130, 54);
  const area = fitText(toWinAnsi(routing.area), bold, 40, 14, 118, 1);
  const areaW = textWidth(area.lines[0], bold, area.size);
  c.text(area.lines[0], MARGIN + (130 - areaW) / 2, 279 + area.size * 0.36, { font: bold, size: area.size });
  c.rect(MARGIN + 138, 252, 54, 54);
  c.fill();
  const district = fitText(toWinAnsi(routing.district), bold, 40, 12, 48, 1);
  const districtW = textWidth(district.lines[0], bold, district.size);
  c.text(
    district.lines[0],
    MARGIN + 138 + (54 - districtW) / 2,
    279 + district.size * 0.36,
    { font: bold, size: district.size },
    true,
  );
  c.text('SORT', MARGIN + 200, 263, { font: bold, size: 6.5 });
  drawFitted(c, routing.sort, MARGIN + 200, 284, INNER - 200, { font: bold, size: 17, minSize: 8 });
  drawFitted(c, [to.province, to.country].filter(Boolean).join(' '), MARGIN + 200, 301, INNER - 200, {
    font: regular,
    size: 8,
    minSize: 5,
  });
  c.hline(312, 1.5);

  // The barcode, centred, whole-dot modules, quiet zones inside the room; the number under it.
  const tracking = toWinAnsi(input.trackingNumber);
  c.text('TRACKING #', MARGIN, 322, { font: bold, size: 6.5 });
  const widths = code128Widths(input.trackingNumber);
  const modules = widths.reduce((a, b) => a + b, 0);
  const dots = Math.min(MAX_MODULE_DOTS, Math.floor(BARCODE_ROOM / ((modules + 2 * QUIET_ZONE_MODULES) * DOT_PT)));
  const moduleW = dots >= MIN_MODULE_DOTS ? dots * DOT_PT : BARCODE_ROOM / (modules + 2 * QUIET_ZONE_MODULES);
  const barsW = modules * moduleW;
  let x = Math.round((LABEL_WIDTH_PT - barsW) / 2 / DOT_PT) * DOT_PT;
  for (let i = 0; i < widths.length; i++) {
    if (i % 2 === 0) c.rect(x, 327, widths[i] * moduleW, 60);
    x += widths[i] * moduleW;
  }
  c.fill();
  const human = fitText(tracking, bold, 12, 6, INNER, 1);
  const humanW = textWidth(human.lines[0], bold, human.size);
  c.text(human.lines[0], (LABEL_WIDTH_PT - humanW) / 2, 401, { font: bold, size: human.size });
  c.hline(408);

  // Reference: our order code, then the shipper's reference.
  const ref = ['REF', input.orderCode, input.reference].filter(Boolean);
  const refText = `${ref[0]}: ${ref.slice(1).join(' \u00b7 ')}`;
  drawFitted(c, refText, MARGIN, 421, INNER, { font: regular, size: 8.5, minSize: 6 });

  const info = { title: `Label ${tracking}`, creationDate: pdfDate(input.shipDate) };
  if (input.customs) {
    // Leaving Canada: the customs form after the label, in the same file (decision 036).
    const label = { widthPt: LABEL_WIDTH_PT, heightPt: LABEL_HEIGHT_PT, content: c.ops.join('\n') };
    return writePagesPdf([label, ...customsPages(input, input.customs)], info);
  }
  return writePdf({ widthPt: LABEL_WIDTH_PT, heightPt: LABEL_HEIGHT_PT, content: c.ops.join('\n'), info });
}
