import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments } from '../../db/schema/orders';

/** Counts refunded duties in the shipment's refunded amount (in the refund's transaction). */
export async function addRefundedCents(tx: Db, shipmentId: string, cents: number): Promise<void> {
  await tx
    .update(shipments)
    .set({ refundedCents: sql`${shipments.refundedCents} + ${cents}::bigint` })
    .where(eq(shipments.id, shipmentId));
}
