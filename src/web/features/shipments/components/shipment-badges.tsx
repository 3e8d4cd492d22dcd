import { BadgeCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipmentStatus } from '../../../../shared/contracts/shipments';
import { cn } from '../../../lib/cn';

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium';

/** Spec §4: every shipment shows a green 'paid' badge, whatever its status. */
export function PaidBadge() {
  const { t } = useTranslation();
  return (
    <span className={cn(badge, 'bg-emerald-100 text-emerald-800')} data-testid="paid-badge">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {t('shipments.paid')}
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
 * A voided or failed shipment keeps the spec's green 'paid' badge, so its status badge says plainly
 * that the money went back: 'Voided · refunded', 'Failed · refunded'.
 */
export function StatusBadge({ status }: { status: TShipmentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn(badge, statusStyles[status])} data-testid="status-badge" data-status={status}>
      {status === 'cancelled' || status === 'failed'
        ? t(`shipments.statusRefunded.${status}`)
        : t(`shipments.status.${status}`)}
    </span>
  );
}
