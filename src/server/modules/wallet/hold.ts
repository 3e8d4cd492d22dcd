/**
 * Wallet holds (decision 021). A held wallet pays for no order (403 WALLET_ON_HOLD). Two kinds:
 * - 'uncovered_debit': put by the ledger itself when a chargeback leaves a debt the balance could
 *   not cover, and lifted by itself once top-ups have paid it (settleUncoveredDebits);
 * - 'admin': put and lifted by an admin, with a reason (audited; admin/users.ts).
 * Top-ups are never blocked by a hold: they are how the debt gets paid.
 */
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { centsToDecimal } from '../../../shared/money';
import { audit } from '../audit/repo';
import { owedCents } from './ledger';
import { clearUncoveredDebitHold, holdRow, setUncoveredDebitHold, type RawHold } from './repo';

export type HoldKind = 'admin' | 'uncovered_debit';
export type WalletHold = {
  walletId: string;
  heldAt: Date;
  kind: HoldKind;
  reason: string | null;
  heldBy: string | null;
};

const toHold = (r: RawHold | undefined): WalletHold | null =>
  r?.held_at && r.hold_kind
    ? { walletId: r.id, heldAt: new Date(r.held_at), kind: r.hold_kind, reason: r.hold_reason, heldBy: r.held_by }
    : null;

/** The wallet's hold, or null; `lock` holds the wallet row for the rest of the transaction. */
export async function holdOf(db: Db, userId: string, opts: { lock?: boolean } = {}): Promise<WalletHold | null> {
  return toHold(await holdRow(db, userId, opts));
}

export const AUTO_HOLD_REASON =
  'A card payment was taken back (dispute or refund) and the balance could not cover all of it';

/**
 * Puts the wallet on hold for an uncovered chargeback, unless it is on hold already (an admin's
 * hold stays the admin's). Call in the transaction that recorded the pending debit.
 */
export async function holdForUncoveredDebit(
  db: Db,
  userId: string,
  owed: number,
  details: { paymentIntentId: string },
  at: Date,
): Promise<boolean> {
  const walletId = await setUncoveredDebitHold(db, userId, AUTO_HOLD_REASON, at);
  if (!walletId) return false;
  await audit(db, {
    userId,
    action: 'wallet.hold',
    resourceType: 'wallet',
    resourceId: walletId,
    oldValue: { held: false },
    newValue: {
      userId,
      held: true,
      kind: 'uncovered_debit',
      owedCents: owed,
      paymentIntentId: details.paymentIntentId,
    },
    details: `Put on hold automatically: ${centsToDecimal(owed)} CAD of a card payment taken back (${details.paymentIntentId}) is owed`,
    at,
  });
  return true;
}

/** Lifts a hold the ledger put (never an admin's), once the chargeback is paid. */
export async function liftUncoveredDebitHold(db: Db, userId: string, at: Date): Promise<boolean> {
  const walletId = await clearUncoveredDebitHold(db, userId, at);
  if (!walletId) return false;
  await audit(db, {
    userId,
    action: 'wallet.hold_lifted',
    resourceType: 'wallet',
    resourceId: walletId,
    oldValue: { held: true, kind: 'uncovered_debit' },
    newValue: { userId, held: false },
    details: 'Hold lifted automatically: what was owed is paid',
    at,
  });
  return true;
}

/**
 * What a held wallet's owner is told, and how (403 WALLET_ON_HOLD): why, what to do, and that nothing
 * was charged. An admin's hold gives the admin's reason: the customer sees it (the admin's dialog
 * says so; decision 021).
 */
export function walletOnHoldError(kind: HoldKind, owed: number, reason: string | null = null): AppError {
  const why = kind === 'admin' && reason?.trim() ? reason.trim() : null;
  const message =
    kind === 'uncovered_debit'
      ? `Your wallet is on hold: a card payment of yours was disputed or refunded after it was credited, and ${centsToDecimal(owed)} CAD ` +
        'of it could not be taken from your balance. Nothing was charged. Top up with another card to pay it (the hold lifts by itself once it is paid), ' +
        'or contact support.'
      : `Your wallet is on hold by support${why ? ` (reason: ${why})` : ''}, so no order can be paid from it. Nothing was charged. ` +
        'Contact support to have the hold lifted.' +
        (owed > 0
          ? ` ${centsToDecimal(owed)} CAD of a disputed card payment is also owed: a top-up with another card pays it.`
          : '');
  return new AppError(403, message, ErrorCode.WALLET_ON_HOLD, undefined, undefined, {
    walletHold: { kind, owed: centsToDecimal(owed), ...(why ? { reason: why } : {}) },
  });
}

/** Throws 403 WALLET_ON_HOLD when the user's wallet is on hold (orders call it before any charge). */
export async function assertWalletNotHeld(db: Db, userId: string): Promise<void> {
  const hold = await holdOf(db, userId);
  if (!hold) return;
  throw walletOnHoldError(hold.kind, await owedCents(db, userId), hold.reason);
}
