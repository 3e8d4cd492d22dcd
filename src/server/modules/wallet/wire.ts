/** A wallet transaction row as the API answers it (contracts/wallet.ts). */
import type { WalletTransactionRow } from '../../db/schema/orders';
import { centsToDecimal } from '../../../shared/money';
import type { TTransaction } from '../../../shared/contracts/wallet';

export function toWireTransaction(t: WalletTransactionRow): TTransaction {
  return {
    id: t.id,
    type: t.type,
    // A pending debit (an uncovered chargeback) paid in full by later entries reads as settled, not
    // completed: it moved no money (its payments did), so no sum may count it (decision 021).
    status: t.status === 'pending' && t.settledAt ? 'settled' : t.status,
    amount: centsToDecimal(t.amountCents),
    direction: t.direction,
    balanceAfter: centsToDecimal(t.balanceAfterCents),
    description: t.description,
    reference: t.reference,
    shipmentId: t.shipmentId,
    createdAt: t.createdAt.toISOString(),
  };
}
