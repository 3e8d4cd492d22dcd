import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { CARRIER_CODES, type CarrierCode } from '../../shared/carriers';
import { createWorkerPool } from '../lib/worker-pool';
import { generateTrackingNumber, isValidTrackingNumber } from '../providers/carriers/sandbox/tracking-numbers';
import { CODE128_PATTERNS, code128Values, QUIET_ZONE_MODULES } from './code128';
import type { LabelAddress, LabelInput } from './label-input';
import {
  fitText,
  LABEL_HEIGHT_PT,
  LABEL_WIDTH_PT,
  renderLabel,
  routingCode,
  SPECIMEN_GLYPHS_MARKER,
  specimenGlyphsPlacement,
} from './render-label';
import { SPECIMEN_GLYPHS } from './specimen-glyphs';
import { textWidth, toWinAnsi } from './winansi';

/** A 203 dpi thermal printer's resolution: the barcode must read back at what a label printer prints. */
const DPI = 203;

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

const FROM: LabelAddress = {
  name: 'Maple Goods Inc.',
  company: 'Shipping Dept',
  address1: '100 King St W',
  address2: 'Suite 5600',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5X 1C9',
  country: 'CA',
  phone: '416-555-0100',
};

const TO: LabelAddress = {
  name: 'Rachel Green',
  company: '',
  address1: '90 Bedford Rd',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5R 2K2',
  country: 'CA',
  phone: '416-555-0199',
};

const CARRIERS: Record<CarrierCode, { name: string; serviceCode: string; serviceName: string; example: string }> = {
  'CA-CP': { name: 'Canada Post', serviceCode: 'DOM.EP', serviceName: 'Expedited Parcel', example: '4946261624882118' },
  'CA-PUROLATOR': { name: 'Purolator', serviceCode: 'PUR.GROUND', serviceName: 'Ground', example: '047019316760' },
  'CA-UPS': { name: 'UPS', serviceCode: 'UPS.11', serviceName: 'Standard', example: '1Z999AA10123456784' },
  'CA-Fedex': { name: 'FedEx', serviceCode: 'FEDEX_GROUND', serviceName: 'Ground', example: '785136244018' },
  'CA-DHL': { name: 'DHL Express', serviceCode: 'DHL.WPX', serviceName: 'Express Worldwide', example: '2529695545' },
};

function labelFor(carrier: CarrierCode, trackingNumber: string, overrides: Partial<LabelInput> = {}): LabelInput {
  const c = CARRIERS[carrier];
  return {
    carrierCode: carrier,
    carrierName: c.name,
    serviceCode: c.serviceCode,
    serviceName: c.serviceName,
    trackingNumber,
    orderCode: 'VOY-7K3M9Q',
    shipDate: '2025-03-14',
    from: FROM,
    to: TO,
    weightKg: 2.5,
    dimensionsCm: { length: 30, width: 20, height: 10 },
    packageType: 'package',
    reference: 'Books and tea',
    // The sandbox's labels (every label today) carry the SPECIMEN watermark: the barcode must read through it.
    mode: 'sandbox',
    ...overrides,
  };
}

type Opened = { doc: mupdf.Document; page: mupdf.Page };
const opened: Opened[] = [];
afterAll(() => {
  for (const o of opened) {
    o.page.destroy();
    o.doc.destroy();
  }
});

function open(pdf: Uint8Array): mupdf.Page {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(0);
  opened.push({ doc, page });
  return page;
}

/** The page rasterised at `dpi`: opaque RGB on white (an alpha pixmap starts transparent, which reads as black). */
function raster(pdf: Uint8Array, dpi = DPI): { rgb: Uint8ClampedArray; width: number; height: number } {
  const scale = dpi / 72;
  const pixmap = open(pdf).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const width = pixmap.getWidth();
    expect(pixmap.getStride()).toBe(width * 3);
    return { rgb: pixmap.getPixels().slice(), width, height: pixmap.getHeight() };
  } finally {
    pixmap.destroy();
  }
}

