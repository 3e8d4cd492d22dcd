import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Info, Plane, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRateOption, TRateWarning } from '../../../../shared/contracts/rates';
import { isLabelPrintable } from '../../../../shared/contracts/shipments';
import { isFlyInPostalCode } from '../../../../shared/fly-in';
import { normalizePostalCode } from '../../../../shared/postal-code';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api-client';
import { afterOrderKeys } from '../../../lib/queries/keys';
import { dismissToasts, toast } from '../../../lib/toast';
import { quoteQueryOptions } from '../rates-api';
import { newIdempotencyKey, placeOrder, toOrderRequest, walletQueryOptions } from '../order-api';
import { classifyOrderError, isUnsettled, priceChangeOf, type OrderErrorInfo } from '../order-errors';
import { OrderPanel, PinnedOrderBar, type OrderControls, type WalletState } from '../components/order-panel';
import { OrderProgress, useOrderProgress } from '../components/order-progress';
import { RateOptions } from '../components/rate-options';
import { ShipmentSummary } from '../components/shipment-summary';
import { encodeMessage, formMessageText } from '../../../components/ui/form-message';
import { clearShipment, formPathsForServerPath, loadShipment, type StoredShipment } from '../shipment-draft';
import { findProblems, problemKey } from '../shipment-rules';
import { carrierLabel, cents, optionTotal, rateView, serviceKey, type Repricing } from '../rate-display';
import { formFromShipment, missingFieldName, type CreateShipmentLocationState } from './create-shipment-page';

/** Spec §4: the user goes to /shipments this long after the order succeeded. */
const REDIRECT_AFTER_MS = 2000;

export function RateSelectionPage() {
  const [shipment] = useState(loadShipment);
  if (!shipment) return <Navigate to="/create-shipment" replace />;
  return <RateSelection shipment={shipment} />;
}

/** A choice survives a new quote (same carrier and service, the new price and id). */
type Choice = { carrier: string; serviceCode: string };
const isChoice = (o: TRateOption, c: Choice | null) =>
  !!c && o.carrier === c.carrier && o.serviceCode === c.serviceCode;

