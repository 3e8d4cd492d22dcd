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

/** A page-by-page writer: text top-down from the margin, a new page when the next line does not fit. */
export class DocWriter {
  private pages: string[] = [];
  private ops: string[] = [];
  /** The baseline of the next line, from the top of the page. */
  y = MARGIN;

  constructor(private readonly footer: string) {
    this.newPage();
  }

  newPage(): void {
    if (this.ops.length > 0 || this.pages.length > 0) this.flushPage();
    this.ops = [];
    this.y = MARGIN + 10;
  }

  private flushPage(): void {
    const n = this.pages.length + 1;
    const foot = toWinAnsi(`${this.footer} - page ${n}`);
    this.ops.push(`BT /F1 8 Tf ${MARGIN} 30 Td ${pdfString(foot)} Tj ET`);
    this.pages.push(this.ops.join('\n'));
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y + height > PAGE_HEIGHT - MARGIN - 10) this.newPage();
  }

  /** One piece of text at x (from the left) on the current baseline; `align: 'right'` ends it at x. */
  text(x: number, str: string, opts: { font?: FontName; size?: number; align?: 'left' | 'right' } = {}): void {
    const font = opts.font ?? 'Helvetica';
    const size = opts.size ?? 10;
    const t = toWinAnsi(str);
    if (t === '') return;
    const left = opts.align === 'right' ? x - textWidth(t, font, size) : x;
    this.ops.push(
      `BT /${FONT_KEY[font]} ${size} Tf ${left.toFixed(2)} ${(PAGE_HEIGHT - this.y).toFixed(2)} Td ${pdfString(t)} Tj ET`,
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

  /** A horizontal rule across the text width, just below the current baseline. */
  rule(): void {
    const y = PAGE_HEIGHT - this.y + 4;
    this.ops.push(`0.6 G 0.5 w ${MARGIN} ${y.toFixed(2)} m ${PAGE_WIDTH - MARGIN} ${y.toFixed(2)} l S 0 G`);
  }

  down(points: number): void {
    this.y += points;
  }

  finish(info: { title: string; creationDate: string }): Uint8Array {
    this.flushPage();
    return writeDocPdf(this.pages, info);
  }
}

/** PDF date string (D:YYYYMMDDHHmmSSZ) of an ISO instant. */
export function pdfDate(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

function writeDocPdf(pages: string[], info: { title: string; creationDate: string }): Uint8Array {
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
  pages.forEach((content, i) => {
    const stream = deflateSync(Buffer.from(content, 'latin1'));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects.push([`<< /Length ${stream.length} /Filter /FlateDecode >>`, stream]);
  });
  return serializePdf(objects, 5);
}