/** The page rasterised at `dpi` (RGBA, as a canvas's ImageData) and decoded by zxing, every format tried. */
async function decode(pdf: Uint8Array, dpi = DPI) {
  const { rgb, width, height } = raster(pdf, dpi);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    data[j] = rgb[i];
    data[j + 1] = rgb[i + 1];
    data[j + 2] = rgb[i + 2];
    data[j + 3] = 255;
  }
  // Read at the printer's resolution as a scanner sees it, without zxing's extra pass over a copy shrunk to
  // a third (5-dot modules at 1.7 px): that pass misread one Purolator number in ~750 as a second,
  // different symbol beside the right one, failing CI once.
  return await readBarcodes({ data, width, height, colorSpace: 'srgb' } as ImageData, {
    formats: [],
    tryDownscale: false,
  });
}

function text(pdf: Uint8Array): string {
  return open(pdf).toStructuredText('preserve-whitespace').asText();
}

type Line = { text: string; bbox: { x: number; y: number; w: number; h: number } };
function lines(pdf: Uint8Array): Line[] {
  const json = JSON.parse(open(pdf).toStructuredText('preserve-whitespace').asJSON()) as {
    blocks: { type: string; lines?: Line[] }[];
  };
  return json.blocks.flatMap((b) => b.lines ?? []);
}

/** The page's content stream, inflated. */
function content(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const start = raw.indexOf('stream\n') + 'stream\n'.length;
  const end = raw.indexOf('\nendstream');
  return inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
}

/** The barcode's bars (x, width in pt) from the page's content stream: the rectangles 60 pt high. */
function bars(pdf: Uint8Array): { x: number; w: number }[] {
  return [...content(pdf).matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) 60 re/g)].map((m) => ({
    x: Number(m[1]),
    w: Number(m[3]),
  }));
}

describe('Code 128', () => {
  it('has 103 symbols of 11 modules, three starts and a 13-module stop', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    CODE128_PATTERNS.forEach((p, i) => {
      const modules = [...p].reduce((a, w) => a + Number(w), 0);
      expect(modules, `symbol ${i}`).toBe(i === 106 ? 13 : 11);
    });
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
  });

  it('encodes an all-digit number in code set C only, and UPS "1Z…" in B then C', () => {
    const cp = code128Values('4946261624882118');
    expect(cp[0]).toBe(105); // Start C
    expect(cp).toHaveLength(1 + 8 + 1); // 8 pairs and the check symbol
    const ups = code128Values('1Z999AA10123456784');
    expect(ups[0]).toBe(104); // Start B
    expect(ups).toContain(99); // Code C for the digit run
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('12é')).toThrow();
  });
});