function RateSelection({ shipment }: { shipment: StoredShipment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const quote = useQuery(quoteQueryOptions(shipment));
  const wallet = useQuery(walletQueryOptions);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [orderError, setOrderError] = useState<OrderErrorInfo | null>(null);
  // After a 409 PRICE_CHANGED (issue 22) the page quotes again: until that answers (or when it fails) only
  // the option the 409 priced has a price to trust, and the next order of it sends that price; once it
  // answered every card has today's price. The cards keep the order the user saw them in.
  const [repricing, setRepricing] = useState<Repricing | null>(null);
  const [placing, setPlacing] = useState(false);
  const progress = useOrderProgress();
  // One Idempotency-Key per order attempt: kept for a retry of the same option while the outcome is
  // unknown (no answer), dropped once the server answered.
  const attempt = useRef<{ key: string; optionId: string } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const refused = isApiError(quote.error) && quote.error.status === 400;
  // The failure toast, once per failed attempt; a refused shipment is explained on the page instead. Kept as
  // keys (it follows a language switch) and closed as soon as the quote is asked again, so it never outlives
  // a retry that answered otherwise.
  useEffect(() => {
    if (quote.isError && !refused) {
      toast({
        title: { key: 'rates.failed.title' },
        description: { key: 'rates.failed.description' },
        variant: 'destructive',
        tag: 'rates.quote',
      });
    }
  }, [quote.isError, quote.errorUpdatedAt, refused]);
  useEffect(() => {
    if (quote.isFetching || quote.isSuccess) dismissToasts('rates.quote');
  }, [quote.isFetching, quote.isSuccess]);

  const fresh = !!repricing && quote.dataUpdatedAt !== repricing.staleDataAt;
  const view = useMemo(
    () => (quote.data ? rateView(quote.data.rates, repricing, fresh) : null),
    [quote.data, repricing, fresh],
  );
  const options = view?.options ?? [];
  const selected = options.find((o) => isChoice(o, choice)) ?? options.find((o) => !view?.stale.has(o.id));
  const selectedStale = !!selected && !!view?.stale.has(selected.id);
  // The confirm 'quoted at $X, now $Y — Order at $Y', on the service the order was for.
  const confirmPrice =
    repricing && selected && !selectedStale && isChoice(selected, repricing.choice)
      ? optionTotal(selected) !== repricing.quotedTotal
      : false;

  const walletState: WalletState = wallet.data
    ? { status: 'ready', balance: cents(wallet.data.balance) }
    : wallet.isError
      ? { status: 'error', retry: () => void wallet.refetch(), retrying: wallet.isFetching }
      : { status: 'loading' };
  const shortfall =
    walletState.status === 'ready' && selected ? Math.max(0, optionTotal(selected) - walletState.balance) : null;

  const goToShipments = useCallback(() => {
    if (redirectTimer.current) clearTimeout(redirectTimer.current);
    redirectTimer.current = null;
    void navigate('/shipments');
  }, [navigate]);

  const place = useCallback(async () => {
    if (!selected || placing) return;
    const reuse = attempt.current && attempt.current.optionId === selected.id;
    const key = reuse ? attempt.current!.key : newIdempotencyKey();
    attempt.current = { key, optionId: selected.id };
    setOrderError(null);
    setPlacing(true);
    progress.start();
    try {
      const created = await placeOrder(toOrderRequest(shipment, selected), key);
      // Placed: nothing may order this shipment again, and every list shows the new state.
      clearShipment();
      for (const queryKey of afterOrderKeys) void queryClient.invalidateQueries({ queryKey });
      await progress.complete(created.orderCode);
      redirectTimer.current = setTimeout(goToShipments, REDIRECT_AFTER_MS);
    } catch (error) {
      progress.close();
      setPlacing(false);
      if (!isUnsettled(error)) attempt.current = null;
      const info = classifyOrderError(error);
      const change = priceChangeOf(error);
      setOrderError(info);
      if (info.kind !== 'connection') {
        // The server answered: the balance or a refund may have changed, the option may be out of date.
        for (const queryKey of afterOrderKeys) void queryClient.invalidateQueries({ queryKey });
      }
      if (info.kind === 'priceChanged') {
        // Every other card was quoted with the same out-of-date prices: quote again (a new stored quote),
        // keep this service chosen and its card where it is.
        const service = { carrier: selected.carrier, serviceCode: selected.serviceCode };
        setChoice(service);
        setRepricing({
          choice: service,
          quotedTotal: change && change.rateId === selected.id ? cents(change.quotedTotal) : optionTotal(selected),
          change: change && change.rateId === selected.id ? change : null,
          shown: (view?.options ?? []).map(serviceKey),
          staleDataAt: quote.dataUpdatedAt,
        });
        void quote.refetch();
      }
    }
  }, [selected, placing, progress, shipment, queryClient, goToShipments, quote, view]);

  const unprintable = unprintableFields(shipment);
  const controls: OrderControls | null = selected
    ? {
        option: selected,
        wallet: walletState,
        shortfall,
        canPlace: shortfall === 0 && !placing && !quote.isFetching && !selectedStale && unprintable.length === 0,
        placing,
        onPlace: () => void place(),
        error: orderError,
        onDismissError: () => setOrderError(null),
        priceChange: confirmPrice && repricing ? { quotedTotal: repricing.quotedTotal } : null,
        onConfirmPrice: () => void place(),
      }
    : null;

  return (
    <div className={controls ? 'grid gap-6 pb-28 lg:pb-0' : 'grid gap-6'}>
      <ShipmentSummary shipment={shipment} />
      {unprintable.length > 0 ? <NotPrintable fields={unprintable} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card aria-labelledby="rates-title" aria-busy={quote.isFetching || undefined}>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
            <div>
              <h2 id="rates-title" className="text-base font-semibold text-slate-900">
                {t('rates.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {repricing && fresh ? t('rates.descriptionKept') : t('rates.description')}
              </p>
            </div>
          </div>
          <div className="grid gap-4 p-4 sm:p-6">
            {/* Above the cards: it explains their services and times, and on a phone the cards run for screens. */}
            {refused ? null : <FlyInNote shipment={shipment} />}
            {quote.isPending || (quote.isFetching && !quote.data) ? (
              <RatesSkeleton />
            ) : quote.isError && !(repricing && view && view.options.length > 0) ? (
              refused ? (
                <RefusedShipment error={quote.error} shipment={shipment} />
              ) : (
                <QuoteFailed onRetry={() => void quote.refetch()} retrying={quote.isFetching} />
              )
            ) : options.length === 0 || !selected || !view ? (
              <p className="text-sm text-slate-600" data-testid="no-rates">
                {t('rates.none')}
              </p>
            ) : (
              <>
                {view.stale.size > 0 ? (
                  <StalePrices onRefresh={() => void quote.refetch()} refreshing={quote.isFetching} />
                ) : null}
                <RateOptions
                  options={options}
                  stale={view.stale}
                  cheapestId={view.cheapestId}
                  value={selected.id}
                  onChange={(id) => {
                    const option = options.find((o) => o.id === id);
                    if (option) setChoice({ carrier: option.carrier, serviceCode: option.serviceCode });
                    if (orderError?.kind !== 'connection') setOrderError(null);
                  }}
                />
                {quote.data && quote.data.warnings.length > 0 ? (
                  <CarrierWarnings warnings={quote.data.warnings} />
                ) : null}
              </>
            )}
          </div>
        </Card>

        {controls ? <OrderPanel controls={controls} /> : null}
      </div>
      {controls ? <PinnedOrderBar controls={controls} /> : null}
      <OrderProgress state={progress.state} onViewShipments={goToShipments} />
    </div>
  );
}

const PRINTED_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city'] as const;

/** Fields a carrier's label cannot print (not Latin letters), e.g. a name in Chinese characters. */
function unprintableFields(shipment: StoredShipment): { group: 'sender' | 'receiver'; field: string }[] {
  return (['sender', 'receiver'] as const).flatMap((group) =>
    PRINTED_FIELDS.filter((field) => !isLabelPrintable(shipment[group][field] ?? '')).map((field) => ({
      group,
      field,
    })),
  );
}

/**
 * Said before ordering, not after: the order refuses text a label cannot print, so the button stays
 * disabled and the way back to fix it is here.
 */
function NotPrintable({ fields }: { fields: { group: 'sender' | 'receiver'; field: string }[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const names = fields.map(({ group, field }) =>
    t(`shipment.missing.${group}`, { field: t(`shipment.missing.fields.${field}`) }),
  );
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="rates-not-printable"
    >
      <div className="flex items-start gap-2 text-amber-900">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('rates.latin.title')}</p>
          <p className="text-sm">{t('rates.latin.body', { fields: names.join(t('shipment.missing.separator')) })}</p>
        </div>
      </div>
      <Button variant="secondary" onClick={() => void navigate('/create-shipment')} data-testid="rates-latin-fix">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('rates.latin.fix')}
      </Button>
    </div>
  );
}

function RatesSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3" data-testid="rates-loading">
      <p role="status" className="sr-only">
        {t('rates.loading')}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="grid animate-pulse gap-3 rounded-xl border border-slate-200 p-4">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-100" />
          <div className="h-3 w-1/4 justify-self-end rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

function QuoteFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4"
      data-testid="rates-error"
    >
      <div className="flex items-start gap-2 text-red-900">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('rates.failed.title')}</p>
          <p className="text-sm">{t('rates.failed.description')}</p>
        </div>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} data-testid="rates-retry">
        <RefreshCw className={retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
        {t('rates.failed.retry')}
      </Button>
    </div>
  );
}

