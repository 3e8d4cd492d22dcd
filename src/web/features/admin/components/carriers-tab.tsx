import { CheckCircle2, CircleSlash, Truck, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminCarrier } from '../../../../shared/contracts/carriers';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useAdminCarriers } from '../api';
import { badgeClass, EmptyState, ListSkeleton, LoadError, TableFrame, Th, useLang, useWide } from './admin-ui';

/** Known CarrierError reasons with words of their own; another reason is shown as the carrier sent it. */
const REASONS = new Set([
  'TIMEOUT',
  'UNAVAILABLE',
  'REFUSED',
  'UNSUPPORTED_ROUTE',
  'LIMIT_EXCEEDED',
  'NOT_FOUND',
  'NOT_VOIDABLE',
  'BUSY',
  'ADDRESS_INVALID',
  'SERVICE_UNAVAILABLE',
  'CUSTOMS_INVALID',
]);

const MODE_CLASS: Record<TAdminCarrier['mode'], string> = {
  live: 'bg-emerald-100 text-emerald-900',
  test: 'bg-amber-100 text-amber-900',
  sandbox: 'bg-slate-100 text-slate-800',
  off: 'bg-slate-50 text-slate-600 ring-1 ring-slate-200',
};

/** Failures per 10 000 calls as a percentage: '0', '12.5', '100'. */
export function percentOf(bp: number): string {
  const p = bp / 100;
  return Number.isInteger(p) ? String(p) : p.toFixed(1).replace(/\.0$/, '');
}

/**
 * Issue 24 'Carriers' tab: each carrier's mode (live, test, sandbox or off), its last call (what it
 * was, how it ended, how long it took and when) and the share of failed calls in the last hour, as
 * every server recorded them. Refreshed every 30 seconds.
 */
export function CarriersTab() {
  const { t } = useTranslation();
  const wide = useWide();
  const q = useAdminCarriers();
  const carriers = q.data?.carriers ?? [];

  let body: React.ReactNode;
  if (q.isPending) body = <ListSkeleton label={t('admin.carriers.loading')} rows={5} />;
  else if (q.isError && !q.data)
    body = (
      <LoadError
        title={t('admin.carriers.loadFailed')}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
        testId="admin-carriers-error"
      />
    );
  else if (carriers.length === 0)
    body = (
      <EmptyState
        icon={<Truck className="size-8" aria-hidden="true" />}
        title={t('admin.carriers.empty')}
        testId="admin-carriers-empty"
      />
    );
  else if (wide)
    body = (
      <TableFrame label={t('admin.carriers.title')} testId="admin-carriers-table">
        <thead className="bg-slate-50">
          <tr>
            <Th>{t('admin.carriers.columns.carrier')}</Th>
            <Th>{t('admin.carriers.columns.mode')}</Th>
            <Th>{t('admin.carriers.columns.lastCall')}</Th>
            <Th>{t('admin.carriers.columns.latency')}</Th>
            <Th>{t('admin.carriers.columns.errorRate')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {carriers.map((c) => (
            <tr key={c.carrier} className="align-top" data-testid="admin-carrier" data-carrier={c.carrier}>
              <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">{c.carrierName}</td>
              <td className="px-4 py-3">
                <ModeBadge mode={c.mode} />
              </td>
              <td className="w-full min-w-56 px-4 py-3">
                <LastCall carrier={c} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums" data-testid="admin-carrier-latency">
                {c.lastCall ? t('admin.carriers.latency', { ms: c.lastCall.latencyMs }) : '—'}
              </td>
              <td className="px-4 py-3">
                <ErrorRate carrier={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    );
  else
    body = (
      <ul className="grid gap-3" aria-label={t('admin.carriers.title')}>
        {carriers.map((c) => (
          <li
            key={c.carrier}
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="admin-carrier"
            data-carrier={c.carrier}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{c.carrierName}</span>
              <ModeBadge mode={c.mode} />
            </div>
            <LastCall carrier={c} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-600">{t('admin.carriers.columns.latency')}</span>
              <span className="tabular-nums" data-testid="admin-carrier-latency">
                {c.lastCall ? t('admin.carriers.latency', { ms: c.lastCall.latencyMs }) : '—'}
              </span>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-600">{t('admin.carriers.columns.errorRate')}</span>
              <ErrorRate carrier={c} />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="grid gap-4" aria-labelledby="admin-carriers-title">
      <div className="grid gap-1">
        <h2 id="admin-carriers-title" className="text-lg font-semibold text-slate-900">
          {t('admin.carriers.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('admin.carriers.intro')}</p>
      </div>
      {body}
    </section>
  );
}

function ModeBadge({ mode }: { mode: TAdminCarrier['mode'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(badgeClass, MODE_CLASS[mode])}
      title={t(`admin.carriers.modeHint.${mode}`)}
      data-testid="admin-carrier-mode"
      data-mode={mode}
    >
      <span data-testid="admin-carrier-mode-name">{t(`admin.carriers.mode.${mode}`)}</span>
      <span className="sr-only">: {t(`admin.carriers.modeHint.${mode}`)}</span>
    </span>
  );
}

function LastCall({ carrier }: { carrier: TAdminCarrier }) {
  const { t } = useTranslation();
  const lang = useLang();
  const call = carrier.lastCall;
  if (!call)
    return (
      <span className="text-sm text-slate-600" data-testid="admin-carrier-last-call" data-outcome="none">
        {t('admin.carriers.noCall')}
      </span>
    );
  const reason = call.errorReason
    ? REASONS.has(call.errorReason)
      ? t(`admin.carriers.reasons.${call.errorReason}`)
      : call.errorReason
    : null;
  const outcome = !call.ok ? 'failed' : reason ? 'refused' : 'ok';
  const Icon = outcome === 'failed' ? XCircle : outcome === 'refused' ? CircleSlash : CheckCircle2;
  return (
    <div className="grid gap-0.5 text-sm" data-testid="admin-carrier-last-call" data-outcome={outcome}>
      <span className="flex flex-wrap items-center gap-1.5">
        <Icon
          className={cn(
            'size-4 shrink-0',
            outcome === 'failed' ? 'text-red-600' : outcome === 'refused' ? 'text-amber-600' : 'text-emerald-600',
          )}
          aria-hidden="true"
        />
        <span className="font-medium text-slate-900">{t(`admin.carriers.operations.${call.operation}`)}</span>
        <span className={outcome === 'failed' ? 'text-red-700' : 'text-slate-700'}>
          {outcome === 'ok'
            ? t('admin.carriers.outcome.ok')
            : outcome === 'refused'
              ? t('admin.carriers.outcome.refused', { reason })
              : t('admin.carriers.outcome.failed', { reason })}
        </span>
      </span>
      <span className="text-xs text-slate-600">{formatDateTime(call.at, lang)}</span>
    </div>
  );
}

function ErrorRate({ carrier }: { carrier: TAdminCarrier }) {
  const { t } = useTranslation();
  const { calls, errors, errorRateBp } = carrier.lastHour;
  if (calls === 0 || errorRateBp === null)
    return (
      <span className="text-sm whitespace-nowrap text-slate-600" data-testid="admin-carrier-error-rate" data-calls={0}>
        {t('admin.carriers.noCallsLastHour')}
      </span>
    );
  return (
    <span
      className={cn('text-sm whitespace-nowrap tabular-nums', errors > 0 ? 'text-red-700' : 'text-slate-800')}
      data-testid="admin-carrier-error-rate"
      data-calls={calls}
      data-errors={errors}
    >
      {t('admin.carriers.errorRate', { percent: percentOf(errorRateBp), errors, count: calls })}
    </span>
  );
}
