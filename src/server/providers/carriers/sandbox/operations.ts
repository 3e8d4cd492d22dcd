/**
 * Ordering from a sandbox carrier: purchase, find by our reference, track, void. The carrier's
 * own record lives in `sandbox_carrier_shipments` (store.ts); tracking follows the deterministic
 * schedule (tracking-schedule.ts) from the purchase time, so every process answers the same.
 */
import { randomInt } from 'node:crypto';
import type { Clock } from '../../../lib/clock';
import type { Db } from '../../../db/client';
import {
  CarrierError,
  type CarrierOperations,
  type LabelParty,
  type Purchase,
  type PurchaseRequest,
  type QuoteEnd,
  type TrackingEvent,
} from '../index';
import { rateCarrier, type CarrierDef } from './engine';
import { createSandboxStore, type SandboxRecord, type SandboxRequest } from './store';
import { generateTrackingNumber, normalizeTrackingNumber } from './tracking-numbers';
import { eventsAt, trackingSchedule } from './tracking-schedule';

export type SandboxOperationsOptions = {
  db: Db;
  clock: Clock;
  /** How long a purchase takes, in ms ([min, max)); a few ms by default, as a fast carrier API. */
  latencyMs?: readonly [number, number];
};

const NUMBER_ATTEMPTS = 5;

const endOf = (p: LabelParty): QuoteEnd => ({
  postalCode: p.postalCode,
  province: p.province,
  country: p.country,
  city: p.city,
});

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const purchaseOf = (r: SandboxRecord): Purchase => ({ trackingNumber: r.trackingNumber, createdAt: r.createdAt });

/** The whole journey of a record; a voided label never leaves 'Label created'. */
function scheduleOf(def: CarrierDef, r: SandboxRecord): TrackingEvent[] {
  const schedule = trackingSchedule({
    carrierName: def.name,
    purchasedAt: r.createdAt,
    shipDate: r.request.shipDate,
    estimatedDelivery: r.request.estimatedDelivery,
    from: r.request.from,
    to: r.request.to,
  });
  return r.voidedAt ? schedule.slice(0, 1) : schedule;
}

export function createSandboxOperations(def: CarrierDef, opts: SandboxOperationsOptions): CarrierOperations {
  const store = createSandboxStore(opts.db);
  const [minMs, maxMs] = opts.latencyMs ?? [2, 6];

  /** The earlier purchase under this reference, as the carrier answers a repeated order. */
  function answerExisting(existing: SandboxRecord): Purchase {
    if (existing.carrier !== def.code) {
      throw new CarrierError('REFUSED', `Reference ${existing.reference} belongs to another carrier's shipment`);
    }
    if (existing.voidedAt) {
      throw new CarrierError('REFUSED', `${def.name} voided the label of reference ${existing.reference}`);
    }
    return purchaseOf(existing);
  }

  /** The service's quote on this lane: its transit days give the estimated delivery. */
  function quoteFor(req: PurchaseRequest) {
    const service = def.services.find((s) => s.code === req.serviceCode);
    if (!service) throw new CarrierError('REFUSED', `${def.name} has no service "${req.serviceCode}"`);
    let quotes;
    try {
      quotes = rateCarrier(def, {
        from: endOf(req.from),
        to: endOf(req.to),
        package: req.package,
        shipDate: req.shipDate,
      });
    } catch (err) {
      if (err instanceof CarrierError) throw new CarrierError('REFUSED', err.message);
      throw err;
    }
    const quote = quotes.find((q) => q.serviceCode === service.code);
    if (!quote) {
      throw new CarrierError(
        'REFUSED',
        `${def.name} does not offer ${service.name} from ${req.from.country} to ${req.to.country}`,
      );
    }
    return quote;
  }

  async function recordOf(trackingNumber: string): Promise<SandboxRecord> {
    const record = await store.byTrackingNumber(def.code, normalizeTrackingNumber(trackingNumber));
    if (!record) throw new CarrierError('NOT_FOUND', `${def.name} has no shipment ${trackingNumber}`);
    return record;
  }

  return {
    async purchase(req, { signal }) {
      signal.throwIfAborted();
      // A repeated reference is found by the insert below (its conflict), not by a lookup first:
      // one round trip fewer for every new order.
      const quote = quoteFor(req);
      // The carrier's API round trip.
      await wait(minMs + randomInt(Math.max(1, maxMs - minMs)), signal);

      const request: SandboxRequest = {
        serviceName: quote.serviceName,
        shipDate: req.shipDate,
        estimatedDelivery: quote.estimatedDelivery,
        transitDays: quote.transitDays,
        from: endOf(req.from),
        to: endOf(req.to),
        package: { ...req.package },
      };
      for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
        const record = {
          reference: req.reference,
          carrier: def.code,
          serviceCode: req.serviceCode,
          trackingNumber: generateTrackingNumber(def.code, { serviceCode: req.serviceCode }),
          request,
          createdAt: opts.clock.now(),
        };
        const outcome = await store.insert(record);
        if (outcome === 'inserted') return purchaseOf({ ...record, voidedAt: null });
        if (outcome === 'reference_taken') {
          // Bought meanwhile under the same reference (a concurrent retry): that purchase is the answer.
          const first = await store.byReference(req.reference);
          if (first) return answerExisting(first);
        }
      }
      throw new CarrierError('UNAVAILABLE', `${def.name} could not issue a tracking number; try again`);
    },

    async findByReference(reference) {
      const record = await store.byReference(reference);
      return record && record.carrier === def.code && !record.voidedAt ? purchaseOf(record) : null;
    },

    async track(trackingNumber, now) {
      return eventsAt(scheduleOf(def, await recordOf(trackingNumber)), now);
    },

    async void(trackingNumber, now) {
      const record = await recordOf(trackingNumber);
      if (record.voidedAt) throw new CarrierError('NOT_VOIDABLE', `The label ${record.trackingNumber} is already void`);
      const pickedUp = eventsAt(scheduleOf(def, record), now).some((e) => e.status !== 'label_created');
      if (pickedUp) {
        throw new CarrierError('NOT_VOIDABLE', `${def.name} has already picked up ${record.trackingNumber}`);
      }
      if (!(await store.markVoided(def.code, record.trackingNumber, now))) {
        throw new CarrierError('NOT_VOIDABLE', `The label ${record.trackingNumber} is already void`);
      }
    },
  };
}
