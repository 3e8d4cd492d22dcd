import { useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { AlertCircle, Ban, RotateCw, Route, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipmentDetail, TShipmentParty } from '../../../../shared/contracts/shipments';
import { displayName, locationLine, streetLine } from '../../../../shared/address-format';
import { countryName } from '../../../../shared/countries';
import { cmToIn, kgToLb } from '../../../../shared/units';
import { formatPhone } from '../../../../shared/phone';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button, buttonClass } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/error-message';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { businessDateInstant, carrierLabel, cents, serviceLabel } from '../rate-display';
import { useShipmentDetail, useVoidShipment } from '../api';
import { customsSummary, exportCharges, formatDeclared } from '../shipment-costs';
import { useShipmentAddressTexts } from './address-texts';
import { CopyButton } from './copy-button';
import { LabelButtons } from './label-buttons';
import { hasReceipt, ReceiptButtons } from './receipt-buttons';
import { CustomerOrderBadge, PaidBadge, StatusBadge, TestKeyBadge } from './shipment-badges';
import { CarrierModeBadge } from '../../../components/carrier-mode-badge';
import { TrackingTimeline } from './tracking-timeline';

/**
 * The detail of one shipment (spec §2 Shipments) in a modal: costs, references, dates, addresses,
 * package, tracking timeline, label actions and, while the label is not picked up, 'Void label'.
 */
