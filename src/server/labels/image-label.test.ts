import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { imageLabelPdf } from './image-label';

/** A minimal greyscale PNG of w×h pixels (CRCs are not checked by pdf-lib's reader, but are written right). */
function png(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((w + 1) * h, 0xff);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('imageLabelPdf', () => {
  it('places a portrait 4×6 label at 203 dpi on one 4×6 page, full size', async () => {
    const pdf = await imageLabelPdf({ bytes: png(812, 1218), mediaType: 'image/png' });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([288, 432]);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Subtype /Image');
  });

  it('turns a landscape label (as UPS draws it) upright on the same page', async () => {
    const pdf = await imageLabelPdf({ bytes: png(1218, 812), mediaType: 'image/png' });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it('refuses a GIF (pdf-lib cannot embed it) rather than print something else', async () => {
    await expect(imageLabelPdf({ bytes: new Uint8Array([0x47, 0x49, 0x46]), mediaType: 'image/gif' })).rejects.toThrow(
      /image\/gif/,
    );
  });
});
