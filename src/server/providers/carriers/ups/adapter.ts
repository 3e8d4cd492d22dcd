import { bytesOfBase64, voidError, taxDifferenceLog, warnOncePer, type AdapterLog } from '../adapter-support';
import type { Carrier, CarrierRef } from '../index';
import { createUpsClient, type UpsClient } from './client';
import type { UpsAccount } from './mapping';

export type UpsAdapterOptions = {
  log: AdapterLog;
  /** Each request's own limit (purchase, track, void); quotes are bounded by the quote deadline too. */
  timeoutMs?: number;
  now?: () => Date;
  /** A client made elsewhere (tests); one is made from the account otherwise. */
  client?: UpsClient;
};

/**
 * UPS behind our Carrier interface: negotiated rates when the account has them, the label as an image
 * (PNG, asked by the account's labelFormat) that the label route places on a 4×6 PDF page, purchases
 * found again by our reference (UPS tracks by reference number), voids by shipment id.
 */
export function createUpsCarrier(account: UpsAccount, opts: UpsAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? createUpsClient({ account, timeoutMs: opts.timeoutMs, now });
  const warnTaxes = taxDifferenceLog(opts.log, 'CA-UPS');
  const warnSkipped = warnOncePer(opts.log);
  return {
    code: 'CA-UPS',
    name: 'UPS',
    mode: account.mode,
    async quote(req, { signal }) {
      const result = await client.rate(req, { signal });
      for (const s of result.skipped)
        warnSkipped(s.upsCode, { carrier: 'CA-UPS', ...s }, 'UPS rated a service we could not read', now());
      warnTaxes(
        req,
        result.quotes.map(({ quote, carrierTaxCents }) => ({ ...quote, carrierTaxCents })),
        now(),
      );
      return result.quotes.map(({ quote }) => quote);
    },
    operations: {
      async purchase(req, { signal }) {
        const p = await client.purchase(req, { signal });
        return {
          trackingNumber: p.trackingNumber,
          createdAt: p.createdAt,
          carrierLabel: { bytes: bytesOfBase64(p.label.base64), mediaType: p.label.mediaType },
          carrierRef: { shipmentId: p.shipmentId },
        };
      },
      findByReference: (reference) => client.findByReference(reference),
      track: (trackingNumber) => client.track(trackingNumber),
      async void(trackingNumber, _now, ref) {
        const shipmentId = shipmentIdOf(ref) ?? trackingNumber;
        await client.void(shipmentId).catch((err: unknown) => {
          throw voidError(err);
        });
      },
      // ZPL II for a thermal printer: UPS recovers the bought label in that format (decision 038).
      fetchZplLabel: (trackingNumber, _ref, { signal }) => client.recoverZplLabel(trackingNumber, { signal }),
    },
  };
}

function shipmentIdOf(ref: CarrierRef | null | undefined): string | null {
  const id = ref?.['shipmentId'];
  return typeof id === 'string' && id !== '' ? id : null;
}
