import { Link } from 'react-router';
import { ArrowRight, PackagePlus, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipment } from '../../../../shared/contracts/shipments';
import { parseCents } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';
import { buttonClass } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { isRefundedStatus, StatusBadge } from '../../shipments/components/shipment-badges';
import { CarrierModeBadge } from '../../../components/carrier-mode-badge';
import { carrierLabel, serviceLabel } from '../../shipments/rate-display';
import { useRecentShipments } from '../api';
import { money } from '../dashboard-format';
import { PanelEmpty, PanelError, PanelHeader } from './panel-states';
import { RecentLabelActions } from './recent-label-actions';

/** Spec §2: the 8 latest shipments (min height 320 px), 'View all', and the empty and failure states of §8. */
export function RecentShipments() {
  const { t } = useTranslation();
  const recent = useRecentShipments();
  return (
    <Card aria-labelledby="recent-title" className="flex flex-col" data-testid="recent-shipments">
      <PanelHeader
        id="recent-title"
        title={t('dashboard.recent.title')}
        description={t('dashboard.recent.description')}
        action={
          <Link to="/shipments" className={buttonClass('link', 'sm', 'text-sm')} data-testid="recent-view-all">
            {t('dashboard.recent.viewAll')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <div className="flex min-h-[320px] flex-1 flex-col p-4 sm:px-6" aria-busy={recent.isFetching || undefined}>
        {recent.isPending ? (
          <RecentSkeleton />
        ) : recent.isError ? (
          <PanelError
            className="flex-1"
            testId="recent-error"
            title={t('dashboard.recent.failed')}
            description={
              <>
                <p>{t('dashboard.recent.failedToLoad')}</p>
                <p>{t('dashboard.retryLater')}</p>
              </>
            }
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        ) : recent.data.length === 0 ? (
          <PanelEmpty
            testId="recent-empty"
            icon={<PackagePlus className="size-8" aria-hidden="true" />}
            title={t('dashboard.recent.emptyTitle')}
            description={t('dashboard.recent.emptyDescription')}
          >
            <Link
              to="/create-shipment"
              className={buttonClass('primary', 'md', 'mt-2')}
              data-testid="recent-create-first"
            >
              {t('dashboard.recent.createFirst')}
            </Link>
          </PanelEmpty>
        ) : (
          <ul className="-my-1 divide-y divide-slate-100" aria-labelledby="recent-title" data-testid="recent-list">
            {recent.data.map((shipment) => (
              <RecentItem key={shipment.id} shipment={shipment} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function RecentItem({ shipment }: { shipment: TShipment }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const reference = shipment.orderCode || shipment.trackingNumber || '';
  const refunded = parseCents(shipment.refundedAmount) ?? 0;
  const receiver = [shipment.toAddress.name || shipment.toAddress.company, shipment.toAddress.city]
    .filter(Boolean)
    .join(t('dashboard.recent.separator'));
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="recent-item">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Truck className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm text-slate-900">
            <span className="font-semibold" data-testid="recent-carrier">
              {carrierLabel(shipment.carrier, t)}
            </span>
            {shipment.service ? (
              <span className="text-slate-600">
                {' · '}
                {serviceLabel(
                  { carrier: shipment.carrier, serviceCode: shipment.serviceCode, serviceName: shipment.service },
                  t,
                )}
              </span>
            ) : null}
          </p>
          <p className="text-sm break-words text-slate-600 sm:truncate">
            {reference ? (
              <Link
                to={`/shipments?search=${encodeURIComponent(reference)}`}
                className="font-mono text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                aria-label={t('dashboard.recent.open', { reference })}
              >
                {reference}
              </Link>
            ) : null}
            {receiver ? <> · {t('dashboard.recent.to', { receiver })}</> : null}
          </p>
          <p className="text-xs text-slate-500">
            <time dateTime={shipment.createdAt}>{formatDateTime(shipment.createdAt, lang)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 pl-12 sm:flex-col sm:items-end sm:justify-center sm:pl-0">
        <div className="flex items-center gap-2">
          <span className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="recent-cost">
            {money(parseCents(shipment.totalCost) ?? 0, lang)}
          </span>
          {isRefundedStatus(shipment.status) ? (
            <span
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-500/20 ring-inset"
              data-testid="paid-badge"
              data-payment="refunded"
            >
              {t('shipments.refundedBadge')}
            </span>
          ) : (
            <span
              className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset"
              data-testid="paid-badge"
              data-payment="paid"
            >
              {t('dashboard.recent.paid')}
            </span>
          )}
          <CarrierModeBadge mode={shipment.mode} />
          {isRefundedStatus(shipment.status) ? <StatusBadge status={shipment.status} paymentShown /> : null}
        </div>
        {refunded > 0 ? (
          <span className="text-xs text-slate-600">
            {t('dashboard.recent.refunded', { amount: money(refunded, lang) })}
          </span>
        ) : null}
        <RecentLabelActions shipment={shipment} />
      </div>
    </li>
  );
}

function RecentSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="recent-skeletons">
      <p role="status" className="sr-only">
        {t('dashboard.recent.loading')}
      </p>
      <ul className="divide-y divide-slate-100" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="flex animate-pulse items-center gap-3 py-3">
            <div className="size-9 rounded-lg bg-slate-100" />
            <div className="flex-1">
              <div className="h-4 w-1/3 rounded bg-slate-200" />
              <div className="mt-2 h-3 w-1/2 rounded bg-slate-100" />
            </div>
            <div className="h-5 w-20 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
