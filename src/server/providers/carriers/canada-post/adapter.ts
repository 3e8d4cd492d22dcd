import { voidError, taxDifferenceLog, type AdapterLog } from '../adapter-support';
import { CarrierError, type Carrier, type CarrierQuote, type CarrierRef } from '../index';
import { createCanadaPostClient, type CanadaPostClient } from './client';
import type { CanadaPostAccount, CanadaPostShipmentRef } from './mapping';

export type CanadaPostAdapterOptions = {
  log: AdapterLog;
  timeoutMs?: number;
  now?: () => Date;
  client?: CanadaPostClient;
};

/**
 * Canada Post behind our Carrier interface. The purchase keeps CanadaPostShipmentRef (self, refund
 * and label links) as the carrier ref: a void needs it (DELETE of the self link, or the refund
 * request once transmitted), and a label that could not be fetched at purchase is fetched from it.
 * Canada Post has no lookup by our reference: a purchase of unknown outcome is settled as not bought.
 * A contract label is bought as ZPL II for a buyer whose default label format is ZPL (decision 040).
 */
export function createCanadaPostCarrier(account: CanadaPostAccount, opts: CanadaPostAdapterOptions): Carrier {
  const now = opts.now ?? (() => new Date());
  const client = opts.client ?? createCanadaPostClient(account, { timeoutMs: opts.timeoutMs, now });
  const warnTaxes = taxDifferenceLog(opts.log, 'CA-CP');
  return {
    code: 'CA-CP',
    name: 'Canada Post',
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
          carrierRef: { ...p.ref },
        };
      },
      findByReference: async () => null,
      track: (pin) => client.track(pin),
      async void(_pin, _now, ref) {
        const shipment = shipmentRefOf(ref);
        if (!shipment) {
          throw new CarrierError('NOT_VOIDABLE', 'Canada Post: this shipment has no stored link to void it by');
        }
        await client.void(shipment).catch((err: unknown) => {
          throw voidError(err);
        });
      },
      async fetchLabel(_pin, ref, { signal }) {
        const shipment = shipmentRefOf(ref);
        if (!shipment) throw new CarrierError('NOT_FOUND', 'Canada Post: no label link was kept for this shipment');
        return client.fetchLabel(shipment, signal);
      },
      // The label's encoding is chosen when the shipment is created (print-preferences, decision 040).
      whyNoZpl(ref) {
        return shipmentRefOf(ref)?.kind === 'non-contract'
          ? 'Canada Post gives non-contract shipments a PDF label only; this label is not available as ZPL'
          : 'Canada Post sets a label’s format when it is bought and this one was bought as a PDF, so it is not available as ZPL (with ZPL as your default label format, Canada Post labels are bought as ZPL)';
      },
    },
  };
}

function shipmentRefOf(ref: CarrierRef | null | undefined): CanadaPostShipmentRef | null {
  if (!ref) return null;
  const r = ref as Partial<CanadaPostShipmentRef>;
  if (typeof r.shipmentId !== 'string' || typeof r.selfUrl !== 'string' || typeof r.labelUrl !== 'string') return null;
  return ref as unknown as CanadaPostShipmentRef;
}
