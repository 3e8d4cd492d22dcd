/**
 * The wallet row's hold (decision 021) and the admin balance calls' reads. The ledger's statements
 * are in `ledger-repo.ts`, the signed-in user's reads in `read-repo.ts`.
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { walletTransactions, type WalletTransactionRow } from '../../db/schema/orders';

export type RawHold = {
  id: string;
  held_at: string | Date | null;
  hold_kind: 'admin' | 'uncovered_debit' | null;
  hold_reason: string | null;
  held_by: string | null;
};

/** The wallet's hold columns; `lock` holds the wallet row for the rest of the transaction. */
export async function holdRow(db: Db, userId: string, opts: { lock?: boolean } = {}): Promise<RawHold | undefined> {
  const [row] = rowsOf<RawHold>(
    await db.execute(sql`
      select id, held_at, hold_kind, hold_reason, held_by from wallets where user_id = ${userId}
      ${opts.lock ? sql`for update` : sql``}`),
  );
  return row;
}

/** Holds a wallet not on hold yet for an uncovered chargeback; the wallet's id, or null when it was held. */
export async function setUncoveredDebitHold(db: Db, userId: string, reason: string, at: Date): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update wallets set held_at = ${at.toISOString()}::timestamptz, hold_kind = 'uncovered_debit',
        hold_reason = ${reason}, held_by = null, updated_at = ${at.toISOString()}::timestamptz
      where user_id = ${userId} and held_at is null
      returning id`),
  );
  return rows[0]?.id ?? null;
}

/** Lifts a hold the ledger put (never an admin's); the wallet's id, or null when there was none. */
export async function clearUncoveredDebitHold(db: Db, userId: string, at: Date): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update wallets set held_at = null, hold_kind = null, hold_reason = null, held_by = null,
        updated_at = ${at.toISOString()}::timestamptz
      where user_id = ${userId} and hold_kind = 'uncovered_debit'
      returning id`),
  );
  return rows[0]?.id ?? null;
}

/** The user whose balance an admin changes, with whether they are active. */
export async function balanceUser(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; isActive: boolean } | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

export type RawTransaction = {
  id: string;
  type: 'adjustment';
  status: 'completed';
  amount_cents: string | number;
  direction: 'credit' | 'debit';
  balance_after_cents: string | number;
  description: string;
  reference: string | null;
  shipment_id: string | null;
  created_at: string | Date;
};

/** An admin's adjustment entry as stored (raw columns). */
export async function adjustmentRow(db: Db, id: string): Promise<RawTransaction | undefined> {
  const [t] = rowsOf<RawTransaction>(await db.execute(sql`select * from wallet_transactions where id = ${id}`));
  return t;
}

/** One ledger entry by id. */
export async function transactionRow(db: Db, id: string): Promise<WalletTransactionRow | undefined> {
  const [row] = await db.select().from(walletTransactions).where(eq(walletTransactions.id, id)).limit(1);
  return row;
}
