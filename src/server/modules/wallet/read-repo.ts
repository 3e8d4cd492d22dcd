/** Reads of the wallet and its ledger for the signed-in user (the writes live in ledger.ts). */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
