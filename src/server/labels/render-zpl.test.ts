import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ready } from 'zpl-renderer-js';
import type { LabelInput } from './label-input';
import { renderLabelZpl, zplText, ZPL_HEIGHT_DOTS, ZPL_WIDTH_DOTS } from './render-zpl';

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

const INPUT: LabelInput = {
  carrierCode: 'CA-CP',
  carrierName: 'Canada Post',
  serviceCode: 'DOM.EP',
  serviceName: 'Expedited Parcel',
  trackingNumber: '5695656657216591',
  orderCode: 'VY-ABCD1234',
  shipDate: '2026-12-05',
  from: {
    name: 'Rachel Green',
    company: '',
    address1: '90 Bedford Rd',
    address2: '',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5R 2K2',
    country: 'CA',
    phone: '4165550134',
  },
  to: {
    name: 'Monica Geller',
    company: 'Central Perk',
    address1: '2200 Kingsway',
    address2: '',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H3B 1K9',
    country: 'CA',
    phone: '5145550123',
  },
  weightKg: 1.2,
  dimensionsCm: { length: 30, width: 20, height: 10 },
  packageType: 'package',
  reference: '#1001 Mug ^ ~ _',
  mode: 'sandbox',
};

/** The ZPL drawn by a ZPL renderer at 203 dpi (8 dots/mm) on a 4×6 label, as PNG bytes. */
async function renderPng(zpl: string): Promise<Buffer> {
  const { api } = await ready;
  return Buffer.from(await api.zplToBase64Async(zpl, 101.6, 152.4, 8), 'base64');
}

describe('ZPL labels', () => {
  it('holds the PDF label’s content for a 203 dpi 4×6 printer', () => {
    const zpl = renderLabelZpl(INPUT);
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(`^PW${ZPL_WIDTH_DOTS}`);
    expect(zpl).toContain(`^LL${ZPL_HEIGHT_DOTS}`);
    for (const part of [
      'Canada Post',
      'DOM.EP',
      'EXPEDITED PARCEL',
      'SHIP DATE 2026-12-05',
      'Rachel Green',
      'Monica Geller',
      'Central Perk',
      '2200 Kingsway',
      'Montréal QC  H3B 1K9',
      '1.2 kg',
      'H3B',
      'YUL',
      'VY-ABCD1234',
      'SPECIMEN — NOT FOR SHIPPING',
    ]) {
      expect(zpl, part).toContain(part);
    }
    // Reserved characters travel hex-escaped; nothing else in the data starts a command.
    expect(zpl).toContain('#1001 Mug _5E _7E _5F');
    expect(zplText('a^b~c_d\\e\nf')).toBe('a_5Eb_7Ec_5Fd_5Ce f');
    expect(renderLabelZpl({ ...INPUT, mode: 'live' })).not.toContain('SPECIMEN');
  });

  it('renders with a ZPL renderer, and its Code 128 barcode reads back as the tracking number', async () => {
    for (const trackingNumber of ['5695656657216591', '1Z999AA10123456784']) {
      const png = await renderPng(renderLabelZpl({ ...INPUT, trackingNumber }));
      const found = await readBarcodes(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
        formats: ['Code128'],
      });
      expect(found.map((r) => r.text)).toEqual([trackingNumber]);
    }
  }, 60_000);
});
