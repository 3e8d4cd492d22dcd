/** The queries of the recipient's mails (issue 27, migration 0032): shipments, events, suppressions. */
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { shipments, trackingEvents, type ShipmentRow, type TrackingEventRow } from '../../db/schema/orders';

export async function shipmentById(db: Db, id: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ?? null;
}

export function shipmentEvents(db: Db, shipmentId: string): Promise<TrackingEventRow[]> {
  return db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.shipmentId, shipmentId))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.createdAt));
}

export async function isSuppressed(db: Db, emailHash: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from recipient_mail_suppressions where email_hash = ${emailHash}`));
  return rows.length > 0;
}

/** Adds the address (by hash) to the suppression list; true when it was not on it yet. */
export async function suppress(db: Db, emailHash: string, at: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`insert into recipient_mail_suppressions (email_hash, created_at)
          values (${emailHash}, ${at.toISOString()}::timestamptz)
          on conflict do nothing returning email_hash`,
    ),
  );
  return rows.length > 0;
}
