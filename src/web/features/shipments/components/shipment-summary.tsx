import { Link } from 'react-router';
import { MapPin, Package, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../../shared/countries';
import { inToCm, lbToKg } from '../../../../shared/units';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { PartyForm, StoredShipment } from '../shipment-draft';

/** From, to and package of the stored shipment, with both unit systems. */
export function ShipmentSummary({ shipment }: { shipment: StoredShipment }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-CA', { maximumFractionDigits: 3 });
  const n = (value: number) => number.format(value);
  const p = shipment.package;
  // Outside Canada the country is named too ('Seattle, WA, United States'; issue 25).
  const place = (party: PartyForm) =>
    [
      party.city,
      party.province,
      party.country && party.country !== 'CA' ? countryName(party.country, i18n.language) : '',
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <Card aria-labelledby="summary-title" data-testid="shipment-summary">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <h2 id="summary-title" className="text-base font-semibold text-slate-900">
          {t('rates.summary.title')}
        </h2>
        <Link to="/create-shipment" className={buttonClass('secondary', 'sm')} data-testid="edit-shipment">
          <Pencil className="size-4" aria-hidden="true" />
          {t('rates.editShipment')}
        </Link>
      </div>
      <div className="grid gap-4 p-6 sm:grid-cols-3">
        <div className="flex gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          <dl>
            <dt className="text-sm text-slate-600">{t('rates.summary.from')}</dt>
            <dd className="font-medium text-slate-900" data-testid="summary-from">
              {place(shipment.sender)}
            </dd>
          </dl>
        </div>
        <div className="flex gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <dl>
            <dt className="text-sm text-slate-600">{t('rates.summary.to')}</dt>
            <dd className="font-medium text-slate-900" data-testid="summary-to">
              {place(shipment.receiver)}
            </dd>
          </dl>
        </div>
        <div className="flex gap-3">
          <Package className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <dl>
            <dt className="text-sm text-slate-600">{t('rates.summary.package')}</dt>
            <dd className="font-medium text-slate-900" data-testid="summary-package">
              {t('rates.summary.weight', { lb: n(p.weightLb), kg: n(lbToKg(p.weightLb)) })}
            </dd>
            <dd className="text-sm text-slate-700">
              {t('rates.summary.dimensions', {
                inches: [p.lengthIn, p.widthIn, p.heightIn].map(n).join(' × '),
                cm: [p.lengthIn, p.widthIn, p.heightIn].map((v) => n(inToCm(v))).join(' × '),
              })}
            </dd>
            <dd className="text-sm text-slate-600">{t(`shipment.packageTypes.${p.type}`)}</dd>
          </dl>
        </div>
      </div>
    </Card>
  );
}
