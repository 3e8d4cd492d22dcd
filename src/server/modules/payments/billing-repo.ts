/** The organization's billing address (organizations.billing_address, migration 0009) for Settings → Billing. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { ZBillingAddressOut, type TBilling } from '../../../shared/contracts/payments';

export type BillingAddress = TBilling['billingAddress'];

/** A stored address as the wire shape; anything else (null, an older shape) reads as none. */
function parseStored(value: unknown): BillingAddress {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  if (raw === null || raw === undefined) return null;
  const parsed = ZBillingAddressOut.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function readBillingAddress(db: Db, organizationId: string, forUpdate = false): Promise<BillingAddress> {
  const rows = rowsOf<{ billing_address: unknown }>(
    await db.execute(
      forUpdate
        ? sql`select billing_address from organizations where id = ${organizationId} for update`
        : sql`select billing_address from organizations where id = ${organizationId}`,
    ),
  );
  return parseStored(rows[0]?.billing_address);
}

export async function writeBillingAddress(
  db: Db,
  organizationId: string,
  address: BillingAddress,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update organizations
       set billing_address = ${address === null ? null : JSON.stringify(address)}::jsonb,
           updated_at = ${now.toISOString()}::timestamptz
     where id = ${organizationId}`);
}
