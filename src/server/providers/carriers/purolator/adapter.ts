import { voidError, taxDifferenceLog, type AdapterLog } from '../adapter-support';
import { CarrierError, type Carrier, type CarrierQuote, type CarrierRef } from '../index';
import { createPurolatorClient, REFERENCE_DOCUMENT_TYPES, type PurolatorClient } from './client';
import { labelDocumentType, type PurolatorAccount, type PurolatorOutputType } from './mapping';

export type PurolatorAdapterOptions = {
  log: AdapterLog;
  timeoutMs?: number;
  now?: () => Date;
  client?: PurolatorClient;
};

/**
 * Purolator behind our Carrier interface: GetFullEstimate for rates, CreateShipment then GetDocuments
 * for the PDF label (kept as the carrier ref: the document type to ask again when it was not ready),
 * VoidShipment by PIN. A purchase of unknown outcome is found again by our reference
 * (TrackPackagesByReference on Reference1), with its label when GetDocuments has it. The same
 * thermal document is handed over again as ZPL II on demand (fetchZplLabel, decision 040).
 */
export function createPurolatorCarrier(account: PurolatorAccount, opts: PurolatorAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? createPurolatorClient(account, { timeoutMs: opts.timeoutMs, now });
  const warnTaxes = taxDifferenceLog(opts.log, 'CA-PUROLATOR');
  return {
    code: 'CA-PUROLATOR',
    name: 'Purolator',
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
        return {
          trackingNumber: p.trackingNumber,
          createdAt: p.createdAt,
          carrierLabel: p.label ?? undefined,
          carrierRef: { documentType: p.documentType || labelDocumentType(req.from, req.to) },
        };
      },
      async findByReference(reference) {
        const p = await client.findByReference(reference);
        if (!p) return null;
        return {
          trackingNumber: p.trackingNumber,
          createdAt: p.createdAt,
          carrierLabel: p.label ?? undefined,
          carrierRef: p.documentType ? { documentType: p.documentType } : {},
        };
      },
      track: (pin) => client.track(pin),
      async void(pin) {
        await client.void(pin).catch((err: unknown) => {
          throw voidError(err);
        });
      },
      fetchLabel: (pin, ref, { signal }) => documents(pin, ref, 'PDF', signal),
      /**
       * The bought shipment's thermal bill of lading again, as ZPL II (GetDocuments OutputType ZPL,
       * decision 040): the label a thermal printer prints, without buying anything again.
       */
      async fetchZplLabel(pin, ref, { signal }) {
        const label = await documents(pin, ref, 'ZPL', signal);
        return new TextDecoder().decode(label.bytes);
      },
    },
  };

  async function documents(pin: string, ref: CarrierRef | null, output: PurolatorOutputType, signal: AbortSignal) {
    const documentType = documentTypeOf(ref);
    if (documentType) return client.fetchLabel(pin, documentType, signal, output);
    // Found by reference before its label was ready: its document type is the one that answers.
    let last: unknown = new CarrierError('NOT_FOUND', 'Purolator: no label for this shipment');
    for (const type of REFERENCE_DOCUMENT_TYPES) {
      try {
        return await client.fetchLabel(pin, type, signal, output);
      } catch (err) {
        last = err;
      }
    }
    throw last;
  }
}

function documentTypeOf(ref: CarrierRef | null): string | null {
  const t = ref?.['documentType'];
  return typeof t === 'string' && t !== '' ? t : null;
}