/**
 * 400 from the quote: which fields the server refused, and the way back to fix them. The server's
 * messages are English: each line is the field's name and, by field and code, a translated text
 * (the form's own rule for that field when it knows the problem; never the raw server text).
 */
function RefusedShipment({ error, shipment }: { error: unknown; shipment: StoredShipment }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fieldErrors = (isApiError(error) && error.fieldErrors) || {};
  // The form's own rules for this shipment (as typed again) name a refused field's problem in the interface language.
  const known = new Map(findProblems(formFromShipment(shipment)).map((p) => [p.path, p]));
  type Line = { key: string; label: string | null; text: string | undefined };
  const lines = Object.keys(fieldErrors).flatMap((serverPath): Line[] => {
    const paths = formPathsForServerPath(serverPath);
    if (paths.length === 0) {
      const text = serverPath.startsWith('packageDetails')
        ? t('shipment.validation.noCarrier')
        : t('rates.refused.unknownField');
      const label = serverPath.startsWith('packageDetails') ? t('rates.refused.package') : null;
      return [{ key: serverPath, label, text }];
    }
    return paths
      .filter((path, index) => index === 0 || known.has(path))
      .map((path) => {
        const problem = known.get(path);
        const message = problem
          ? encodeMessage(problemKey(problem.code), problem.params)
          : encodeMessage('shipment.validation.server');
        return { key: path, label: missingFieldName(t, path), text: formMessageText(message, t, i18n.language) };
      });
  });
  const state: CreateShipmentLocationState = { fieldErrors };
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="rates-refused"
    >
      <div className="flex items-start gap-2 text-amber-900">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('rates.refused.title')}</p>
          {lines.length > 0 ? (
            <ul className="list-disc pl-5 text-sm">
              {lines.map((line) => (
                <li key={line.key}>
                  {line.label ? (
                    <span className="font-medium">{t('rates.refused.label', { label: line.label })}</span>
                  ) : null}
                  {line.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">{t('rates.refused.unknownField')}</p>
          )}
        </div>
      </div>
      <Button variant="secondary" onClick={() => void navigate('/create-shipment', { state })} data-testid="rates-fix">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('rates.refused.back')}
      </Button>
    </div>
  );
}

/**
 * After a price change, the cards whose price is out of date: while today's prices are asked for, and
 * when asking failed, with the way to ask again.
 */
function StalePrices({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="rates-stale"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('rates.stale.title')}</p>
          <p>{refreshing ? t('rates.stale.refreshing') : t('rates.stale.body')}</p>
        </div>
      </div>
      <Button variant="secondary" size="sm" onClick={onRefresh} disabled={refreshing} data-testid="rates-refresh">
        <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
        {t('rates.stale.refresh')}
      </Button>
    </div>
  );
}

