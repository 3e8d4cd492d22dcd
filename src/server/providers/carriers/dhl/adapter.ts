import { taxDifferenceLog, type AdapterLog } from '../adapter-support';
import { CarrierError, type Carrier, type CarrierQuote } from '../index';
import { createDhlClient, type DhlClient } from './client';
import type { DhlAccount } from './mapping';

export type DhlAdapterOptions = {
  log: AdapterLog;
  timeoutMs?: number;
  now?: () => Date;
  client?: DhlClient;
};

/**
 * DHL Express (MyDHL API) behind our Carrier interface. MyDHL has no call that cancels a shipment:
 * an unused DHL Express waybill is not billed, so a void is accepted on our side as long as DHL's
 * tracking shows the parcel never scanned; once scanned it is NOT_VOIDABLE. No lookup by our
 * reference either: a purchase of unknown outcome counts as not bought (and, unused, is not billed).
 */
export function createDhlCarrier(account: DhlAccount, opts: DhlAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? createDhlClient(account, { timeoutMs: opts.timeoutMs, now });
  const warnTaxes = taxDifferenceLog(opts.log, 'CA-DHL');
  return {
    code: 'CA-DHL',
    name: 'DHL',
    mode: account.mode,
    async quote(req, { signal }) {
      const quotes = await client.quote(req, { signal });
      warnTaxes(
        req,
        quotes.map((q) => ({
          serviceCode: q.serviceCode,
          priceCents: q.priceCents,
          carrierTaxCents: q.carrierTaxCents,
        })),
        now(),
      );
      return quotes.map(({ carrierTaxCents: _tax, ...quote }): CarrierQuote => quote);
    },
    operations: {
      async purchase(req, { signal }) {
        const p = await client.purchase(req, { signal });
        return { trackingNumber: p.trackingNumber, createdAt: p.createdAt, carrierLabel: p.label };
      },
      findByReference: async () => null,
      // The label's encodingFormat is chosen in the shipment request (decision 040).
      whyNoZpl: () =>
        'DHL Express sets a label’s format when it is bought and this one was bought as a PDF, so it is not available as ZPL (with ZPL as your default label format, DHL Express labels are bought as ZPL)',
      track: (trackingNumber) => client.track(trackingNumber),
      async void(trackingNumber) {
        let events;
        try {
          events = await client.track(trackingNumber);
        } catch (err) {
          // No checkpoint yet: DHL has not seen the parcel.
          if (err instanceof CarrierError && err.reason === 'NOT_FOUND') return;
          throw err;
        }
        const scanned = events.find((e) => e.status !== 'label_created');
        if (scanned) {
          throw new CarrierError(
            'NOT_VOIDABLE',
            `DHL: the parcel has been scanned (${scanned.description}); DHL Express waybills cannot be cancelled once in DHL's network`,
          );
        }
      },
    },
  };
}
