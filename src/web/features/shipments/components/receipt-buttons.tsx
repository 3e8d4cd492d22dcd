import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipment } from '../../../../shared/contracts/shipments';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { downloadFile } from '../../../lib/download-file';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export type ReceiptShipment = Pick<TShipment, 'id' | 'orderCode' | 'trackingNumber' | 'status' | 'test'>;

/**
 * A receipt exists once the label was bought (decision 025); a voided order has a credit note too. A
 * test-mode order (test API key) charged nothing and has neither.
 */
export function hasReceipt(s: ReceiptShipment): boolean {
  return !s.test && Boolean(s.trackingNumber) && s.status !== 'purchasing' && s.status !== 'failed';
}

type Doc = 'receipt' | 'credit-note';

/** 'Receipt' (and 'Credit note' after a void): the PDF downloads; a refusal says why in a toast. */
export function ReceiptButtons({
  shipment,
  className,
  labelled = true,
}: {
  shipment: ReceiptShipment;
  className?: string;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Doc | null>(null);
  if (!hasReceipt(shipment)) return null;
  const ref = shipment.orderCode || shipment.trackingNumber || '';
  const get = async (doc: Doc) => {
    setBusy(doc);
    try {
      await downloadFile(`/api/shipments/${encodeURIComponent(shipment.id)}/${doc}`, `${doc}-${ref}.pdf`);
    } catch (error) {
      toast({
        title: { key: 'receipts.downloadError' },
        description: {
          key: isApiError(error) && error.status === 404 ? 'receipts.notIssued' : 'receipts.tryAgain',
        },
        variant: 'destructive',
        tag: 'receipts',
      });
    } finally {
      setBusy(null);
    }
  };
  const docs: Doc[] = shipment.status === 'cancelled' ? ['receipt', 'credit-note'] : ['receipt'];
  return (
    <div className={cn('flex items-center gap-2', className)}>
      {docs.map((doc) => {
        const word = doc === 'receipt' ? t('receipts.receipt') : t('receipts.creditNote');
        return (
          <Button
            key={doc}
            variant="secondary"
            size="sm"
            onClick={() => void get(doc)}
            disabled={busy !== null}
            aria-busy={busy === doc || undefined}
            aria-label={t(doc === 'receipt' ? 'receipts.receiptFor' : 'receipts.creditNoteFor', { ref })}
            title={labelled ? undefined : word}
            data-testid={doc === 'receipt' ? 'receipt-download' : 'credit-note-download'}
          >
            <FileText className={cn('size-4', busy === doc && 'animate-pulse')} aria-hidden="true" />
            {labelled ? (busy === doc ? t('labels.preparing') : word) : null}
          </Button>
        );
      })}
    </div>
  );
}