describe('renderLabel', () => {
  for (const carrier of CARRIER_CODES) {
    const { example, name } = CARRIERS[carrier];

    it(`${name}: the barcode reads back ${example} as Code 128 at ${DPI} dpi`, async () => {
      expect(isValidTrackingNumber(carrier, example)).toBe(true);
      const pdf = renderLabel(labelFor(carrier, example));
      const results = await decode(pdf);
      expect(results.map((r) => [r.format, r.text, r.isValid])).toEqual([['Code128', example, true]]);
    });

    it(`${name}: freshly generated numbers read back too`, async () => {
      for (let i = 0; i < 3; i++) {
        const tracking = generateTrackingNumber(carrier);
        const results = await decode(renderLabel(labelFor(carrier, tracking)));
        expect(results.map((r) => [r.format, r.text])).toEqual([['Code128', tracking]]);
      }
    });
  }

  it('is a 4×6 inch page (288×432 pt) with the tracking number and order code in its text', () => {
    const pdf = renderLabel(labelFor('CA-UPS', '1Z999AA10123456784'));
    expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.4');
    expect(open(pdf).getBounds()).toEqual([0, 0, LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
    const t = text(pdf);
    expect(t).toContain('1Z999AA10123456784');
    expect(t).toContain('VOY-7K3M9Q');
    for (const part of [
      'UPS',
      'STANDARD',
      'Rachel Green',
      '90 Bedford Rd',
      'M5R 2K2',
      'Maple Goods Inc.',
      'M5R',
      'YYZ',
    ]) {
      expect(t).toContain(part);
    }
    expect(t).toContain('2.5 kg (5.51 lb)');
    expect(t).toContain('30 × 20 × 10 cm');
    expect(t).toContain('2025-03-14');
  });

  it('prints phone numbers formatted, whatever form they are stored in', () => {
    const t = text(
      renderLabel(
        labelFor('CA-UPS', '1Z999AA10123456784', {
          from: { ...FROM, phone: '4165550100x12' },
          to: { ...TO, country: 'GB', phone: '+442079460958' },
        }),
      ),
    );
    expect(t).toContain('416-555-0100 ext. 12');
    expect(t).toContain('+44 20 7946 0958');
    expect(t).not.toContain('4165550100');
  });

  it('leaves quiet zones of 10 modules or more and bars at least 0.75 pt wide', () => {
    for (const carrier of CARRIER_CODES) {
      const pdf = renderLabel(labelFor(carrier, CARRIERS[carrier].example));
      const b = bars(pdf);
      expect(b.length).toBeGreaterThan(20);
      const module = Math.min(...b.map((r) => r.w));
      expect(module).toBeGreaterThanOrEqual(0.75);
      const left = Math.min(...b.map((r) => r.x));
      const right = Math.max(...b.map((r) => r.x + r.w));
      expect(left).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES * module);
      expect(LABEL_WIDTH_PT - right).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES * module);
      // Nothing else is drawn beside the bars: no text line overlaps their band (327–387 pt from the top).
      for (const l of lines(pdf)) {
        const inBand = l.bbox.y < 387 && l.bbox.y + l.bbox.h > 327;
        expect(inBand, `"${l.text}" beside the barcode`).toBe(false);
      }
    }
  });

  it('prints Chinese, accented and very long addresses without throwing, inside the page', async () => {
    const long = 'Unit 4, Building Seventeen, Extraordinarily Long Industrial Park Access Road East '.repeat(6);
    const input = labelFor('CA-CP', '4946261624882118', {
      from: { ...FROM, name: '王小明', company: '北京贸易有限公司', address1: '朝阳区建国路88号', city: '多伦多' },
      to: {
        ...TO,
        name: 'Łukasz Żółć-Ōtsuka Nguyễn Thị Hồng Ánh'.repeat(4),
        company: 'Société Générale des Œuvres & Çà et là 🚚',
        address1: long,
        address2: `Apt ${'9'.repeat(300)}`,
        city: 'Saint-Jean-Port-Joli-sur-le-Très-Long-Fleuve-Saint-Laurent',
        province: 'QC',
        postalCode: 'G0R 3G0',
        phone: '＋１ ４１８ ５５５ ０１２３',
      },
      reference: `${'参考'.repeat(50)} ${'x'.repeat(500)}`,
      serviceName: 'Expedited Parcel with an unreasonably long marketing name for the banner',
      carrierName: 'Canada Post / Postes Canada — Corporation',
    });
    const pdf = renderLabel(input);
    const t = text(pdf);
    expect(t).toContain('???'); // 王小明
    expect(t).toContain('Lukasz Zólc-Otsuka Nguyen Thi Hong Ánh'); // Ł ł ć Ō ễ ị ồ lose their marks; ó Á stay
    expect(t).toContain('Société Générale des Œuvres & Çà et là ?');
    expect(t).toContain('418-555-0123'); // full-width forms folded, the number formatted
    expect(t).toContain('4946261624882118');
    expect(t).toContain('VOY-7K3M9Q');
    expect(t).toContain('G0R');
    for (const l of lines(pdf)) {
      expect(l.bbox.x, `"${l.text}" starts on the page`).toBeGreaterThanOrEqual(0);
      expect(l.bbox.x + l.bbox.w, `"${l.text}" ends on the page`).toBeLessThanOrEqual(LABEL_WIDTH_PT);
      expect(l.bbox.y).toBeGreaterThanOrEqual(0);
      expect(l.bbox.y + l.bbox.h).toBeLessThanOrEqual(LABEL_HEIGHT_PT);
    }
    expect((await decode(pdf)).map((r) => r.text)).toEqual(['4946261624882118']);
  });

  it('marks a sandbox or test label SPECIMEN — NOT FOR SHIPPING, diagonally, above the barcode', async () => {
    for (const mode of ['sandbox', 'test'] as const) {
      const pdf = renderLabel(labelFor('CA-CP', '4946261624882118', { mode }));
      const specimen = lines(pdf).filter((l) => l.text.includes('SPECIMEN'));
      expect(
        specimen.map((l) => l.text.trim()),
        mode,
      ).toEqual(['SPECIMEN — NOT FOR SHIPPING']);
      const box = specimen[0].bbox;
      // Large and diagonal: it spans most of the label's width and height (a horizontal line would be a few pt high).
      expect(box.w).toBeGreaterThan(LABEL_WIDTH_PT * 0.75);
      expect(box.h).toBeGreaterThan(LABEL_HEIGHT_PT * 0.4);
      // Clear of the barcode band (327–387 pt from the top), which still reads.
      expect(box.y + box.h).toBeLessThanOrEqual(327);
      expect((await decode(pdf)).map((r) => r.text)).toEqual(['4946261624882118']);
    }
  });

  it('draws 样本 under SPECIMEN as filled outlines, in grey, clear of the barcode and the routing code', async () => {
    const { box } = specimenGlyphsPlacement();
    // Inside the label's SHIP TO section (between the rules at 133 and 246 pt), right of where addresses run.
    expect(box.top).toBeGreaterThan(133);
    expect(box.bottom).toBeLessThan(246);
    expect(box.left).toBeGreaterThan(150);
    expect(box.right).toBeLessThan(LABEL_WIDTH_PT - 10);
    for (const mode of ['sandbox', 'test'] as const) {
      const pdf = renderLabel(labelFor('CA-CP', '4946261624882118', { mode }));
      const ops = content(pdf);
      // The marker on its own line, then both glyphs' outlines, each filled.
      expect(ops.split('\n'), mode).toContain(SPECIMEN_GLYPHS_MARKER);
      expect(SPECIMEN_GLYPHS.map((g) => g.char).join('')).toBe('样本');
      for (const g of SPECIMEN_GLYPHS) expect(ops).toContain(`${g.path} f`);
      expect(ops.slice(ops.indexOf(SPECIMEN_GLYPHS_MARKER))).toMatch(/^[^\n]*\nq 0\.8 g [-\d. ]+ cm\n\d+ \d+ m /);
      // Drawn: grey pixels (neither white nor black) fill a good part of its box at 203 dpi.
      const { rgb, width } = raster(pdf);
      const px = DPI / 72;
      let grey = 0;
      let all = 0;
      for (let y = Math.ceil(box.top * px); y < box.bottom * px; y++) {
        for (let x = Math.ceil(box.left * px); x < box.right * px; x++) {
          const v = rgb[(y * width + x) * 3];
          all++;
          if (v > 150 && v < 240) grey++;
        }
      }
      expect(grey / all, mode).toBeGreaterThan(0.15);
      expect((await decode(pdf)).map((r) => r.text)).toEqual(['4946261624882118']);
    }
  });

  it('keeps the watermark light: nothing it draws is darker than 60 % white, so the text over it reads', () => {
    const sandbox = raster(renderLabel(labelFor('CA-CP', '4946261624882118', { mode: 'sandbox' })));
    const live = raster(renderLabel(labelFor('CA-CP', '4946261624882118', { mode: 'live' })));
    expect(sandbox.rgb.length).toBe(live.rgb.length);
    let marked = 0;
    let darkest = 255;
    // Where the live label is blank, the sandbox label shows only its watermark.
    for (let i = 0; i < live.rgb.length; i++) {
      if (live.rgb[i] !== 255 || sandbox.rgb[i] === 255) continue;
      marked++;
      darkest = Math.min(darkest, sandbox.rgb[i]);
    }
    expect(marked).toBeGreaterThan(1000);
    expect(darkest).toBeGreaterThanOrEqual(Math.round(0.6 * 255));
  });

  it('prints no SPECIMEN on the label of a live carrier, nor 样本', async () => {
    const pdf = renderLabel(labelFor('CA-UPS', '1Z999AA10123456784', { mode: 'live' }));
    expect(text(pdf)).not.toContain('SPECIMEN');
    expect(text(pdf)).not.toContain('NOT FOR SHIPPING');
    const ops = content(pdf);
    expect(ops).not.toContain('SPECIMEN-GLYPHS');
    for (const g of SPECIMEN_GLYPHS) expect(ops).not.toContain(g.path);
    // No curve operator at all (six numbers, then c): a live label draws text, rules and bars only.
    expect(ops).not.toMatch(/(?:-?[\d.]+ ){6}c(?:\s|$)/);
    expect(text(pdf)).toContain('1Z999AA10123456784');
    expect((await decode(pdf)).map((r) => r.text)).toEqual(['1Z999AA10123456784']);
  });

  it('gives the same bytes for the same input, the PDF dated by the ship date', () => {
    const input = labelFor('CA-Fedex', '785136244018');
    const a = renderLabel(input);
    const b = renderLabel(structuredClone(input));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).toString('latin1')).toContain('/CreationDate (D:20250314000000Z)');
    const later = renderLabel({ ...input, shipDate: '2025-03-15' });
    expect(Buffer.from(later).equals(Buffer.from(a))).toBe(false);
  });

  it('returns an exactly sized Uint8Array (it is structured-cloned whole across threads)', () => {
    const pdf = renderLabel(labelFor('CA-DHL', '2529695545'));
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(pdf.byteOffset).toBe(0);
    expect(pdf.buffer.byteLength).toBe(pdf.byteLength);
  });

  it('runs on the worker pool as the renderLabel task', async () => {
    const workers = createWorkerPool({ size: 1 });
    try {
      const input = labelFor('CA-PUROLATOR', '047019316760');
      const pdf = await workers.runTask('renderLabel', input);
      expect(pdf).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(pdf).equals(Buffer.from(renderLabel(input)))).toBe(true);
    } finally {
      await workers.close();
    }
    // A worker thread loading the TypeScript sources through tsx takes seconds on a shared machine.
  }, 30_000);
});

