/**
 * The bulk imports' queries (decision 031: only repos speak Drizzle): batches, their rows, the
 * remembered column mappings, and the reads of the user's shipments, addresses and account a batch
 * needs. Every read of a user's data names the user.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bulkImportMappings,
  bulkImportRows,
  bulkImports,
  type BulkImportItemRow,
  type BulkImportRow,
} from '../../db/schema/bulk-imports';
import { addresses, type AddressRow } from '../../db/schema/addresses';
import { users } from '../../db/schema/identity';
import { shipments, type ShipmentRow } from '../../db/schema/orders';

// ---- batches ----

/** The user's batch, if any. */
export async function findBatch(db: Db, userId: string, id: string): Promise<BulkImportRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkImports)
    .where(and(eq(bulkImports.id, id), eq(bulkImports.userId, userId)))
    .limit(1);
  return row;
}

/** A batch by id alone (its buying job, which has no signed-in user). */
export async function batchById(db: Db, id: string): Promise<BulkImportRow | undefined> {
  const [batch] = await db.select().from(bulkImports).where(eq(bulkImports.id, id)).limit(1);
  return batch;
}

/** Only the batch's status (the buying job reads it before each debit). */
export async function batchStatus(db: Db, id: string): Promise<BulkImportRow['status'] | undefined> {
  const [row] = await db
    .select({ status: bulkImports.status })
    .from(bulkImports)
    .where(eq(bulkImports.id, id))
    .limit(1);
  return row?.status;
}

/** The user's newest 50 batches. */
export function listBatches(db: Db, userId: string): Promise<BulkImportRow[]> {
  return db
    .select()
    .from(bulkImports)
    .where(eq(bulkImports.userId, userId))
    .orderBy(desc(bulkImports.createdAt))
    .limit(50);
}

export async function insertBatch(db: Db, batch: typeof bulkImports.$inferInsert): Promise<void> {
  await db.insert(bulkImports).values(batch);
}

export async function insertRows(db: Db, rows: (typeof bulkImportRows.$inferInsert)[]): Promise<void> {
  await db.insert(bulkImportRows).values(rows);
}

export async function touchBatch(db: Db, id: string, now: Date): Promise<void> {
  await db.update(bulkImports).set({ updatedAt: now }).where(eq(bulkImports.id, id));
}

export async function markQuoted(
  db: Db,
  id: string,
  v: Pick<BulkImportRow, 'defaults' | 'sender'> & { now: Date },
): Promise<void> {
  await db
    .update(bulkImports)
    .set({ status: 'quoted', defaults: v.defaults, sender: v.sender, updatedAt: v.now })
    .where(eq(bulkImports.id, id));
}

/** Takes a quoted batch not yet bought for buying with `key`; null when another request took it first. */
export async function claimPurchase(db: Db, id: string, key: string, now: Date): Promise<{ id: string } | undefined> {
  const [claimed] = await db
    .update(bulkImports)
    .set({ status: 'purchasing', purchaseKey: key, heartbeatAt: now, updatedAt: now })
    .where(and(eq(bulkImports.id, id), eq(bulkImports.status, 'quoted'), isNull(bulkImports.purchaseKey)))
    .returning({ id: bulkImports.id });
  return claimed;
}

/** Cancels the batch unless it is done. */
export async function cancelBatch(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(bulkImports)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(bulkImports.id, id), inArray(bulkImports.status, ['draft', 'quoted', 'purchasing'])));
}

/** The buying job's sign of life; answers the batch's status (cancelled meanwhile, say). */
export async function beat(db: Db, id: string, now: Date): Promise<{ status: BulkImportRow['status'] } | undefined> {
  const [row] = await db
    .update(bulkImports)
    .set({ heartbeatAt: now })
    .where(eq(bulkImports.id, id))
    .returning({ status: bulkImports.status });
  return row;
}

/** A batch still being bought is done. */
export async function completeBatch(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(bulkImports)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(bulkImports.id, id), eq(bulkImports.status, 'purchasing')));
}

/** 'purchasing' batches whose job gave no sign of life since `cutoff`, claimed (their heartbeat set to now). */
export function claimStale(db: Db, cutoff: Date, now: Date): Promise<{ id: string }[]> {
  return db
    .update(bulkImports)
    .set({ heartbeatAt: now })
    .where(
      and(
        eq(bulkImports.status, 'purchasing'),
        or(isNull(bulkImports.heartbeatAt), lt(bulkImports.heartbeatAt, cutoff)),
      ),
    )
    .returning({ id: bulkImports.id });
}

// ---- rows ----

/** Every row of the batch, in file order. */
export function batchRows(db: Db, importId: string): Promise<BulkImportItemRow[]> {
  return db.select().from(bulkImportRows).where(eq(bulkImportRows.importId, importId)).orderBy(asc(bulkImportRows.n));
}

export async function findRow(db: Db, importId: string, n: number): Promise<BulkImportItemRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkImportRows)
    .where(and(eq(bulkImportRows.importId, importId), eq(bulkImportRows.n, n)))
    .limit(1);
  return row;
}

export async function setRow(db: Db, importId: string, n: number, values: Partial<BulkImportItemRow>): Promise<void> {
  await db
    .update(bulkImportRows)
    .set(values)
    .where(and(eq(bulkImportRows.importId, importId), eq(bulkImportRows.n, n)));
}

