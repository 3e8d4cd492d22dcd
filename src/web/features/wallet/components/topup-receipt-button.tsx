import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TTransaction } from '../../../../shared/contracts/wallet';
import { downloadFile } from '../../../lib/download-file';
import { describeError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';

/**
 * The document an entry carries (decision 025), downloading its PDF: a top-up's prepayment receipt
 * (P-), a shipping charge's receipt (R-) or a void's credit note (CN-) through its shipment.
 */
export function documentOf(transaction: TTransaction) {
  const number = transaction.receiptNumber;
  if (!number) return null;
  if (number.startsWith('P-'))
    return {
      number,
      url: `/api/transactions/${encodeURIComponent(transaction.id)}/receipt`,
      file: `receipt-${number}.pdf`,
      word: 'receipts.topupReceipt',
      label: 'receipts.topupReceiptFor',
      testId: 'topup-receipt',
    };
  const shipment = transaction.shipmentId;
  if (!shipment) return null;
  if (number.startsWith('R-') && transaction.type === 'shipping_charge')
    return {
      number,
      url: `/api/shipments/${encodeURIComponent(shipment)}/receipt`,
      file: `receipt-${number}.pdf`,
      word: 'receipts.receipt',
      label: 'receipts.receiptFor',
      testId: 'transaction-receipt',
    };
  if (number.startsWith('CN-') && transaction.type === 'refund')
    return {
      number,
      url: `/api/shipments/${encodeURIComponent(shipment)}/credit-note`,
      file: `credit-note-${number}.pdf`,
      word: 'receipts.creditNote',
      label: 'receipts.creditNoteFor',
      testId: 'transaction-credit-note',
    };
  return null;
}

export function TopupReceiptButton({ transaction }: { transaction: TTransaction }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const doc = documentOf(transaction);
  if (!doc) return null;
  const get = async () => {
    setBusy(true);
    try {
      await downloadFile(doc.url, doc.file);
    } catch (error) {
      toast({
        title: { key: 'receipts.downloadError' },
        description: describeError(error),
        variant: 'destructive',
        tag: 'receipts',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void get()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t(doc.label, { ref: doc.number })}
      className="mt-1 inline-flex min-h-6 items-center gap-1 text-xs font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60"
      data-testid={doc.testId}
    >
      <FileText className="size-3.5" aria-hidden="true" />
      {t(doc.word)} {doc.number}
    </button>
  );
}
