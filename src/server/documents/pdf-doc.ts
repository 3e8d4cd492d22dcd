/**
 * Letter-size business documents (receipts, credit notes, statements) drawn by hand as the labels
 * are (decision 015): the two standard Helvetica fonts in WinAnsi, text as real text operators so a
 * reader (pdftotext, a screen reader, an accountant's search) extracts it, one deflated content
 * stream per page. Synchronous and deterministic; it runs on the worker pool (decision 013).
 */
import { deflateSync } from 'node:zlib';
import { pdfString, serializePdf } from '../labels/pdf-writer';
import { textWidth, toWinAnsi, type FontName } from '../labels/winansi';

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const MARGIN = 50;

const FONT_KEY: Record<FontName, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

/** A page's size and text margin, in points: letter by default; a 4×6 label page for a CN22 (decision 036). */
export type PageSize = { width: number; height: number; margin: number };
export const LETTER: PageSize = { width: PAGE_WIDTH, height: PAGE_HEIGHT, margin: MARGIN };

/** A page-by-page writer: text top-down from the margin, a new page when the next line does not fit. */
export class DocWriter {
  private pages: string[] = [];
  private ops: string[] = [];
  /** The baseline of the next line, from the top of the page. */
  y = MARGIN;

  constructor(
    private readonly footer: string,
    readonly size: PageSize = LETTER,
  ) {
    this.newPage();
  }

  newPage(): void {
    if (this.ops.length > 0 || this.pages.length > 0) this.flushPage();
    this.ops = [];
    this.y = this.size.margin + 10;
  }

  private flushPage(): void {
    const n = this.pages.length + 1;
    const foot = toWinAnsi(`${this.footer} - page ${n}`);
    this.ops.push(`BT /F1 8 Tf ${this.size.margin} ${Math.min(30, this.size.margin)} Td ${pdfString(foot)} Tj ET`);
    this.pages.push(this.ops.join('\n'));
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y + height > this.size.height - this.size.margin - 10) this.newPage();
  }

  /** One piece of text at x (from the left) on the current baseline; `align: 'right'` ends it at x. */
  text(x: number, str: string, opts: { font?: FontName; size?: number; align?: 'left' | 'right' } = {}): void {
    const font = opts.font ?? 'Helvetica';
    const size = opts.size ?? 10;
    const t = toWinAnsi(str);
    if (t === '') return;
    const left = opts.align === 'right' ? x - textWidth(t, font, size) : x;
    this.ops.push(
      `BT /${FONT_KEY[font]} ${size} Tf ${left.toFixed(2)} ${(this.size.height - this.y).toFixed(2)} Td ${pdfString(t)} Tj ET`,
    );
  }

  /** Text wrapped to `width` from x, moving down a line per line drawn. */
  paragraph(x: number, width: number, str: string, opts: { font?: FontName; size?: number } = {}): void {
    const font = opts.font ?? 'Helvetica';
    const size = opts.size ?? 10;
    const words = toWinAnsi(str).split(' ');
    let line = '';
    const flush = () => {
      if (line === '') return;
      this.ensure(size + 3);
      this.text(x, line, { font, size });
      this.down(size + 3);
      line = '';
    };
    for (const w of words) {
      const next = line === '' ? w : `${line} ${w}`;
      if (textWidth(next, font, size) > width && line !== '') {
        flush();
        line = w;
      } else {
        line = next;
      }
    }
    flush();
  }

  /**
   * A horizontal rule across the text width, 4 pt above the current baseline: between the line
   * drawn last and the next one when the writer has moved down since (not through the last line).
   */
  rule(): void {
    const y = this.size.height - this.y + 4;
    this.ops.push(
      `0.6 G 0.5 w ${this.size.margin} ${y.toFixed(2)} m ${this.size.width - this.size.margin} ${y.toFixed(2)} l S 0 G`,
    );
  }

  /** A black outlined box, its top `top` points from the top of the page (a form's field, a check box). */
  box(x: number, top: number, width: number, height: number, lineWidth = 0.75): void {
    const y = this.size.height - top - height;
    this.ops.push(`${lineWidth} w ${x.toFixed(2)} ${y.toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re S`);
  }

  /** A black line from (x1, top1) to (x2, top2), tops measured from the top of the page (a signature line). */
  line(x1: number, top1: number, x2: number, top2: number, lineWidth = 0.75): void {
    const h = this.size.height;
    this.ops.push(
      `${lineWidth} w ${x1.toFixed(2)} ${(h - top1).toFixed(2)} m ${x2.toFixed(2)} ${(h - top2).toFixed(2)} l S`,
    );
  }

  down(points: number): void {
    this.y += points;
  }

  finish(info: { title: string; creationDate: string }): Uint8Array {
    return writeDocPdf(this.finishPages(), info);
  }

  /** The pages drawn (the last one closed with its footer), to be written with other pages (writePagesPdf). */
  finishPages(): PdfPageContent[] {
    this.flushPage();
    return this.pages.map((content) => ({ widthPt: this.size.width, heightPt: this.size.height, content }));
  }
}

/** PDF date string (D:YYYYMMDDHHmmSSZ) of an ISO instant. */
export function pdfDate(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

function writeDocPdf(pages: PdfPageContent[], info: { title: string; creationDate: string }): Uint8Array {
  return writePagesPdf(pages, info);
}

/** One page of a multi-page PDF: its size (points) and its content stream (WinAnsi text, char codes < 256). */
export type PdfPageContent = { widthPt: number; heightPt: number; content: string };

/**
 * A PDF of pages that may differ in size (a 4×6 label followed by letter-size customs forms,
 * decision 036), sharing the two standard fonts.
 */
export function writePagesPdf(pages: PdfPageContent[], info: { title: string; creationDate: string }): Uint8Array {
  // Objects: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then per page: the page and its content.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  const objects: (string | [string, Buffer])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(toWinAnsi(info.title))} /Producer (Voyageur) /Creator (Voyageur) ` +
      `/CreationDate (${info.creationDate}) /ModDate (${info.creationDate}) >>`,
  ];
  pages.forEach((page, i) => {
    const stream = deflateSync(Buffer.from(page.content, 'latin1'));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.widthPt} ${page.heightPt}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects.push([`<< /Length ${stream.length} /Filter /FlateDecode >>`, stream]);
  });
  return serializePdf(objects, 5);
}
