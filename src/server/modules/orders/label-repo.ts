/**
 * The label's queries (decision 031: only repos speak Drizzle): the user's shipment by order code or
 * tracking number, and the carrier's label kept in `shipment_labels` (decision 023).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { shipments, type ShipmentRow } from '../../db/schema/orders';

// Every label printed runs this lookup of a whole shipment row (some fifty columns); built once per
// database, as the session's lookup is, instead of for each print.
function prepareShipmentByRef(db: Db) {
  const ref = sql.placeholder('ref');
  return db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.userId, sql.placeholder('userId')),
        or(eq(shipments.orderCode, ref), sql`upper(${shipments.trackingNumber}) = ${ref}`),
      ),
    )
    .limit(1)
    .prepare('shipment_by_ref');
}
const shipmentByRefStatements = new WeakMap<Db, ReturnType<typeof prepareShipmentByRef>>();

/** The user's shipment with this order code or tracking number (`ref` upper-cased), if any. */
export async function shipmentByRef(db: Db, userId: string, ref: string): Promise<ShipmentRow | undefined> {
  let statement = shipmentByRefStatements.get(db);
  if (!statement) {
    statement = prepareShipmentByRef(db);
    shipmentByRefStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, ref });
  return row;
}

/** The carrier's label stored for this shipment (base64), if any. */
export async function storedLabel(db: Db, shipmentId: string): Promise<{ mediaType: string; base64: string } | null> {
  const [stored] = rowsOf<{ media_type: string; b64: string }>(
    await db.execute(
      sql`select media_type, encode(bytes, 'base64') as b64 from shipment_labels where shipment_id = ${shipmentId}`,
    ),
  );
  return stored ? { mediaType: stored.media_type, base64: stored.b64.replace(/\s+/g, '') } : null;
}

/** Keeps a label fetched from the carrier (the first one stored wins). */
export async function storeLabel(db: Db, shipmentId: string, mediaType: string, base64: string, now: Date) {
  await db.execute(sql`
      insert into shipment_labels (shipment_id, media_type, bytes, created_at)
      values (${shipmentId}, ${mediaType}, decode(${base64}, 'base64'), ${now.toISOString()}::timestamptz)
      on conflict (shipment_id) do nothing`);
}