export function ShipmentDetailDialog({
  shipmentId,
  onClose,
  returnFocusRef,
}: {
  shipmentId: string | null;
  onClose: () => void;
  /** The control that opened the dialog: focus goes back to it on close (there is no Dialog.Trigger). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const detail = useShipmentDetail(shipmentId);
  return (
    <Dialog.Root
      open={shipmentId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const opener = returnFocusRef?.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          data-testid="shipment-detail"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {t('shipments.detail.title')}
              </Dialog.Title>
              {detail.data ? (
                <p className="break-all font-mono text-sm text-slate-600">{detail.data.orderCode}</p>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              className="-m-1 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-5 sm:px-6" aria-busy={detail.isFetching || undefined}>
            {detail.isPending ? (
              <DetailSkeleton />
            ) : detail.isError ? (
              <DetailError onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
            ) : (
              <DetailBody shipment={detail.data} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="shipment-detail-loading">
      <p role="status" className="sr-only">
        {t('shipments.detail.loading')}
      </p>
      <div aria-hidden="true" className="grid animate-pulse gap-4">
        <div className="h-16 rounded-lg bg-slate-100" />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="h-24 rounded-lg bg-slate-100" />
          <div className="h-24 rounded-lg bg-slate-100" />
        </div>
        <div className="h-32 rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

function DetailError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
      data-testid="shipment-detail-error"
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <p className="text-base font-semibold text-red-900">{t('shipments.detail.loadFailed')}</p>
      <p className="text-sm text-red-800">{t('shipments.detail.loadFailedHint')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('shipments.retry')}
      </Button>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="grid content-start gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A term and its value; `longTerm`: the term may wrap (a long name beside a short amount, on a phone). */
function Row({ term, children, longTerm }: { term: string; children: ReactNode; longTerm?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className={longTerm ? 'min-w-0 text-slate-600' : 'shrink-0 whitespace-nowrap text-slate-600'}>{term}</dt>
      <dd className={longTerm ? 'shrink-0 text-right text-slate-900' : 'min-w-0 break-words text-right text-slate-900'}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The declared value's coverage, part of the price above it (decision 020): what the carrier charged
 * for it ('included' when the service covers that much), or that the parcel was not insured.
 */
function CoverageRow({ shipment }: { shipment: TShipmentDetail }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const declared = shipment.insurance ? cents(shipment.insurance) : 0;
  const amount = shipment.coverage ? cents(shipment.coverage) : 0;
  if (!declared) {
    return (
      <Row term={t('coverage.title')}>
        <span data-testid="detail-coverage" data-covered="false">
          {t('coverage.noneShort')}
        </span>
      </Row>
    );
  }
  return (
    <Row term={t('coverage.inPrice', { value: formatMoney(declared, lang) })}>
      <span data-testid="detail-coverage" data-covered="true" data-cents={amount}>
        {amount > 0 ? formatMoney(amount, lang) : t('coverage.included')}
      </span>
    </Row>
  );
}

function Party({ title, party }: { title: string; party: TShipmentParty }) {
  const { t, i18n } = useTranslation();
  const texts = useShipmentAddressTexts();
  return (
    <Section title={title}>
      <address className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm not-italic text-slate-700">
        <span className="font-medium text-slate-900">{displayName(party, texts)}</span>
        <span>{streetLine(party, texts)}</span>
        <span>{locationLine(party, texts)}</span>
        {party.country && party.country !== 'CA' ? <span>{countryName(party.country, i18n.language)}</span> : null}
        {party.phone ? (
          <span>
            <span className="sr-only">{t('common.labelPrefix', { label: t('shipments.detail.phone') })}</span>
            {formatPhone(party.phone, t('common.phoneExtension'))}
          </span>
        ) : null}
        {party.email ? (
          <span className="break-all">
            <span className="sr-only">{t('common.labelPrefix', { label: t('shipments.detail.email') })}</span>
            {party.email}
          </span>
        ) : null}
      </address>
    </Section>
  );
}

function DetailBody({ shipment }: { shipment: TShipmentDetail }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const money = (amount: string) => formatMoney(cents(amount), lang);
  const pkg = shipment.packageDetails;
  const eta = shipment.estimatedDelivery ? businessDateInstant(shipment.estimatedDelivery) : null;
  const taxLines = (['gst', 'hst', 'qst'] as const).filter((code) => cents(shipment.taxes[code]) > 0);
  // Leaving Canada: the zero-rated tax and the duties at destination, so the lines add up to the total.
  const exported = exportCharges(shipment);
  const declaration = customsSummary(shipment.customs);
  const refunded = cents(shipment.refundedAmount);
  const number = (n: number) => new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA').format(n);
  // A voided or failed shipment will not be delivered: no estimate, no 'Delivered: not yet'.
  const ended = shipment.status === 'cancelled' || shipment.status === 'failed';
  const hasActions = (!ended && shipment.status !== 'purchasing') || shipment.canVoid;

  return (
    <div className="grid gap-6" data-testid="shipment-detail-body" data-status={shipment.status}>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-slate-50 p-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <PaidBadge status={shipment.status} />
            <StatusBadge status={shipment.status} paymentShown />
            <CarrierModeBadge mode={shipment.mode} />
            <TestKeyBadge test={shipment.test} />
            <CustomerOrderBadge count={shipment.customerOrderCount} />
          </div>
          <p className="text-sm text-slate-700">
            {carrierLabel(shipment.carrier, t)} ·{' '}
            {serviceLabel(
              { carrier: shipment.carrier, serviceCode: shipment.serviceCode, serviceName: shipment.service },
              t,
            )}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs text-slate-600">{t('shipments.detail.totalCost')}</p>
          <p className="text-2xl font-semibold text-slate-900" data-testid="detail-total">
            {money(shipment.totalCost)}
          </p>
        </div>
      </div>

      {shipment.status === 'failed' && shipment.failureMessage ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {lang === 'en' ? shipment.failureMessage : t('shipments.detail.failed')}
        </p>
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title={t('shipments.detail.costs')}>
          <dl className="grid gap-1 text-sm">
            <Row term={t('shipments.detail.price')}>{money(shipment.price)}</Row>
            <CoverageRow shipment={shipment} />
            {taxLines.map((code) => (
              <Row key={code} term={t(`rates.taxes.${code}`)}>
                {money(shipment.taxes[code])}
              </Row>
            ))}
            {exported ? (
              <>
                <Row term={t('shipments.detail.zeroRated')} longTerm>
                  <span data-testid="detail-zero-rated">{formatMoney(exported.zeroRatedCents, lang)}</span>
                </Row>
                {exported.incoterm === 'DDP' ? (
                  <Row term={t('shipments.detail.dutiesDdp')} longTerm>
                    <span data-testid="detail-duties" data-incoterm="DDP" data-cents={exported.dutiesCents}>
                      {formatMoney(exported.dutiesCents, lang)}
                    </span>
                  </Row>
                ) : (
                  <Row term={t('shipments.detail.dutiesDdu')}>
                    <span data-testid="detail-duties" data-incoterm="DDU" data-cents={0}>
                      {t('shipments.detail.dutiesDduValue')}
                    </span>
                  </Row>
                )}
              </>
            ) : null}
            <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
              <dt className="text-slate-900">{t('shipments.detail.total')}</dt>
              <dd className="text-slate-900">{money(shipment.totalCost)}</dd>
            </div>
            {refunded > 0 ? (
              <Row term={t('shipments.detail.refunded')}>
                <span className="text-emerald-800" data-testid="detail-refunded">
                  {formatMoney(refunded, lang)}
                </span>
              </Row>
            ) : null}
          </dl>
        </Section>

        <Section title={t('shipments.detail.references')}>
          <dl className="grid gap-2 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-slate-600">{t('shipments.detail.orderCode')}</dt>
              <dd className="flex items-center gap-1">
                <span className="break-all font-mono text-slate-900" data-testid="detail-order-code">
                  {shipment.orderCode}
                </span>
                <CopyButton value={shipment.orderCode} label={t('shipments.detail.copyOrderCode')} />
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-slate-600">{t('shipments.detail.trackingNumber')}</dt>
              <dd className="flex flex-wrap items-center gap-1">
                {shipment.trackingNumber ? (
                  <>
                    <span className="break-all font-mono text-slate-900" data-testid="detail-tracking-number">
                      {shipment.trackingNumber}
                    </span>
                    <CopyButton value={shipment.trackingNumber} label={t('shipments.detail.copyTrackingNumber')} />
                  </>
                ) : (
                  <span className="text-slate-600">{t('shipments.detail.noTrackingNumber')}</span>
                )}
              </dd>
            </div>
          </dl>
        </Section>
      </div>

      <Section title={t('shipments.detail.dates')}>
        <dl className="grid gap-1 text-sm sm:grid-cols-3 sm:gap-4">
          <div className="grid gap-0.5">
            <dt className="text-slate-600">{t('shipments.detail.created')}</dt>
            <dd className="text-slate-900">{formatDateTime(shipment.createdAt, lang)}</dd>
          </div>
          {ended ? null : (
            <>
              <div className="grid gap-0.5">
                <dt className="text-slate-600">{t('shipments.detail.estimated')}</dt>
                <dd className="text-slate-900">{eta ? formatDate(eta, lang) : t('shipments.detail.notAvailable')}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-slate-600">{t('shipments.detail.delivered')}</dt>
                <dd className="text-slate-900">
                  {shipment.deliveredAt ? formatDateTime(shipment.deliveredAt, lang) : t('shipments.detail.notYet')}
                </dd>
              </div>
            </>
          )}
        </dl>
      </Section>

      <div className="grid gap-6 sm:grid-cols-2">
        <Party title={t('shipments.detail.from')} party={shipment.fromAddress} />
        <Party title={t('shipments.detail.to')} party={shipment.toAddress} />
      </div>

      <Section title={t('shipments.detail.package')} testId="detail-package">
        <dl className="grid gap-1 text-sm">
          <Row term={t('shipments.detail.weight')}>
            {t('shipments.detail.weightValue', { kg: number(pkg.weight), lb: number(kgToLb(pkg.weight)) })}
          </Row>
          <Row term={t('shipments.detail.dimensions')}>
            {t('shipments.detail.dimensionsValue', {
              cm: [pkg.length, pkg.width, pkg.height].map(number).join(' × '),
              inches: [pkg.length, pkg.width, pkg.height].map((v) => number(cmToIn(v))).join(' × '),
            })}
          </Row>
          <Row term={t('shipments.detail.type')}>
            {t(`shipment.packageTypes.${pkg.type}`, { defaultValue: pkg.type })}
          </Row>
          {shipment.insurance ? (
            <Row term={t('shipments.detail.declaredValue')}>{money(shipment.insurance)}</Row>
          ) : null}
          {pkg.description ? <Row term={t('shipments.detail.contents')}>{pkg.description}</Row> : null}
        </dl>
      </Section>

      {declaration ? (
        <Section title={t('shipments.detail.customs')} testId="detail-customs">
          <dl className="grid gap-1 text-sm">
            <Row term={t('customs.contentsType')}>
              {t(`customs.contents.${declaration.contentsType}`, { defaultValue: declaration.contentsType })}
            </Row>
            <Row term={t('customs.incoterm')}>
              <span data-testid="detail-incoterm">{t(`customs.incoterms.${declaration.incoterm}`)}</span>
            </Row>
            <Row term={t('shipments.detail.customsItems')}>
              <span data-testid="detail-customs-items">
                {t('shipments.detail.customsItemsValue', {
                  count: declaration.pieces,
                  value: formatDeclared(declaration.valueCents, declaration.currency, lang),
                })}
              </span>
            </Row>
          </dl>
        </Section>
      ) : null}

      <Section title={t('shipments.detail.tracking')} testId="detail-tracking">
        <TrackingTimeline events={shipment.trackingEvents} status={shipment.status} />
        {shipment.trackingNumber ? (
          <Link
            to={`/tracking?n=${encodeURIComponent(shipment.trackingNumber)}`}
            className={buttonClass('link', 'md', 'justify-self-start text-sm')}
            data-testid="detail-track-link"
          >
            <Route className="size-4" aria-hidden="true" />
            {t('shipments.detail.openTracking')}
          </Link>
        ) : null}
      </Section>

      {hasActions || hasReceipt(shipment) ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <LabelButtons shipment={shipment} />
          <ReceiptButtons shipment={shipment} />
          {shipment.canVoid ? <VoidLabel shipment={shipment} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** 'Void label' with its confirmation; the refund is the whole amount charged. */
function VoidLabel({ shipment }: { shipment: TShipmentDetail }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const [open, setOpen] = useState(false);
  const voiding = useVoidShipment();
  const amount = formatMoney(cents(shipment.totalCost), lang);
  const ref = shipment.orderCode || shipment.trackingNumber || '';

  const confirm = async () => {
    try {
      const voided = await voiding.mutateAsync(shipment.id);
      setOpen(false);
      toast({
        title: { key: 'shipments.void.done' },
        description: {
          key: 'shipments.void.doneHint',
          values: { amount: formatMoney(cents(voided.refundedAmount) || cents(shipment.totalCost), lang) },
        },
        variant: 'success',
        tag: 'shipments.void',
      });
    } catch (error) {
      setOpen(false);
      const refusedBy = isApiError(error) && error.code === 'VOID_REFUSED' ? carrierReasonOf(error.bodyText) : null;
      const notVoidable = isApiError(error) && (error.code === 'NOT_VOIDABLE' || error.status === 409);
      toast({
        title: { key: 'shipments.void.failed' },
        description:
          refusedBy !== null
            ? { key: 'shipments.void.refused', values: { reason: refusedBy } }
            : notVoidable
              ? { key: 'shipments.void.pickedUp' }
              : describeError(error, 'shipments.void.failedHint'),
        variant: 'destructive',
        tag: 'shipments.void',
      });
    }
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!voiding.isPending) setOpen(next);
      }}
    >
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 sm:ml-auto"
        onClick={() => setOpen(true)}
        data-testid="void-label"
      >
        <Ban className="size-4" aria-hidden="true" />
        {t('shipments.void.action')}
      </Button>
      <AlertDialogContent
        title={t('shipments.void.title')}
        description={t('shipments.void.description', { ref, amount })}
        data-testid="void-dialog"
        onEscapeKeyDown={(e) => {
          if (voiding.isPending) e.preventDefault();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={voiding.isPending}>
              {t('shipments.void.keep')}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={voiding.isPending}
            aria-busy={voiding.isPending || undefined}
            data-testid="confirm-void"
          >
            {voiding.isPending ? t('shipments.void.voiding') : t('shipments.void.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A VOID_REFUSED answer's `carrierReason` (the carrier's own words), '' when absent. */
function carrierReasonOf(bodyText: string): string {
  try {
    const body: unknown = JSON.parse(bodyText);
    const reason =
      typeof body === 'object' && body !== null ? (body as { carrierReason?: unknown }).carrierReason : null;
    return typeof reason === 'string' ? reason : '';
  } catch {
    return '';
  }
}
