import type { Db } from '../../db/client';
import { centsToDecimal } from '../../../shared/money';
import type { TWallet } from '../../../shared/contracts/wallet';
import { walletBalance } from './read-repo';
import { holdOf } from './hold';
import { owedCents } from './ledger';

/**
 * The wallet as GET /api/wallet and GET /api/v1/wallet answer it: the balance, and the hold with
 * what is owed and an admin's reason when there is one (decision 021).
 */
export async function walletSummary(db: Db, userId: string): Promise<TWallet> {
  // Every user has a wallet (a trigger opens it with the user); none yet reads as empty.
  const [cents, hold] = await Promise.all([walletBalance(db, userId), holdOf(db, userId)]);
  const balance = { balance: centsToDecimal(cents ?? 0), currency: 'CAD' as const };
  if (!hold) return balance;
  const reason = hold.kind === 'admin' ? hold.reason?.trim() : undefined;
  return {
    ...balance,
    hold: { kind: hold.kind, owed: centsToDecimal(await owedCents(db, userId)), ...(reason ? { reason } : {}) },
  };
}
