import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertCircle, ArrowRight, ExternalLink, PackageX, RotateCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { carrierName } from '../../../../shared/carriers';
import type { TTrackingLookup } from '../../../../shared/contracts/shipments';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
// The timeline and badges are the shipments feature's: the shipment detail shows the same timeline.
import { StatusBadge } from '../../shipments/components/shipment-badges';
import { SampleTimeline, TrackingTimeline } from '../../shipments/components/tracking-timeline';
import { businessDateInstant, carrierLabel, serviceWithoutCarrier } from '../../shipments/rate-display';
import { normalizeTrackingInput, useTracking } from '../../shipments/api';

const MAX_INPUT = 64;

/**
 * Tracking (spec §2): a tracking number (or order code) looked up among the user's shipments, with
 * its real timeline; the spec's sample timeline while nothing has been searched. `?n=` links here.
 */
export function TrackingPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const number = normalizeTrackingInput(searchParams.get('n') ?? '').slice(0, MAX_INPUT);
  const [typed, setTyped] = useState(number);
  const inputId = useId();
  const lookup = useTracking(number);

  // A link or back/forward changed the number: show it in the box.
  useEffect(() => setTyped(number), [number]);

  const submit = () => {
    const wanted = normalizeTrackingInput(typed).slice(0, MAX_INPUT);
    if (wanted === number) {
      if (wanted) void lookup.refetch();
      return;
    }
    setSearchParams(wanted ? { n: wanted } : {});
  };

  const notFound = isApiError(lookup.error) && (lookup.error.status === 404 || lookup.error.status === 400);

  return (
    <div className="grid gap-6" data-testid="tracking-page">
      <Card aria-labelledby="tracking-form-title">
        <form
          className="grid gap-3 p-4 sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <h2 id="tracking-form-title" className="text-base font-semibold text-slate-900">
            {t('tracking.title')}
          </h2>
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              {t('tracking.inputLabel')}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={inputId}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                maxLength={MAX_INPUT + 16}
                placeholder={t('tracking.placeholder')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="search"
                aria-describedby={`${inputId}-hint`}
                className={cn(inputClass, 'h-10 flex-1 font-mono')}
                data-testid="tracking-input"
              />
              <Button type="submit" disabled={lookup.isFetching} data-testid="tracking-submit">
                <Search className="size-4" aria-hidden="true" />
                {lookup.isFetching ? t('tracking.tracking') : t('tracking.track')}
              </Button>
            </div>
            <p id={`${inputId}-hint`} className="text-xs text-slate-600">
              {t('tracking.hint')}
            </p>
          </div>
        </form>
      </Card>

      <div aria-busy={lookup.isFetching || undefined}>
        {number === '' ? (
          <Card className="grid gap-4 p-4 sm:p-6" data-testid="tracking-placeholder">
            <div>
              <h2 className="text-base font-semibold text-slate-900">{t('tracking.sample.title')}</h2>
              <p className="mt-1 text-sm text-slate-600">{t('tracking.sample.description')}</p>
            </div>
            <SampleTimeline />
          </Card>
        ) : lookup.isPending ? (
          <Card className="grid gap-4 p-4 sm:p-6" data-testid="tracking-loading">
            <p role="status" className="text-sm text-slate-600">
              {t('tracking.looking', { number })}
            </p>
            <div aria-hidden="true" className="grid animate-pulse gap-3">
              <div className="h-5 w-1/3 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-100" />
              <div className="h-24 rounded bg-slate-100" />
            </div>
          </Card>
        ) : lookup.isError ? (
          notFound ? (
            <NotFound number={number} />
          ) : (
            <LookupFailed onRetry={() => void lookup.refetch()} retrying={lookup.isFetching} />
          )
        ) : (
          <TrackingResult result={lookup.data} />
        )}
      </div>
    </div>
  );
}

function NotFound({ number }: { number: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      data-testid="tracking-not-found"
    >
      <PackageX className="size-8 text-slate-500" aria-hidden="true" />
      <h2 className="text-base font-semibold text-slate-900">{t('tracking.notFound.title')}</h2>
      <p className="max-w-md break-words text-sm text-slate-600">{t('tracking.notFound.description', { number })}</p>
      <Link to="/shipments" className={buttonClass('secondary')}>
        {t('tracking.notFound.browse')}
      </Link>
    </div>
  );
}

function LookupFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      data-testid="tracking-error"
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <h2 className="text-base font-semibold text-red-900">{t('tracking.failed.title')}</h2>
      <p className="text-sm text-red-800">{t('tracking.failed.description')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('tracking.failed.retry')}
      </Button>
    </div>
  );
}

/**
 * The service's name in the interface language. The lookup carries the carrier's English name only,
 * so it is matched against the English service names to find the translated one.
 */
function translatedService(result: TTrackingLookup, t: (key: string) => string, english: unknown): string {
  const bare = serviceWithoutCarrier(result.service, carrierName(result.carrier, ''));
  const names = english && typeof english === 'object' ? (english as Record<string, unknown>) : {};
  const code = Object.keys(names).find((k) => names[k] === bare);
  return code ? t(`rates.services.${code}`) : bare;
}

function TrackingResult({ result }: { result: TTrackingLookup }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const eta = result.estimatedDelivery ? businessDateInstant(result.estimatedDelivery) : null;
  const service = translatedService(result, t, i18n.getResource('en', 'translation', 'rates.services'));
  return (
    <Card className="grid gap-5 p-4 sm:p-6" aria-labelledby="tracking-result-title" data-testid="tracking-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="tracking-result-title" className="text-base font-semibold text-slate-900">
            {carrierLabel(result.carrier, t)}
            {service ? <span className="font-normal text-slate-600"> · {service}</span> : null}
          </h2>
          <p className="mt-0.5 break-all font-mono text-sm text-slate-800" data-testid="tracking-result-number">
            {result.trackingNumber || result.orderCode}
          </p>
          {result.trackingNumber ? (
            <p className="text-xs text-slate-600">
              {t('tracking.orderCode')} <span className="font-mono">{result.orderCode}</span>
            </p>
          ) : null}
        </div>
        <StatusBadge status={result.status} />
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-slate-600">{t('tracking.route')}</dt>
          <dd className="flex flex-wrap items-center gap-1 text-slate-900">
            {result.fromCity || '—'}
            <ArrowRight className="size-3.5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">{t('tracking.routeTo')}</span>
            {result.toCity || '—'}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-slate-600">
            {result.deliveredAt ? t('tracking.deliveredOn') : t('tracking.estimatedDelivery')}
          </dt>
          <dd className="text-slate-900" data-testid="tracking-eta">
            {result.deliveredAt
              ? formatDateTime(result.deliveredAt, lang)
              : result.status === 'cancelled' || result.status === 'failed'
                ? '—'
                : eta
                  ? formatDate(eta, lang)
                  : t('tracking.noEstimate')}
          </dd>
        </div>
        <div className="grid content-start gap-0.5 sm:justify-items-end">
          <dt className="sr-only">{t('tracking.shipment')}</dt>
          <dd>
            <Link
              to={`/shipments?shipment=${encodeURIComponent(result.shipmentId)}`}
              className={buttonClass('secondary', 'sm')}
              data-testid="tracking-open-shipment"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              {t('tracking.openShipment')}
            </Link>
          </dd>
        </div>
      </dl>

      <section className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{t('tracking.history')}</h3>
        <TrackingTimeline events={result.events} status={result.status} />
      </section>
    </Card>
  );
}
