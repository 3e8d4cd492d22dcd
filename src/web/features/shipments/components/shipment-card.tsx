import { Eye, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipment } from '../../../../shared/contracts/shipments';
import { displayName } from '../../../../shared/address-format';
import { countryName } from '../../../../shared/countries';
import { Button } from '../../../components/ui/button';
import { CarrierModeBadge } from '../../../components/carrier-mode-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { carrierLabel, cents, serviceLabel } from '../rate-display';
import { useShipmentAddressTexts } from './address-texts';
import { LabelButtons } from './label-buttons';
import { ReceiptButtons } from './receipt-buttons';
import { CustomerOrderBadge, PaidBadge, StatusBadge, TestKeyBadge } from './shipment-badges';

/** Statuses worth a badge on the card (the usual ones are in the detail). */
const NOTABLE = new Set(['purchasing', 'cancelled', 'failed', 'delivered']);

/** The receiver's city and province, e.g. 'Montréal, QC', and its country outside Canada ('Seattle, WA, United States'). */
function cityLine(s: TShipment, lang: Language): string {
  const country = s.toAddress.country && s.toAddress.country !== 'CA' ? countryName(s.toAddress.country, lang) : '';
  return [s.toAddress.city.trim(), s.toAddress.province.trim(), country].filter(Boolean).join(', ');
}

export function ShipmentCard({ shipment, onOpen }: { shipment: TShipment; onOpen: (shipment: TShipment) => void }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const texts = useShipmentAddressTexts();
  const carrier = carrierLabel(shipment.carrier, t);
  const service = serviceLabel(
    { carrier: shipment.carrier, serviceCode: shipment.serviceCode, serviceName: shipment.service },
    t,
  );
  const reference = shipment.orderCode || shipment.trackingNumber || '';
  const titleId = `shipment-${shipment.id}-title`;
  const city = cityLine(shipment, lang);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={titleId}
      data-testid="shipment-card"
      data-order-code={shipment.orderCode}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-base font-semibold text-slate-900">
            {carrier}
            <span className="font-normal text-slate-600"> · {service}</span>
          </h3>
          <p className="mt-0.5 break-all font-mono text-sm text-slate-800" data-testid="shipment-reference">
            {reference}
          </p>
          {shipment.trackingNumber && shipment.trackingNumber !== reference ? (
            <p className="break-all text-xs text-slate-600">
              {t('shipments.trackingShort')} <span className="font-mono">{shipment.trackingNumber}</span>
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-lg font-semibold text-slate-900" data-testid="shipment-total">
          {formatMoney(cents(shipment.totalCost), lang)}
        </p>
      </div>

      <div className="grid gap-1 text-sm text-slate-700">
        <p className="flex min-w-0 items-start gap-1.5">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">{t('common.labelPrefix', { label: t('shipments.to') })}</span>
            <span data-testid="shipment-receiver">{displayName(shipment.toAddress, texts)}</span>
            {city ? <span className="text-slate-600"> · {city}</span> : null}
          </span>
        </p>
        <p className="text-xs text-slate-600">
          {t('shipments.createdOn', { date: formatDateTime(shipment.createdAt, lang) })}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <PaidBadge status={shipment.status} />
        <CarrierModeBadge mode={shipment.mode} />
        <TestKeyBadge test={shipment.test} />
        <CustomerOrderBadge count={shipment.customerOrderCount} />
        {NOTABLE.has(shipment.status) ? <StatusBadge status={shipment.status} paymentShown /> : null}
      </div>

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button
          size="sm"
          onClick={() => onOpen(shipment)}
          aria-label={t('shipments.viewDetailsFor', { ref: reference })}
          data-testid="shipment-view"
        >
          <Eye className="size-4" aria-hidden="true" />
          {t('shipments.viewDetails')}
        </Button>
        <LabelButtons shipment={shipment} />
        <ReceiptButtons shipment={shipment} />
      </div>
    </li>
  );
}

export function ShipmentCardSkeleton() {
  return (
    <li aria-hidden="true" className="animate-pulse rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex justify-between gap-3">
        <div className="h-5 w-1/2 rounded bg-slate-200" />
        <div className="h-5 w-16 rounded bg-slate-200" />
      </div>
      <div className="mt-2 h-4 w-1/3 rounded bg-slate-100" />
      <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
      <div className="mt-2 h-3 w-1/4 rounded bg-slate-100" />
      <div className="mt-4 flex gap-2">
        <div className="h-5 w-14 rounded-full bg-slate-100" />
        <div className="h-5 w-20 rounded-full bg-slate-100" />
      </div>
      <div className="mt-4 flex gap-2 border-t border-slate-100 pt-3">
        <div className="h-8 w-24 rounded bg-slate-200" />
        <div className="h-8 w-24 rounded bg-slate-100" />
      </div>
    </li>
  );
}
