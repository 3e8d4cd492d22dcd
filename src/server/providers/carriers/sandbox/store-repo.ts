/** The statements on `sandbox_carrier_shipments` (store.ts gives them the sandbox carrier's meaning). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxCarrierShipments } from '../../../db/schema/orders';

export type SandboxShipmentRow = typeof sandboxCarrierShipments.$inferSelect;

/**
 * Inserts the record unless one holds its reference already: true when inserted. A clash on the
 * tracking number's index is thrown (the driver's unique violation).
 */
export async function insertSandboxShipment(
  db: Db,
  row: typeof sandboxCarrierShipments.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(sandboxCarrierShipments)
    .values(row)
    .onConflictDoNothing({ target: sandboxCarrierShipments.reference })
    .returning({ reference: sandboxCarrierShipments.reference });
  return rows.length > 0;
}

export async function sandboxShipmentByReference(db: Db, reference: string): Promise<SandboxShipmentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxCarrierShipments)
    .where(eq(sandboxCarrierShipments.reference, reference))
    .limit(1);
  return row ?? null;
}

export async function sandboxShipmentByTrackingNumber(
  db: Db,
  carrier: string,
  trackingNumber: string,
): Promise<SandboxShipmentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxCarrierShipments)
    .where(
      and(eq(sandboxCarrierShipments.trackingNumber, trackingNumber), eq(sandboxCarrierShipments.carrier, carrier)),
    )
    .limit(1);
  return row ?? null;
}

/** Sets voided_at on the record unless it is voided already: true when this call voided it. */
export async function voidSandboxShipment(db: Db, carrier: string, trackingNumber: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxCarrierShipments)
    .set({ voidedAt: at })
    .where(
      and(
        eq(sandboxCarrierShipments.trackingNumber, trackingNumber),
        eq(sandboxCarrierShipments.carrier, carrier),
        isNull(sandboxCarrierShipments.voidedAt),
      ),
    )
    .returning({ reference: sandboxCarrierShipments.reference });
  return rows.length > 0;
}
