import { Download, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipment } from '../../../../shared/contracts/shipments';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { labelRef, useLabelActions } from '../label-actions';

// The receiver and customs declaration, where known, say whether a ZPL download needs the PDF's customs forms.
export type LabelShipment = Pick<TShipment, 'orderCode' | 'trackingNumber' | 'status'> &
  Partial<Pick<TShipment, 'toAddress' | 'customs'>>;

/** A label exists once it is bought and until it is voided. */
export function hasLabel(shipment: LabelShipment): boolean {
  return (
    Boolean(shipment.trackingNumber) &&
    shipment.status !== 'purchasing' &&
    shipment.status !== 'failed' &&
    shipment.status !== 'cancelled'
  );
}

/**
 * Download and print of one shipment's label (spec §2, §7): each button disabled while its call
 * runs; print is hidden below the `sm` breakpoint (phones). Renders nothing when there is no label.
 */
export function LabelButtons({
  shipment,
  className,
  labelled = true,
}: {
  shipment: LabelShipment;
  className?: string;
  /** Show the words beside the icons (icons only when false; the names stay for screen readers). */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const { print, download, pendingAction } = useLabelActions();
  if (!hasLabel(shipment)) return null;
  const ref = labelRef(shipment) ?? '';
  const busy = pendingAction(shipment);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void download(shipment)}
        disabled={busy !== null}
        aria-busy={busy === 'download' || undefined}
        aria-label={t('labels.downloadFor', { ref })}
        title={labelled ? undefined : t('labels.download')}
        data-testid="label-download"
      >
        <Download className={cn('size-4', busy === 'download' && 'animate-pulse')} aria-hidden="true" />
        {labelled ? (busy === 'download' ? t('labels.preparing') : t('labels.download')) : null}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className="max-sm:hidden"
        onClick={() => void print(shipment)}
        disabled={busy !== null}
        aria-busy={busy === 'print' || undefined}
        aria-label={t('labels.printFor', { ref })}
        title={labelled ? undefined : t('labels.print')}
        data-testid="label-print"
      >
        <Printer className={cn('size-4', busy === 'print' && 'animate-pulse')} aria-hidden="true" />
        {labelled ? (busy === 'print' ? t('labels.preparing') : t('labels.print')) : null}
      </Button>
    </div>
  );
}
