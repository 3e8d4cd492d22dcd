/**
 * Reads of the wallet and its ledger for the signed-in user (the writes go through ledger.ts, whose
 * statements are in ledger-repo.ts).
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { wallets, walletTransactions, type WalletTransactionRow } from '../../db/schema/orders';

export async function walletBalance(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .limit(1);
  return row ? row.balanceCents : null;
}

/** Newest first; entries of the same instant in reverse order of entry. */
export function listTransactions(
  db: Db,
  userId: string,
  q: { limit: number; offset: number },
): Promise<WalletTransactionRow[]> {
  return db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.seq))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countTransactions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(walletTransactions).where(eq(walletTransactions.userId, userId));
  return row?.n ?? 0;
}

/**
 * One read of the Toronto calendar month `month` ('YYYY-MM'): its completed shipping charges (the
 * spec's "this month's spend") and its completed refund credits, by when each entry was written.
 */
export async function monthCharges(
  db: Db,
  userId: string,
  month: string,
): Promise<{ shippingChargedCents: number; refundedCents: number }> {
  const first = `${month}-01`;
  const [row] = rowsOf<{ charged: string | number | null; refunded: string | number | null }>(
    await db.execute(sql`
      select
        sum(amount_cents) filter (where type = 'shipping_charge' and direction = 'debit') as charged,
        sum(amount_cents) filter (where type = 'refund' and direction = 'credit') as refunded
      from wallet_transactions
      where user_id = ${userId} and status = 'completed'
        and created_at >= (${first}::date::timestamp at time zone 'America/Toronto')
        and created_at < ((${first}::date + interval '1 month')::timestamp at time zone 'America/Toronto')`),
  );
  return { shippingChargedCents: Number(row?.charged ?? 0), refundedCents: Number(row?.refunded ?? 0) };
}
