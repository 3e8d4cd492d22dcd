import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { createUpsCarrier } from './adapter';
import type { UpsClient } from './client';
import { ACCOUNT } from './fixtures/samples';
import { buildUpsLabelRecoveryRequest, parseUpsLabelRecoveryResponse } from './label-recovery';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const TRACKING = '1ZA1B2C32034567890';

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof CarrierError ? err.reason : 'not a CarrierError';
  }
  return 'no error';
};

describe('UPS label recovery as ZPL (decision 038)', () => {
  it('asks for the bought label as ZPL on 4×6 stock by its tracking number', () => {
    const call = buildUpsLabelRecoveryRequest(ACCOUNT, TRACKING, 'trans-1');
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/labels/v1/recovery');
    expect(call.headers).toMatchObject({ transId: 'trans-1', transactionSrc: 'voyageur' });
    expect(JSON.parse(call.body!)).toEqual({
      LabelRecoveryRequest: {
        LabelSpecification: { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } },
        TrackingNumber: TRACKING,
      },
    });
  });

  it("reads UPS's ZPL from the answer (one result, or ours among several packages)", () => {
    const zpl = parseUpsLabelRecoveryResponse(
      { status: 200, bodyText: fixture('label-recovery-response.json') },
      TRACKING,
    );
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(`^FD${TRACKING}^FS`);

    const one = JSON.parse(fixture('label-recovery-response.json')) as {
      LabelRecoveryResponse: { LabelResults: { TrackingNumber: string; LabelImage: { GraphicImage: string } } };
    };
    const first = one.LabelRecoveryResponse.LabelResults;
    const other = {
      TrackingNumber: '1ZA1B2C32034567801',
      LabelImage: {
        LabelImageFormat: { Code: 'ZPL' },
        GraphicImage: Buffer.from('^XA^FDother^FS^XZ').toString('base64'),
      },
    };
    const several = { LabelRecoveryResponse: { LabelResults: [other, first] } };
    expect(parseUpsLabelRecoveryResponse({ status: 200, bodyText: JSON.stringify(several) }, TRACKING)).toBe(zpl);
  });

  it("refuses an answer that is not a ZPL label, and turns UPS's errors into CarrierErrors", () => {
    const gif = {
      LabelRecoveryResponse: {
        LabelResults: {
          TrackingNumber: TRACKING,
          LabelImage: { LabelImageFormat: { Code: 'GIF' }, GraphicImage: Buffer.from('GIF89a').toString('base64') },
        },
      },
    };
    expect(
      reasonOf(() => parseUpsLabelRecoveryResponse({ status: 200, bodyText: JSON.stringify(gif) }, TRACKING)),
    ).toBe('UNAVAILABLE');
    expect(reasonOf(() => parseUpsLabelRecoveryResponse({ status: 200, bodyText: '{}' }, TRACKING))).toBe(
      'UNAVAILABLE',
    );
    expect(reasonOf(() => parseUpsLabelRecoveryResponse({ status: 200, bodyText: 'not json' }, TRACKING))).toBe(
      'UNAVAILABLE',
    );
    const refused = () =>
      parseUpsLabelRecoveryResponse({ status: 400, bodyText: fixture('error-label-recovery.json') }, TRACKING);
    expect(reasonOf(refused)).toBe('REFUSED');
    expect(() => refused()).toThrow('No label was found for the tracking number');
    expect(reasonOf(() => parseUpsLabelRecoveryResponse({ status: 503, bodyText: '' }, TRACKING))).toBe('UNAVAILABLE');
  });

  it('the UPS adapter offers fetchZplLabel through the client', async () => {
    const asked: string[] = [];
    const client = {
      recoverZplLabel: async (tracking: string) => {
        asked.push(tracking);
        return parseUpsLabelRecoveryResponse(
          { status: 200, bodyText: fixture('label-recovery-response.json') },
          tracking,
        );
      },
    } as unknown as UpsClient;
    const ups = createUpsCarrier(ACCOUNT, { log: { warn: () => undefined }, client });
    const zpl = await ups.operations!.fetchZplLabel!(
      TRACKING,
      { shipmentId: TRACKING },
      {
        signal: new AbortController().signal,
      },
    );
    expect(asked).toEqual([TRACKING]);
    expect(zpl).toContain(TRACKING);
  });
});
