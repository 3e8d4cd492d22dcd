/**
 * Tracking: asks the carrier what has happened to a shipment, stores the new events and moves the
 * status forward (DESIGN §5). Runs before a shipment's detail or tracking lookup is answered, and
 * as a job every minute over the active shipments.
 */
import type { Db } from '../../db/client';
import type { ShipmentRow } from '../../db/schema/orders';
import type { Job } from '../../ops/jobs';
import { enqueueWebhookEvent } from '../webhooks/repo';
import { shipmentEventData } from '../webhooks/events';
import { CarrierError, type Carrier, type TrackingStep } from '../../providers/carriers/index';
import { timedCarrierCall } from '../carriers/calls';
import {
  ACTIVE_STATUSES,
  advanceStatus,
  claimActiveBatch,
  claimTrackingCheck,
  insertEvents,
  markSynced,
  recordTrackingOutcome,
  type ActiveStatus,
} from './repo';

type Target = 'in_transit' | 'out_for_delivery' | 'delivered';

/** The shipment status each tracking step leads to (label_created leads nowhere new). */
const STEP_STATUS: Record<TrackingStep, ActiveStatus | 'delivered'> = {
  label_created: 'label_created',
  picked_up: 'in_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
};
const RANK: Record<ActiveStatus | 'delivered', number> = {
  label_created: 0,
  in_transit: 1,
  out_for_delivery: 2,
  delivered: 3,
};

export const isActive = (status: string): status is ActiveStatus =>
  (ACTIVE_STATUSES as readonly string[]).includes(status);

export type SyncOutcome = 'unchanged' | 'advanced' | 'skipped' | 'carrier-error';

/**
 * Syncs one shipment; answers the row as it is afterwards. Shipments that are not active (still
 * purchasing, cancelled, failed, delivered) or whose carrier cannot track are left as they are. A
 * carrier that refuses (CarrierError) leaves the stored tracking as it was; other errors throw.
 */
export async function syncTracking(
  db: Db,
  carriers: readonly Carrier[],
  shipment: ShipmentRow,
  now: Date,
): Promise<{ row: ShipmentRow; outcome: SyncOutcome }> {
  const carrier = carriers.find((c) => c.code === shipment.carrier);
  const ops = carrier?.operations;
  if (!isActive(shipment.status) || !shipment.trackingNumber || !ops) return { row: shipment, outcome: 'skipped' };
  // A real carrier is asked at most once per shipment per 15 minutes, less often after errors and
  // rate limits (the sandbox answers from its own table and is asked every time).
  const real = shipment.mode !== 'sandbox';
  if (real && !(await claimTrackingCheck(db, shipment, now))) return { row: shipment, outcome: 'skipped' };
  let events;
  try {
    const trackingNumber = shipment.trackingNumber;
    events = await timedCarrierCall(db, { carrier: carrier!.code, mode: carrier!.mode, operation: 'track' }, () =>
      ops.track(trackingNumber, now),
    );
  } catch (err) {
    if (real) await recordTrackingOutcome(db, shipment, now, false);
    if (!(err instanceof CarrierError)) throw err;
    return { row: (await markSynced(db, shipment, now)) ?? shipment, outcome: 'carrier-error' };
  }
  if (real && shipment.trackingAttempts > 0) await recordTrackingOutcome(db, shipment, now, true);
  const happened = events.filter((e) => e.occurredAt.getTime() <= now.getTime());
  await insertEvents(db, shipment, happened, now);

  let target: Target | null = null;
  let deliveredAt: Date | null = null;
  for (const e of happened) {
    const status = STEP_STATUS[e.status];
    if (status === undefined || status === 'label_created') continue;
    if (target === null || RANK[status] > RANK[target]) target = status;
    if (e.status === 'delivered') deliveredAt = e.occurredAt;
  }
  if (target !== null) {
    const to = target;
    const from = ACTIVE_STATUSES.filter((s) => RANK[s] < RANK[to]);
    // The status change and its webhook events (outbox rows, decision 034) commit together.
    const advanced = await db.transaction(async (tx) => {
      const moved = await advanceStatus(tx, shipment, from, { status: to, deliveredAt }, now);
      if (moved) {
        const data = {
          ...shipmentEventData(moved),
          events: happened.map((e) => ({
            status: e.status,
            description: e.description,
            location: e.location,
            occurredAt: e.occurredAt.toISOString(),
          })),
        };
        await enqueueWebhookEvent(tx, moved.userId, 'tracker.updated', data, now);
        if (moved.status === 'delivered') await enqueueWebhookEvent(tx, moved.userId, 'shipment.delivered', data, now);
      }
      return moved;
    });
    if (advanced) return { row: advanced, outcome: 'advanced' };
  }
  return { row: (await markSynced(db, shipment, now)) ?? shipment, outcome: 'unchanged' };
}

export const TRACKING_JOB_EVERY_MS = 60_000;
export const TRACKING_BATCH = 200;

/** Every minute: the least recently synced active shipments (at most 200), on any number of processes. */
export function trackingJob(carriers: readonly Carrier[]): Job {
  return {
    name: 'tracking-sync',
    everyMs: TRACKING_JOB_EVERY_MS,
    async run({ db, now, log }) {
      const batch = await claimActiveBatch(db, TRACKING_BATCH, now);
      const counts = { shipments: batch.length, advanced: 0, carrierErrors: 0, failed: 0 };
      for (const row of batch) {
        try {
          const { outcome } = await syncTracking(db, carriers, row, now);
          if (outcome === 'advanced') counts.advanced++;
          if (outcome === 'carrier-error') counts.carrierErrors++;
        } catch (err) {
          counts.failed++;
          log.error({ err, shipmentId: row.id }, 'tracking sync failed');
        }
      }
      return counts;
    },
  };
}