/** The rows still to quote: pending and not dropped, in file order. */
export function rowsToQuote(db: Db, importId: string): Promise<BulkImportItemRow[]> {
  return db
    .select()
    .from(bulkImportRows)
    .where(
      and(
        eq(bulkImportRows.importId, importId),
        eq(bulkImportRows.status, 'pending'),
        eq(bulkImportRows.dropped, false),
      ),
    )
    .orderBy(asc(bulkImportRows.n));
}

/** The next row to buy: the first pending, kept, quoted row. */
/** The next `limit` rows to buy, in row order. */
export async function nextRowsToBuy(db: Db, importId: string, limit: number): Promise<BulkImportItemRow[]> {
  return db
    .select()
    .from(bulkImportRows)
    .where(
      and(
        eq(bulkImportRows.importId, importId),
        eq(bulkImportRows.status, 'pending'),
        eq(bulkImportRows.dropped, false),
        isNotNull(bulkImportRows.quote),
      ),
    )
    .orderBy(asc(bulkImportRows.n))
    .limit(limit);
}

/**
 * Ends the kept quoted rows still pending with `values` (cancelled, refused). A dropped row stays
 * dropped: counted once, as dropped.
 */
export async function endPendingQuotedRows(
  db: Db,
  importId: string,
  values: Pick<BulkImportItemRow, 'status' | 'errorCode' | 'errorMessage'>,
): Promise<void> {
  await db
    .update(bulkImportRows)
    .set(values)
    .where(
      and(
        eq(bulkImportRows.importId, importId),
        eq(bulkImportRows.status, 'pending'),
        eq(bulkImportRows.dropped, false),
        isNotNull(bulkImportRows.quote),
      ),
    );
}

// ---- column mappings ----

export async function saveMapping(
  db: Db,
  userId: string,
  headerKey: string,
  mapping: Record<string, string>,
  now: Date,
): Promise<void> {
  await db
    .insert(bulkImportMappings)
    .values({ userId, headerKey, mapping, updatedAt: now })
    .onConflictDoUpdate({
      target: [bulkImportMappings.userId, bulkImportMappings.headerKey],
      set: { mapping, updatedAt: now },
    });
}

/** The mapping the user chose for this header set before, if any. */
export async function keptMapping(
  db: Db,
  userId: string,
  headerKey: string,
): Promise<{ mapping: Record<string, string> } | undefined> {
  const [kept] = await db
    .select()
    .from(bulkImportMappings)
    .where(and(eq(bulkImportMappings.userId, userId), eq(bulkImportMappings.headerKey, headerKey)))
    .limit(1);
  return kept;
}

// ---- the user's account, addresses and shipments ----

/** The batch owner's id and organization (null when the account is gone). */
export async function batchOwner(
  db: Db,
  userId: string,
): Promise<{ id: string; organizationId: string | null } | undefined> {
  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

/** The user's address with this id, or their default address when no id is given. */
export async function senderAddress(
  db: Db,
  userId: string,
  addressId: string | undefined,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      addressId
        ? and(eq(addresses.userId, userId), eq(addresses.id, addressId))
        : and(eq(addresses.userId, userId), eq(addresses.isDefault, true)),
    )
    .limit(1);
  return row;
}

export type BoughtShipment = Pick<ShipmentRow, 'id' | 'orderCode' | 'trackingNumber' | 'totalCents' | 'refundedCents'>;

/** The user's shipments with these ids (read 1,000 ids at a time). */
export async function boughtShipments(db: Db, userId: string, ids: string[]): Promise<BoughtShipment[]> {
  const out: BoughtShipment[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const part = await db
      .select({
        id: shipments.id,
        orderCode: shipments.orderCode,
        trackingNumber: shipments.trackingNumber,
        totalCents: shipments.totalCents,
        refundedCents: shipments.refundedCents,
      })
      .from(shipments)
      .where(and(eq(shipments.userId, userId), inArray(shipments.id, ids.slice(i, i + 1000))));
    out.push(...part);
  }
  return out;
}

/** The batch's bought shipments whose label can be printed, in row order. */
export async function printableShipments(db: Db, userId: string, importId: string): Promise<ShipmentRow[]> {
  const bought = await db
    .select({ s: shipments })
    .from(bulkImportRows)
    .innerJoin(shipments, eq(shipments.id, bulkImportRows.shipmentId))
    .where(
      and(
        eq(bulkImportRows.importId, importId),
        eq(bulkImportRows.status, 'bought'),
        eq(shipments.userId, userId),
        isNotNull(shipments.trackingNumber),
        inArray(shipments.status, ['label_created', 'in_transit', 'out_for_delivery', 'delivered']),
      ),
    )
    .orderBy(asc(bulkImportRows.n));
  return bought.map(({ s }) => s);
}

/** Every row of the batch with the user's shipment it bought (if any), in file order. */
export function rowsWithShipments(
  db: Db,
  userId: string,
  importId: string,
): Promise<{ r: BulkImportItemRow; s: ShipmentRow | null }[]> {
  return db
    .select({ r: bulkImportRows, s: shipments })
    .from(bulkImportRows)
    .leftJoin(shipments, and(eq(shipments.id, bulkImportRows.shipmentId), eq(shipments.userId, userId)))
    .where(eq(bulkImportRows.importId, importId))
    .orderBy(asc(bulkImportRows.n));
}
