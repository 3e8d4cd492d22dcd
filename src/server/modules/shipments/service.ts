/**
 * The read side of shipments: the list and its search, the recent ones, a shipment's detail and
 * the tracking lookup, all scoped to the signed-in user (another user's shipment is "not found").
 */
import type { Db } from '../../db/client';
import type { ShipmentRow } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Carrier } from '../../providers/carriers/index';
import type {
  TShipment,
  TShipmentDestination,
  TShipmentDetail,
  TShipmentList,
  TTrackingLookup,
} from '../../../shared/contracts/shipments';
import * as repo from './repo';
import { scheduleMarks } from './marks';
import type { Lifecycle } from '../../ops/lifecycle';
import { pageWindow, paginationOf } from './pagination';
import { isActive, syncTracking } from './tracking-sync';
import { toWireDetail, toWireShipment, toWireTrackingLookup } from './wire';

type Log = { error(obj: object, msg: string): void };

export type ShipmentsDeps = {
  db: Db;
  clock: Clock;
  carriers: readonly Carrier[];
  log: Log;
  /** A clean shutdown waits for the list marks being added (marks.ts). */
  lifecycle?: Lifecycle;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the search matches: trimmed, lower-cased, inner white space as one space (as search_text is stored); null when empty. */
export function normalizeSearch(raw: string | undefined | null): string | null {
  const s = (raw ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

/** A tracking number or order code as typed: spaces dropped, upper-cased; null when empty. */
export function normalizeTrackingRef(raw: string): string | null {
  const s = raw.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  return s === '' || s.length > 100 || s.includes('\u0000') ? null : s;
}

export function createShipmentsService(deps: ShipmentsDeps) {
  const { db } = deps;

  /** Each card's own place among the orders to its receiver ('2nd order to this customer'), one query for the page. */
  async function withCounts(rows: ShipmentRow[], userId: string): Promise<TShipment[]> {
    const ordinals = await repo.receiverOrdinals(db, userId, rows);
    return rows.map((r) => toWireShipment(r, r.receiverKey === null ? null : (ordinals.get(r.id) ?? 1)));
  }

  async function countFor(row: ShipmentRow): Promise<number | null> {
    if (row.receiverKey === null) return null;
    return (await repo.receiverOrdinals(db, row.userId, [row])).get(row.id) ?? 1;
  }

  /** Brings an active shipment's tracking up to date; a failure is logged and the stored state answered. */
  async function synced(row: ShipmentRow): Promise<ShipmentRow> {
    if (!isActive(row.status)) return row;
    try {
      return (await syncTracking(db, deps.carriers, row, deps.clock.now())).row;
    } catch (err) {
      deps.log.error({ err, shipmentId: row.id }, 'tracking sync failed; answering the stored tracking');
      return row;
    }
  }

  return {
    async list(
      userId: string,
      q: { search?: string; page?: number; limit?: number; destination?: TShipmentDestination; test?: boolean },
    ): Promise<TShipmentList> {
      const { page, limit, offset } = pageWindow(q);
      const search = normalizeSearch(q.search);
      // No stored text holds NUL (PostgreSQL text cannot), so such a search finds nothing.
      if (search?.includes('\u0000')) return { data: [], pagination: paginationOf(0, page, limit) };
      const { rows, total, capped, marksWanted } = await repo.listShipments(db, userId, {
        search,
        limit,
        offset,
        destination: q.destination ?? null,
        test: q.test ?? null,
      });
      if (marksWanted) scheduleMarks(db, userId, marksWanted, deps);
      return { data: await withCounts(rows, userId), pagination: paginationOf(total, page, limit, capped) };
    },

    async recent(userId: string, limit = 8): Promise<TShipment[]> {
      return withCounts(await repo.recentShipments(db, userId, limit), userId);
    },

    async detail(userId: string, id: string): Promise<TShipmentDetail> {
      if (!UUID.test(id)) throw notFound('Shipment not found');
      const found = await repo.findShipment(db, userId, id);
      if (!found) throw notFound('Shipment not found');
      const row = await synced(found);
      const [events, count] = await Promise.all([repo.listEvents(db, row), countFor(row)]);
      return toWireDetail(row, events, count);
    },

    /** With `test` (an API key's mode), a shipment of the other mode is not found (decision 027). */
    async track(userId: string, trackingNumber: string, test?: boolean): Promise<TTrackingLookup> {
      const ref = normalizeTrackingRef(trackingNumber);
      let found = ref ? await repo.findByTrackingRef(db, userId, ref) : null;
      // Numbers are often written in groups with dashes ('1599-1053-6841-9856'); order codes keep theirs.
      if (!found && ref?.includes('-')) found = await repo.findByTrackingRef(db, userId, ref.replace(/-/g, ''));
      if (!found || (test !== undefined && Boolean(found.test) !== test)) {
        throw notFound('No shipment of yours has this tracking number or order code');
      }
      const row = await synced(found);
      return toWireTrackingLookup(row, await repo.listEvents(db, row));
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
