import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { imageLabelPdf } from './image-label';
import { zplLabelPngs, zplLabelSize } from './zpl-image';

beforeAll(async () => {
  // The reader's WebAssembly from node_modules: zxing-wasm would otherwise fetch it from a CDN.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasmBinary = fs.readFileSync(wasm);
  await prepareZXingModule({
    overrides: {
      wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.length),
    },
    fireImmediately: true,
  });
});

/** A carrier-style 4×6 ZPL label (as FedEx's or Canada Post's thermal labels are laid out). */
const LABEL = [
  '^XA',
  '^PW812',
  '^LL1218',
  '^FO40,40^A0N,40,40^FDCarrier Label^FS',
  '^FO60,300^BY3^BCN,200,Y,N,N^FD794953535000^FS',
  '^XZ',
].join('\n');

const pngSize = (png: Uint8Array) => {
  const b = Buffer.from(png);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

describe('a carrier ZPL label drawn for printing from a browser', () => {
  it('reads the label size from ^PW and ^LL, 4×6 at 203 dpi when absent, and caps it', () => {
    expect(zplLabelSize(LABEL)).toEqual({ widthDots: 812, lengthDots: 1218 });
    expect(zplLabelSize('^XA^FDx^FS^XZ')).toEqual({ widthDots: 812, lengthDots: 1218 });
    expect(zplLabelSize('^XA^PW812^LL1624^XZ')).toEqual({ widthDots: 812, lengthDots: 1624 });
    expect(zplLabelSize('^XA^PW99999^LL99999^XZ')).toEqual({ widthDots: 1624, lengthDots: 2436 });
  });

  it('draws each label at 203 dpi, its barcode reading back', async () => {
    const [png, ...more] = await zplLabelPngs(LABEL);
    expect(more).toHaveLength(0);
    // 812 × 1218 dots (the renderer rounds the millimetres up by a dot or two).
    const { width, height } = pngSize(png!);
    expect(Math.abs(width - 812)).toBeLessThanOrEqual(2);
    expect(Math.abs(height - 1218)).toBeLessThanOrEqual(2);
    const found = await readBarcodes(new Blob([new Uint8Array(png!)], { type: 'image/png' }), {
      formats: ['Code128'],
    });
    expect(found.map((r) => r.text)).toEqual(['794953535000']);
  }, 60_000);

  it('places a ZPL label on a 4×6 PDF page, one page per label, and refuses what is not ZPL', async () => {
    const one = await PDFDocument.load(
      await imageLabelPdf({ bytes: new TextEncoder().encode(LABEL), mediaType: 'application/zpl' }),
    );
    expect(one.getPageCount()).toBe(1);
    expect(one.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const two = await PDFDocument.load(
      await imageLabelPdf({ bytes: new TextEncoder().encode(`${LABEL}\n${LABEL}`), mediaType: 'application/zpl' }),
    );
    expect(two.getPageCount()).toBe(2);
    await expect(
      imageLabelPdf({ bytes: new TextEncoder().encode('%PDF-1.4'), mediaType: 'application/zpl' }),
    ).rejects.toThrow(/not a ZPL label/);
  }, 60_000);
});
