import type { TWalletHold } from '../../../shared/contracts/wallet';
import type { TextRef } from '../../lib/error-message';

/** A hold as the server sends it (GET /api/wallet's `hold`, a 403 WALLET_ON_HOLD's `walletHold`), unchecked. */
export type HoldLike = { kind?: unknown; owed?: unknown; reason?: unknown };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Why a wallet is on hold and what to do (decision 021), the same in every language: a template of
 * `prefix` ('order.errors.held' when an order was refused — its texts add 'Nothing was charged' —,
 * 'wallet.hold' on the wallet page), never the server's English text.
 * - an unpaid chargeback: how much, top up with another card (the hold lifts by itself), or support;
 * - an admin's hold: its reason when given (the customer sees it), contact support; and any chargeback
 *   owed besides.
 */
export function holdTextRef(hold: HoldLike | null | undefined, prefix: 'order.errors.held' | 'wallet.hold'): TextRef {
  const owed = text(hold?.owed);
  const owes = owed !== undefined && owed !== '0.00';
  const reason = text(hold?.reason);
  if (hold?.kind === 'uncovered_debit' && owes) return { key: `${prefix}.owed`, values: { amount: owed } };
  if (reason && owes) return { key: `${prefix}.reasonOwed`, values: { reason, amount: owed } };
  if (reason) return { key: `${prefix}.reason`, values: { reason } };
  if (owes) return { key: `${prefix}.adminOwed`, values: { amount: owed } };
  return { key: `${prefix}.description` };
}

/** The wallet read's hold, when there is one. */
export const walletHoldOf = (wallet: { hold?: TWalletHold } | undefined): TWalletHold | null => wallet?.hold ?? null;
