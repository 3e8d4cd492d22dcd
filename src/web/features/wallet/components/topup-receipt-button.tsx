import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TTransaction } from '../../../../shared/contracts/wallet';
import { downloadFile } from '../../../lib/download-file';
import { describeError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';

/** A top-up or card charge with its prepayment receipt (decision 025): the receipt's number, downloading its PDF. */
export function TopupReceiptButton({ transaction }: { transaction: TTransaction }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const number = transaction.receiptNumber;
  if (!number || !number.startsWith('P-')) return null;
  const get = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/transactions/${encodeURIComponent(transaction.id)}/receipt`, `receipt-${number}.pdf`);
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
      aria-label={t('receipts.topupReceiptFor')}
      className="mt-1 inline-flex min-h-6 items-center gap-1 text-xs font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60"
      data-testid="topup-receipt"
    >
      <FileText className="size-3.5" aria-hidden="true" />
      {t('receipts.topupReceipt')} {number}
    </button>
  );
}
