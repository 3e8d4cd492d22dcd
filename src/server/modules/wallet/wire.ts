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

/** The entry with its document number and tax split (decision 025; documents/repo.ts transactionDocuments). */
export function withDocument(
  wire: TTransaction,
  doc:
    | {
        receiptNumber: string | null;
        split: { preTaxCents: number; gstCents: number; hstCents: number; qstCents: number } | null;
      }
    | undefined,
): TTransaction {
  if (!doc) return wire;
  return {
    ...wire,
    receiptNumber: doc.receiptNumber,
    tax: doc.split
      ? {
          preTax: centsToDecimal(doc.split.preTaxCents),
          gst: centsToDecimal(doc.split.gstCents),
          hst: centsToDecimal(doc.split.hstCents),
          qst: centsToDecimal(doc.split.qstCents),
        }
      : null,
  };
}
