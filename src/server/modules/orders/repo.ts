/**
 * The orders module's queries (decision 031: only repos speak Drizzle): the order saga's statements
 * (service.ts holds the saga: which runs when, in which transaction), the recovery and pruning jobs',
 * and the reads of the order routes.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { shipments, trackingEvents, type ShipmentRow } from '../../db/schema/orders';
import type { Purchase } from '../../providers/carriers/index';
import { webhookEventInsert } from '../webhooks/repo';

/** A shipment's tracking events, oldest first. */
export function trackingEventsOf(db: Db, shipmentId: string) {
  return db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt));
}

/** How many of the user's orders (failed ones not counted) went to this receiver. */
export async function ordersToReceiver(db: Db, userId: string, receiverKey: string): Promise<number | null> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.receiverKey, receiverKey), ne(shipments.status, 'failed')));
  return c?.n ?? null;
}

// ---- the order saga (service.ts) ----

export type NewShipment = typeof shipments.$inferInsert;

/** The user's order placed with this Idempotency-Key, if any. */
export async function shipmentByKey(db: Db, userId: string, key: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function shipmentById(db: Db, id: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ?? null;
}

/** The user's shipment (another user's answers nothing). */
export async function userShipment(db: Db, userId: string, shipmentId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.userId, userId)))
    .limit(1);
  return row;
}

/** The shipment row alone: an order that moves no money (free, or bought with a test key). */
export function insertShipment(db: Db, values: NewShipment) {
  return db.insert(shipments).values(values);
}

const SHIPMENT_COLUMNS = getTableColumns(shipments);

/**
 * `insert into shipments (…) select … from w`: the row, inserted once per updated wallet row (it
 * rides in the ledger's statement, `applyEntry`'s `alongside`).
 */
export function insertShipmentFromWallet(values: Record<string, unknown>): SQL {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const names = sql.join(
    entries.map(([k]) => sql.identifier(SHIPMENT_COLUMNS[k as keyof typeof SHIPMENT_COLUMNS].name)),
    sql`, `,
  );
  const params = sql.join(
    entries.map(([k, v]) => {
      const type = SHIPMENT_COLUMNS[k as keyof typeof SHIPMENT_COLUMNS].getSQLType();
      const param = v === null ? null : type === 'jsonb' ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : v;
      return sql`${param}::${sql.raw(type)}`;
    }),
    sql`, `,
  );
  return sql`insert into shipments (${names}) select ${params} from w returning id`;
}

/**
 * The saga's step 3, success, in one statement: only a row still 'purchasing' becomes
 * 'label_created', with a real carrier's label and ref (decision 023), its first tracking event and
 * the 'shipment.created' webhook (`event`, its data). Answers whether the row moved.
 */
export async function completePurchasing(
  db: Db,
  row: ShipmentRow,
  p: {
    trackingNumber: string;
    searchText: string;
    carrierRef: NonNullable<Purchase['carrierRef']> | null;
    label: Purchase['carrierLabel'];
    purchasedAt: Date;
    now: Date;
    event: unknown;
  },
): Promise<boolean> {
  const { trackingNumber, searchText, carrierRef, label, purchasedAt, now } = p;
  const done = rowsOf<{ id: string }>(
    await db.execute(sql`
        with done as (
          update shipments set status = 'label_created', tracking_number = ${trackingNumber},
            search_text = ${searchText}, updated_at = ${now.toISOString()}::timestamptz,
            carrier_ref = ${carrierRef === null ? null : JSON.stringify(carrierRef)}::jsonb
          where id = ${row.id} and status = 'purchasing'
          returning id, user_id
        ), lbl as (
          insert into shipment_labels (shipment_id, media_type, bytes, created_at)
          select done.id, ${label?.mediaType ?? null}, decode(${label ? Buffer.from(label.bytes).toString('base64') : null}, 'base64'),
                 ${now.toISOString()}::timestamptz
          from done where ${label ? sql`true` : sql`false`}
          on conflict (shipment_id) do nothing
        ), ev as (
          insert into tracking_events (id, shipment_id, user_id, status, description, location, occurred_at)
          select ${randomUUID()}, done.id, done.user_id, 'label_created', 'Shipment information received',
                 ${`${row.fromAddress.city}, ${row.fromAddress.province}`}, ${purchasedAt.toISOString()}::timestamptz
          from done
          on conflict (shipment_id, status) do nothing
        ), wh as (
          ${webhookEventInsert(row.userId, 'shipment.created', p.event, now, sql`done`)}
        )
        select id from done`),
  );
  return done.length > 0;
}

/** The saga's step 3, failure: a row still 'purchasing' becomes 'failed' (in the refund's transaction). */
export async function failPurchasing(
  tx: Db,
  row: ShipmentRow,
  code: string,
  message: string,
  now: Date,
): Promise<ShipmentRow | undefined> {
  const [failed] = await tx
    .update(shipments)
    .set({
      status: 'failed',
      failureCode: code,
      failureMessage: message,
      refundedCents: row.test ? 0 : row.totalCents,
      updatedAt: now,
    })
    .where(and(eq(shipments.id, row.id), eq(shipments.status, 'purchasing')))
    .returning();
  return failed;
}

/** Orders left 'purchasing' since before `cutoff`, oldest first (the recovery job settles them). */
export function stuckPurchasing(db: Db, cutoff: Date, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.status, 'purchasing'), lt(shipments.updatedAt, cutoff)))
    .orderBy(shipments.updatedAt)
    .limit(limit);
}

/**
 * A voided label's order becomes 'cancelled' (in the refund's transaction), whatever status it has
 * reached since, unless it is cancelled, failed or purchasing.
 */
export async function cancelVoided(tx: Db, row: ShipmentRow, now: Date): Promise<ShipmentRow | undefined> {
  const [cancelled] = await tx
    .update(shipments)
    .set({ status: 'cancelled', voidedAt: now, refundedCents: row.test ? 0 : row.totalCents, updatedAt: now })
    .where(and(eq(shipments.id, row.id), notInArray(shipments.status, ['cancelled', 'failed', 'purchasing'])))
    .returning();
  return cancelled;
}

// ---- jobs.ts ----

/**
 * Deletes quotes expired before `before` that no order refers to (their options with them); how many.
 * An order refers to a quote by an option id: the quote's id but for its last byte (decision 045), or
 * a row of rate_quote_options for a quote made before migration 0035.
 */
export async function pruneExpiredQuotes(db: Db, before: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
        with d as (
          delete from rate_quotes q
          where q.expires_at < ${before}::timestamptz
            and not exists (
              select 1 from shipments s
              where (substr(s.quote_option_id::text, 1, 34) || '00')::uuid = q.id)
            and not exists (
              select 1 from shipments s join rate_quote_options o on o.id = s.quote_option_id where o.quote_id = q.id)
          returning 1)
        select count(*)::int as n from d`),
  );
  return rows[0]?.n ?? 0;
}
