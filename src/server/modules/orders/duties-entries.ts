/**
 * The duties of an order leaving Canada paid at origin (DDP, issue 25, decision 029): their own
 * wallet debit beside the label's, in the order's transaction, and their own refund beside the
 * label's when the order fails or the label is voided (same transaction, once).
 */
import type { Db } from '../../db/client';
import { addRefundedCents } from './duties-repo';
import { applyEntry } from '../wallet/ledger';
import type { TCreateShipmentRequest } from '../../../shared/contracts/shipments';
import type { RateQuoteOptionRow } from '../../db/schema/rates';
import { DEFAULT_NON_DELIVERY } from '../../../shared/contracts/customs';

type OrderRef = { id: string; userId: string; orderCode: string; dutiesCents: number; test?: boolean | null };

/** Rolls the order's transaction back when the balance covers the label but not the duties. */
export class DutiesNotCovered extends Error {}

/** The duties debit (a 'shipping_charge' entry of its own). False when the balance cannot cover it. */
export async function chargeDuties(tx: Db, order: OrderRef, ipAddress: string | null, at: Date): Promise<boolean> {
  if (order.dutiesCents <= 0 || order.test) return true;
  const applied = await applyEntry(
    tx,
    order.userId,
    {
      type: 'shipping_charge',
      direction: 'debit',
      amountCents: order.dutiesCents,
      description: `Duties and fees paid at origin (DDP, estimate) — order ${order.orderCode}`,
      reference: order.orderCode,
      shipmentId: order.id,
      idempotencyKey: `duties:${order.id}`,
      ipAddress,
    },
    at,
  );
  return applied !== null;
}

/**
 * The label's charge (`chargeShipping`, which inserts the shipment row) and the duties' charge in one
 * transaction: both or neither. Without duties, the label's charge alone (one statement, as before).
 */
export async function chargeOrder(
  db: Db,
  order: OrderRef,
  ipAddress: string | null,
  at: Date,
  chargeShipping: (d: Db) => Promise<unknown>,
): Promise<boolean> {
  if (order.dutiesCents <= 0 || order.test) return Boolean(await chargeShipping(db));
  try {
    return await db.transaction(async (tx) => {
      if (!(await chargeShipping(tx))) return false;
      if (!(await chargeDuties(tx, order, ipAddress, at))) throw new DutiesNotCovered();
      return true;
    });
  } catch (err) {
    if (err instanceof DutiesNotCovered) return false;
    throw err;
  }
}

/**
 * Credits the duties back (its own 'refund' entry, keyed `refund-duties:<shipment>`) and counts them in
 * the shipment's refunded amount; answers the cents refunded. Call it in the transaction that refunds
 * the label.
 */
export async function refundDuties(
  tx: Db,
  order: OrderRef,
  description: string,
  ipAddress: string | null,
  at: Date,
): Promise<number> {
  if (order.dutiesCents <= 0 || order.test) return 0;
  const applied = await applyEntry(
    tx,
    order.userId,
    {
      type: 'refund',
      direction: 'credit',
      amountCents: order.dutiesCents,
      description,
      reference: order.orderCode,
      shipmentId: order.id,
      idempotencyKey: `refund-duties:${order.id}`,
      ipAddress,
    },
    at,
  );
  if (!applied) throw new Error('duties refund did not apply');
  await addRefundedCents(tx, order.id, order.dutiesCents);
  return order.dutiesCents;
}

/** The customs columns of a new shipment: the declaration and the duties as quoted. */
export function customsColumnsOf(
  body: TCreateShipmentRequest,
  option: RateQuoteOptionRow,
): { customs: TCreateShipmentRequest['customs'] | null; duties: RateQuoteOptionRow['duties']; dutiesCents: number } {
  if (body.toAddress.country === 'CA' || !body.customs) return { customs: null, duties: null, dutiesCents: 0 };
  // Postal services need to know what to do with a parcel the receiver does not take: a shipper who did
  // not choose gets it back (decision 029), as the quote assumed.
  const customs =
    option.carrier === 'CA-CP' && !body.customs.nonDelivery
      ? { ...body.customs, nonDelivery: DEFAULT_NON_DELIVERY }
      : body.customs;
  return { customs, duties: option.duties ?? null, dutiesCents: option.dutiesCents };
}

/**
 * Whether the order declares what was quoted (country and customs): other customs are other duties.
 * `nonDelivery` changes neither the price nor the duties, so choosing it only at order time is fine.
 */
export function sameCustoms(
  asked: { toAddress: { country: string }; customs?: unknown },
  body: TCreateShipmentRequest,
) {
  return (
    asked.toAddress.country === body.toAddress.country &&
    canonical(withoutNonDelivery(asked.customs)) === canonical(withoutNonDelivery(body.customs))
  );
}

function withoutNonDelivery(customs: unknown): unknown {
  if (!customs || typeof customs !== 'object') return null;
  const { nonDelivery: _ignored, ...rest } = customs as Record<string, unknown>;
  return rest;
}

/** JSON with object keys sorted (the stored request comes back from jsonb, which orders keys its own way). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
