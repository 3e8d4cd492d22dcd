/**
 * The wallet ledger (DESIGN §3): the only code that changes a balance.
 *
 * `applyEntry` is one statement: the guarded balance update, the append-only ledger entry with the
 * balance after it, and the audit entry, chained in one data-modifying CTE, so that they happen
 * together or not at all and a debit the balance cannot cover writes nothing. Run it inside the
 * caller's transaction when the entry goes with another change (an order, a refund with its
 * shipment's status): the row lock the UPDATE takes on the wallet serialises every change to that
 * wallet, on one process or many. The statements themselves are in `ledger-repo.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { centsToDecimal } from '../../../shared/money';
import {
  insertCompletedEntry,
  insertPendingDebit,
  lockWallet,
  markDebitSettled,
  openDebits,
  walletTotals,
  type AlongsideStatement,
} from './ledger-repo';

export type EntryType = 'topup' | 'shipping_charge' | 'refund' | 'adjustment' | 'admin_charge';

export type LedgerEntry = {
  type: EntryType;
  direction: 'credit' | 'debit';
  amountCents: number;
  description: string;
  reference?: string | null;
  shipmentId?: string | null;
  /** Unique per wallet: the same key twice is a unique violation (e.g. `refund:<shipment id>`). */
  idempotencyKey?: string | null;
  /** Who made the change (an admin), when not the wallet's owner. */
  actorId?: string | null;
  ipAddress?: string | null;
  /** The pending debit this completed debit pays (part of): see settleUncoveredDebits. */
  settlesId?: string | null;
};

export type AppliedEntry = {
  transactionId: string;
  walletId: string;
  balanceAfterCents: number;
  createdAt: Date;
};

/**
 * Applies one completed entry to `userId`'s wallet. A debit the balance cannot cover changes
 * nothing and answers null. Throws on a repeated idempotency key (unique violation).
 *
 * `alongside` is another data-modifying statement that belongs with the entry (an order's shipment
 * row): it becomes part of the same statement, selecting `from w` (the updated wallet, one row or
 * none), so it happens exactly when the balance changes — one round trip, no explicit transaction.
 */
export async function applyEntry(
  db: Db,
  userId: string,
  entry: LedgerEntry,
  at: Date,
  alongside?: AlongsideStatement,
): Promise<AppliedEntry | null> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    throw new RangeError(`ledger amount must be positive integer cents, got ${entry.amountCents}`);
  }
  const delta = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
  const id = randomUUID();
  const atIso = at.toISOString();
  const row = await insertCompletedEntry(db, id, userId, entry, delta, atIso, alongside);
  if (!row) return null;
  return {
    transactionId: id,
    walletId: row.walletId,
    balanceAfterCents: row.balanceAfterCents,
    createdAt: at,
  };
}

/**
 * Records a debit the balance cannot cover as a `pending` entry (it moves no money: the invariant
 * counts completed entries only), with the balance as it stands. Call it with the wallet locked
 * (lockWallet) in the caller's transaction, next to the flag that tells an admin.
 */
export async function recordUncoveredDebit(
  db: Db,
  userId: string,
  entry: Omit<LedgerEntry, 'direction' | 'shipmentId'>,
  at: Date,
): Promise<string> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    throw new RangeError(`ledger amount must be positive integer cents, got ${entry.amountCents}`);
  }
  const id = randomUUID();
  await insertPendingDebit(db, id, userId, entry, at);
  return id;
}

/** What the wallet still owes of its uncovered chargebacks (cents). */
export async function owedCents(db: Db, userId: string): Promise<number> {
  return (await openDebits(db, userId)).reduce((sum, d) => sum + d.amountCents - d.paidCents, 0);
}

/**
 * Pays the wallet's uncovered chargebacks (its open pending debits) from its balance, oldest first,
 * each payment a completed debit of its own that names the pending entry (`settles_id`, key
 * `settle:<pending id>:<paid so far>`); a pending entry paid in full gets its `settled_at`. Run it
 * in the caller's transaction right after the credit that brought the money: the wallet row is
 * locked first, so concurrent top-ups pay each debt once and an order waiting on the same row sees
 * only what is left. Answers what was paid now and what is still owed.
 */
export async function settleUncoveredDebits(
  db: Db,
  userId: string,
  at: Date,
  opts: { via: string; actorId?: string | null; ipAddress?: string | null },
): Promise<{ paidCents: number; owedCents: number }> {
  const wallet = await lockWallet(db, userId);
  if (!wallet) throw new Error(`wallet of ${userId} not found`);
  let balance = wallet.balanceCents;
  let paid = 0;
  let owed = 0;
  for (const debt of await openDebits(db, userId)) {
    const rest = debt.amountCents - debt.paidCents;
    const pay = Math.min(balance, rest);
    if (pay > 0) {
      const applied = await applyEntry(
        db,
        userId,
        {
          type: debt.type,
          direction: 'debit',
          amountCents: pay,
          description:
            `Chargeback paid from ${opts.via}: ${centsToDecimal(pay)} CAD of the ${centsToDecimal(debt.amountCents)} CAD` +
            ` the balance could not cover${debt.reference ? ` (${debt.reference})` : ''}`,
          reference: debt.reference,
          idempotencyKey: `settle:${debt.id}:${debt.paidCents + pay}`,
          actorId: opts.actorId ?? null,
          ipAddress: opts.ipAddress ?? null,
          settlesId: debt.id,
        },
        at,
      );
      // The wallet is locked and `pay` is at most its balance: this cannot fail.
      if (!applied) throw new Error(`could not pay the pending debit ${debt.id}`);
      balance -= pay;
      paid += pay;
    }
    if (pay === rest) {
      await markDebitSettled(db, debt.id, at);
    } else {
      owed += rest - pay;
    }
  }
  return { paidCents: paid, owedCents: owed };
}

export type LedgerBreak = {
  walletId: string;
  userId: string;
  balanceCents: number;
  ledgerCents: number;
  /** Entries whose balance_after does not follow from the one before (running sum), if any. */
  brokenChainAt: string | null;
  /**
   * An entry where paying an uncovered chargeback does not add up (decision 021): a pending debit paid
   * more than its amount, marked settled but not paid in full (or the reverse), or a payment that
   * names no pending debit of its wallet. Null when none.
   */
  badSettlementAt: string | null;
};

/**
 * DESIGN §3's invariant for every wallet: completed credits − completed debits = balance, no
 * balance negative, and each entry's balance_after is the running sum; and (decision 021) the
 * payments of each pending debit add up to at most its amount, exactly when it is marked settled.
 * Answers the wallets that break it.
 */
export async function verifyLedger(db: Db): Promise<{ wallets: number; entries: number; breaks: LedgerBreak[] }> {
  const rows = await walletTotals(db);
  const breaks: LedgerBreak[] = [];
  let entries = 0;
  for (const r of rows) {
    entries += Number(r.entries);
    const balanceCents = Number(r.balance_cents);
    const ledgerCents = Number(r.ledger_cents);
    if (balanceCents !== ledgerCents || balanceCents < 0 || r.broken_at || r.bad_settlement_at) {
      breaks.push({
        walletId: r.wallet_id,
        userId: r.user_id,
        balanceCents,
        ledgerCents,
        brokenChainAt: r.broken_at,
        badSettlementAt: r.bad_settlement_at,
      });
    }
  }
  return { wallets: rows.length, entries, breaks };
}