/** Carriers that gave no rate: a small neutral note, not an error. */
function CarrierWarnings({ warnings }: { warnings: TRateWarning[] }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex items-start gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600"
      data-testid="rates-warnings"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p>{t('rates.warnings.title')}</p>
        <ul className="mt-1 grid gap-0.5">
          {warnings.map((w) => (
            <li key={`${w.carrier}:${w.reason}`}>
              {t('common.labelPrefix', { label: carrierLabel(w.carrier, t) })}
              {reasonText(w, t)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A fly-in community at either end: why the ground services are missing and the times are longer. */
function FlyInNote({ shipment }: { shipment: StoredShipment }) {
  const { t } = useTranslation();
  const flyIn = [shipment.receiver.postalCode, shipment.sender.postalCode].find(isFlyInPostalCode);
  if (!flyIn) return null;
  return (
    <div
      className="flex items-start gap-2 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900"
      data-testid="rates-fly-in"
    >
      <Plane className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-medium">{t('rates.flyIn.title')}</p>
        <p>{t('rates.flyIn.body', { postalCode: normalizePostalCode(flyIn) ?? flyIn })}</p>
      </div>
    </div>
  );
}

function reasonText(w: TRateWarning, t: (key: string) => string): string {
  const known = [
    'LIMIT_EXCEEDED',
    'UNSUPPORTED_ROUTE',
    'TIMEOUT',
    'UNAVAILABLE',
    'NO_AIR_SERVICE',
    'BUSY',
    'ADDRESS_INVALID',
    'SERVICE_UNAVAILABLE',
    'CUSTOMS_INVALID',
  ];
  return known.includes(w.reason) ? t(`rates.warnings.reasons.${w.reason}`) : w.message;
}
