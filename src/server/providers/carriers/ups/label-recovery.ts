/**
 * UPS Label Recovery (decision 038): the label of a shipment already bought, asked again as ZPL II
 * on 4×6 stock for a thermal printer. The purchase keeps UPS's image label (placed on a PDF page by
 * the label route); this is how `?format=zpl` gets UPS's own label without buying twice.
 *
 *   POST /api/labels/{version}/recovery
 *   { LabelRecoveryRequest: { LabelSpecification: { LabelImageFormat: { Code: 'ZPL' },
 *     LabelStockSize: { Height: '6', Width: '4' } }, TrackingNumber } }
 *   → { LabelRecoveryResponse: { LabelResults: { TrackingNumber, LabelImage: { LabelImageFormat, GraphicImage } } } }
 * (LabelResults is an array for a shipment of several packages: the one of our tracking number.)
 */
import { CarrierError } from '../index';
import { upsError, type UpsAccount, type UpsAnswer, type UpsCall } from './mapping';

/** The Label Recovery API's version in the path. */
export const UPS_LABEL_RECOVERY_VERSION = 'v1';

export function buildUpsLabelRecoveryRequest(account: UpsAccount, trackingNumber: string, transId: string): UpsCall {
  return {
    method: 'POST',
    path: `/api/labels/${UPS_LABEL_RECOVERY_VERSION}/recovery`,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      transId,
      transactionSrc: account.transactionSrc ?? 'voyageur',
    },
    body: JSON.stringify({
      LabelRecoveryRequest: {
        LabelSpecification: {
          LabelImageFormat: { Code: 'ZPL' },
          LabelStockSize: { Height: '6', Width: '4' },
        },
        TrackingNumber: trackingNumber,
      },
    }),
  };
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The ZPL text of the recovered label of `trackingNumber`; UPS's refusal as a CarrierError. */
export function parseUpsLabelRecoveryResponse(answer: UpsAnswer, trackingNumber: string): string {
  if (answer.status < 200 || answer.status >= 300) throw upsError(answer, 'label');
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    throw new CarrierError('UNAVAILABLE', 'UPS: the label recovery answer is not JSON');
  }
  const raw = record(record(body)['LabelRecoveryResponse'])['LabelResults'];
  const results = (Array.isArray(raw) ? raw : [raw]).map(record);
  const result = results.find((r) => r['TrackingNumber'] === trackingNumber) ?? results[0] ?? {};
  const image = record(result['LabelImage']);
  const format = String(record(image['LabelImageFormat'])['Code'] ?? '').toUpperCase();
  const graphic = image['GraphicImage'];
  if (typeof graphic !== 'string' || graphic === '') {
    throw new CarrierError('UNAVAILABLE', 'UPS: the label recovery answer has no label');
  }
  if (format !== 'ZPL')
    throw new CarrierError('UNAVAILABLE', `UPS: the recovered label is ${format || 'of no format'}, not ZPL`);
  const zpl = Buffer.from(graphic, 'base64').toString('utf8');
  if (!/^\s*\^XA/i.test(zpl)) throw new CarrierError('UNAVAILABLE', 'UPS: the recovered label is not ZPL');
  return zpl;
}
