import { voidError, warnOnTaxDifference, type AdapterLog } from '../adapter-support';
import { CarrierError, type Carrier, type CarrierQuote, type CarrierRef } from '../index';
import { createPurolatorClient, type PurolatorClient } from './client';
import { labelDocumentType, type PurolatorAccount } from './mapping';

export type PurolatorAdapterOptions = {
  log: AdapterLog;
  timeoutMs?: number;
  now?: () => Date;
  client?: PurolatorClient;
};

/**
 * Purolator behind our Carrier interface: GetFullEstimate for rates, CreateShipment then GetDocuments
 * for the PDF label (kept as the carrier ref: the document type to ask again when it was not ready),
 * VoidShipment by PIN. No lookup by our reference: a purchase of unknown outcome counts as not bought.
 */
export function createPurolatorCarrier(account: PurolatorAccount, opts: PurolatorAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? createPurolatorClient(account, { timeoutMs: opts.timeoutMs, now });
  return {
    code: 'CA-PUROLATOR',
    name: 'Purolator',
    mode: account.mode,
    async quote(req, { signal }) {
      const quotes = await client.quote(req, { signal });
      const at = now();
      return quotes.map(({ carrierTaxCents, ...quote }): CarrierQuote => {
        warnOnTaxDifference(opts.log, 'CA-PUROLATOR', req, quote, carrierTaxCents, at);
        return quote;
      });
    },
    operations: {
      async purchase(req, { signal }) {
        const p = await client.purchase(req, { signal });
        return {
          trackingNumber: p.trackingNumber,
          createdAt: p.createdAt,
          carrierLabel: p.label ?? undefined,
          carrierRef: { documentType: p.documentType || labelDocumentType(req.from, req.to) },
        };
      },
      findByReference: async () => null,
      track: (pin) => client.track(pin),
      async void(pin) {
        await client.void(pin).catch((err: unknown) => {
          throw voidError(err);
        });
      },
      async fetchLabel(pin, ref, { signal }) {
        const documentType = documentTypeOf(ref);
        if (!documentType)
          throw new CarrierError('NOT_FOUND', 'Purolator: no document type was kept for this shipment');
        return client.fetchLabel(pin, documentType, signal);
      },
    },
  };
}

function documentTypeOf(ref: CarrierRef | null): string | null {
  const t = ref?.['documentType'];
  return typeof t === 'string' && t !== '' ? t : null;
}
