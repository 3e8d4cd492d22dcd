import { carrierRequest } from '../http';
import {
  bytesOfBase64,
  isZplLabel,
  voidError,
  taxDifferenceLog,
  warnOncePer,
  type AdapterLog,
} from '../adapter-support';
import { CarrierError, type Carrier, type CarrierLabel, type CarrierRef } from '../index';
import { createFedexClient, type FedexClient } from './client';
import type { FedexAccount, FedexLabelMediaType } from './mapping';

export type FedexAdapterOptions = {
  log: AdapterLog;
  timeoutMs?: number;
  now?: () => Date;
  client?: FedexClient;
};

/**
 * FedEx behind our Carrier interface: the account's rate over the list rate, the label as PDF bytes,
 * or ZPL II for a buyer who prints on a thermal printer (decision 040), fetched from its link when
 * FedEx answers a URL only. FedEx has no lookup by our reference: a
 * purchase of unknown outcome is settled as not bought (the recovery job refunds it).
 */
export function createFedexCarrier(account: FedexAccount, opts: FedexAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const client = opts.client ?? createFedexClient({ account, timeoutMs, now });

  async function download(url: string, mediaType: FedexLabelMediaType, signal?: AbortSignal): Promise<CarrierLabel> {
    const res = await carrierRequest({ url, method: 'GET', headers: { Accept: mediaType }, signal, timeoutMs });
    if (res.status < 200 || res.status >= 300) {
      throw new CarrierError('UNAVAILABLE', `FedEx: the label link answered HTTP ${res.status}`);
    }
    if (mediaType === 'application/zpl') {
      if (!isZplLabel(res.bodyBytes)) throw new CarrierError('UNAVAILABLE', 'FedEx: the label link did not answer ZPL');
      return { bytes: res.bodyBytes, mediaType };
    }
    const pdf = res.bodyBytes.length >= 5 && new TextDecoder().decode(res.bodyBytes.subarray(0, 5)) === '%PDF-';
    if (!pdf) throw new CarrierError('UNAVAILABLE', 'FedEx: the label link did not answer a PDF');
    return { bytes: res.bodyBytes, mediaType: 'application/pdf' };
  }

  const warnTaxes = taxDifferenceLog(opts.log, 'CA-Fedex');
  const warnSkipped = warnOncePer(opts.log);
  return {
    code: 'CA-Fedex',
    name: 'FedEx',
    mode: account.mode,
    async quote(req, { signal }) {
      const result = await client.rate(req, { signal });
      for (const s of result.skipped)
        warnSkipped(s.serviceType, { carrier: 'CA-Fedex', ...s }, 'FedEx rated a service we could not read', now());
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
        if (p.label.kind === 'bytes') {
          return {
            trackingNumber: p.trackingNumber,
            createdAt: p.createdAt,
            carrierLabel: { bytes: bytesOfBase64(p.label.base64), mediaType: p.label.mediaType },
          };
        }
        const carrierRef = { labelUrl: p.label.url, labelMediaType: p.label.mediaType };
        // The shipment exists and is billed: a link that fails now is fetched again when printed.
        const carrierLabel = await download(p.label.url, p.label.mediaType, signal).catch(() => undefined);
        return { trackingNumber: p.trackingNumber, createdAt: p.createdAt, carrierLabel, carrierRef };
      },
      findByReference: async () => null,
      track: (trackingNumber) => client.track(trackingNumber),
      async void(trackingNumber) {
        await client.void(trackingNumber).catch((err: unknown) => {
          throw voidError(err);
        });
      },
      async fetchLabel(_trackingNumber, ref, { signal }) {
        const url = labelUrlOf(ref);
        if (!url) throw new CarrierError('NOT_FOUND', 'FedEx: no label link was kept for this shipment');
        return download(
          url,
          ref?.['labelMediaType'] === 'application/zpl' ? 'application/zpl' : 'application/pdf',
          signal,
        );
      },
      // The label's imageType is chosen in the ship request; FedEx hands it over once (decision 040).
      whyNoZpl: () =>
        'FedEx sets a label’s format when it is bought and this one was bought as a PDF, so it is not available as ZPL (with ZPL as your default label format, FedEx labels are bought as ZPL)',
    },
  };
}

function labelUrlOf(ref: CarrierRef | null): string | null {
  const url = ref?.['labelUrl'];
  return typeof url === 'string' && url !== '' ? url : null;
}
