/**
 * The smallest PDF that holds one label: one page, the two standard fonts (not embedded, WinAnsi),
 * one deflated content stream, an info dictionary. Written by hand rather than with pdf-lib because
 * it is synchronous (pdf-lib's save() is async), byte-for-byte deterministic and about ten times faster.
 */
import { deflateSync } from 'node:zlib';

export type PdfPage = {
  widthPt: number;
  heightPt: number;
  /** Content stream operators; char codes 0–255 only (WinAnsi text), written as Latin-1 bytes. */
  content: string;
  /** Info dictionary entries, plain text (escaped here). */
  info: { title: string; creationDate: string };
};

/** A PDF literal string: "(" + text with \, ( and ) escaped + ")". Char codes must be < 256. */
export function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function writePdf(page: PdfPage): Uint8Array {
  const stream = deflateSync(Buffer.from(page.content, 'latin1'));
  const objects: (string | [string, Buffer])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.widthPt} ${page.heightPt}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    [`<< /Length ${stream.length} /Filter /FlateDecode >>`, stream],
    `<< /Title ${pdfString(page.info.title)} /Producer (Voyageur) /Creator (Voyageur) ` +
      `/CreationDate (${page.info.creationDate}) /ModDate (${page.info.creationDate}) >>`,
  ];
  return serializePdf(objects, 7);
}

/**
 * A PDF file from its objects, numbered from 1 in order (a string, or a dictionary with its stream),
 * with the cross-reference table; object 1 is the catalog and `infoId` the document information.
 */
export function serializePdf(objects: readonly (string | [string, Buffer])[], infoId: number): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
  };
  objects.forEach((obj, i) => {
    offsets.push(length);
    if (typeof obj === 'string') {
      push(Buffer.from(`${i + 1} 0 obj\n${obj}\nendobj\n`, 'latin1'));
    } else {
      push(Buffer.from(`${i + 1} 0 obj\n${obj[0]}\nstream\n`, 'latin1'));
      push(obj[1]);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xrefAt = length;
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  push(Buffer.from(xref, 'latin1'));
  // A fresh, exactly sized buffer: the result is structured-cloned whole across threads.
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
