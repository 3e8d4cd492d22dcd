import { BadgeCheck, KeyRound, RotateCcw, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipmentStatus } from '../../../../shared/contracts/shipments';
import { cn } from '../../../lib/cn';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium';

/** A voided or failed shipment's money went back to the wallet: its payment reads as refunded. */
export const isRefundedStatus = (status: TShipmentStatus) => status === 'cancelled' || status === 'failed';

/**
 * Spec §4: a shipment shows a green 'paid' badge; a voided or failed one was paid and then refunded
 * in full, so its payment badge says 'Refunded' rather than 'Paid' beside 'Voided'.
 */
export function PaidBadge({ status }: { status: TShipmentStatus }) {
  const { t } = useTranslation();
  const refunded = isRefundedStatus(status);
  return (
    <span
      className={cn(badge, refunded ? 'bg-slate-100 text-slate-800' : 'bg-emerald-100 text-emerald-800')}
      data-testid="paid-badge"
      data-payment={refunded ? 'refunded' : 'paid'}
    >
      {refunded ? (
        <RotateCcw className="size-3.5" aria-hidden="true" />
      ) : (
        <BadgeCheck className="size-3.5" aria-hidden="true" />
      )}
      {refunded ? t('shipments.refundedBadge') : t('shipments.paid')}
    </span>
  );
}

/**
 * A shipment bought with a test API key (issue 28): sandbox carrier, no money moved, no receipt.
 * The list's Live/Test filter lists these apart; the explanation is the title and is read out.
 */
export function TestKeyBadge({ test }: { test: boolean | undefined }) {
  const { t } = useTranslation();
  if (!test) return null;
  const explanation = t('shipments.testKeyBadge.title');
  return (
    <span className={cn(badge, 'bg-violet-100 text-violet-900')} title={explanation} data-testid="test-key-badge">
      <KeyRound className="size-3.5" aria-hidden="true" />
      {t('shipments.testKeyBadge.label')}
      <span className="sr-only">: {explanation}</span>
    </span>
  );
}

/**
 * Spec §2: shown only when the receiver can be matched (the server sends null otherwise); 'first
 * order' for a count of at most 1, else the count. The server sends each shipment's own place among
 * the orders to its receiver (the first of two reads 'first order', the second '2nd order').
 */
export function CustomerOrderBadge({ count }: { count: number | null }) {
  const { t } = useTranslation();
  if (count === null) return null;
  // 'count' is this shipment's own ordinal (the orders before it, plus itself): '4th order to this customer'.
  const label = count <= 1 ? t('shipments.customer.first') : t('shipments.customer.nth', { count, ordinal: true });
  return (
    <span
      className={cn(badge, 'bg-sky-100 text-sky-900')}
      title={t('shipments.customer.title')}
      data-testid="customer-badge"
    >
      <Users className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

const statusStyles: Record<TShipmentStatus, string> = {
  purchasing: 'bg-amber-100 text-amber-900',
  label_created: 'bg-slate-100 text-slate-800',
  in_transit: 'bg-blue-100 text-blue-900',
  out_for_delivery: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
};

/**
 * Where no payment badge is beside it (tracking), a voided or failed shipment's status says plainly
 * that the money went back: 'Voided · refunded', 'Failed · refunded'. Beside the payment badge
 * (`paymentShown`), which already reads 'Refunded', it says only 'Voided' or 'Failed'.
 */
export function StatusBadge({ status, paymentShown = false }: { status: TShipmentStatus; paymentShown?: boolean }) {
  const { t } = useTranslation();
  const text = isRefundedStatus(status)
    ? paymentShown
      ? t(`shipments.statusEnded.${status as 'cancelled' | 'failed'}`)
      : t(`shipments.statusRefunded.${status as 'cancelled' | 'failed'}`)
    : t(`shipments.status.${status}`);
  return (
    <span className={cn(badge, statusStyles[status])} data-testid="status-badge" data-status={status}>
      {text}
    </span>
  );
}