describe('routingCode', () => {
  it('takes the forward sortation area, the district letter and its hub', () => {
    expect(routingCode({ country: 'CA', postalCode: 'M5V 3L9' })).toEqual({
      area: 'M5V',
      district: 'M',
      sort: expect.stringMatching(/^YYZ \d\d$/),
    });
    expect(routingCode({ country: 'CA', postalCode: 'h3g1p1' })).toMatchObject({ area: 'H3G', district: 'H' });
    expect(routingCode({ country: 'CA', postalCode: 'V6B 1A1' }).sort).toMatch(/^YVR /);
  });

  it('routes other countries through the international hub', () => {
    expect(routingCode({ country: 'US', postalCode: '10001-1234' })).toEqual({
      area: 'US 100',
      district: 'US',
      sort: 'INTL US',
    });
    expect(routingCode({ country: 'GB', postalCode: '' })).toEqual({ area: 'GB', district: 'GB', sort: 'INTL GB' });
  });
});

describe('WinAnsi text', () => {
  it('keeps what WinAnsi has, strips accents it lacks, and prints "?" for the rest', () => {
    // Codes 0x80–0x9F hold the typographic characters: Œ 0x8C, € 0x80, “ 0x93, ” 0x94, – 0x96.
    expect(toWinAnsi('Montréal Œuvre €5 “quoted” – ok')).toBe('Montréal \x8cuvre \x805 \x93quoted\x94 \x96 ok');
    expect(toWinAnsi('Łódź Kraków Ōsaka Nguyễn Đà Nẵng')).toBe('Lódz Kraków Osaka Nguyen Dà Nang');
    expect(toWinAnsi('王小明 🚚')).toBe('??? ?');
    expect(toWinAnsi('１２３ Ｍain\tSt\n\r')).toBe('123 Main St');
    expect(toWinAnsi('e\u0301')).toBe('é');
    for (const ch of toWinAnsi('Ω ∑ ✓ 한국 ١٢٣ ø ß')) expect(ch.charCodeAt(0)).toBeLessThan(256);
  });

  it('shrinks, then wraps, then cuts with an ellipsis, never wider than asked', () => {
    expect(fitText('Short', 'Helvetica-Bold', 12, 8, 200, 1)).toEqual({ size: 12, lines: ['Short'] });
    const shrunk = fitText('A somewhat longer line of text', 'Helvetica-Bold', 12, 6, 150, 1);
    expect(shrunk.lines).toHaveLength(1);
    expect(shrunk.size).toBeLessThan(12);
    const long = toWinAnsi('word '.repeat(200));
    const wrapped = fitText(long, 'Helvetica', 12, 8, 100, 3);
    expect(wrapped.lines).toHaveLength(3);
    expect(wrapped.lines[2].endsWith('\u0085')).toBe(true);
    for (const l of wrapped.lines) expect(textWidth(l, 'Helvetica', wrapped.size)).toBeLessThanOrEqual(100);
    const unbroken = fitText('9'.repeat(500), 'Helvetica', 12, 8, 100, 2);
    for (const l of unbroken.lines) expect(textWidth(l, 'Helvetica', unbroken.size)).toBeLessThanOrEqual(100);
  });
});
