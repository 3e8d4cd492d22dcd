import { Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { displayName, locationLine, streetLine, type AddressFallbackTexts } from '../../../../shared/address-format';
import { formatPhone } from '../../../../shared/phone';
import { Button } from '../../../components/ui/button';

export function useAddressFallbacks(): AddressFallbackTexts {
  const { t } = useTranslation();
  return {
    contact: t('addressBook.fallback.contact'),
    noContact: t('addressBook.fallback.noContact'),
    unavailable: t('addressBook.fallback.unavailable'),
    noStreet: t('addressBook.fallback.noStreet'),
    noLocation: t('addressBook.fallback.noLocation'),
  };
}

/** The country's name in the interface language ('Canada' / '加拿大'); an unknown code as it is. */
function countryName(code: string, t: (key: string, options?: { defaultValue: string }) => string): string {
  return t(`addressBook.countries.${code}`, { defaultValue: code });
}

export function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: TAddress;
  onEdit: (address: TAddress) => void;
  onDelete: (address: TAddress) => void;
}) {
  const { t } = useTranslation();
  const texts = useAddressFallbacks();
  const name = displayName(address, texts);
  // displayName already appends a different company in brackets; show the company line only when it adds something.
  const company = address.company.trim();
  const showCompany = company !== '' && !name.includes(company);
  const titleId = `address-${address.id}-name`;
  return (
    <li
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={titleId}
      data-testid="address-card"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 break-words text-base font-semibold text-slate-900">
          {name}
        </h3>
        {address.isDefault ? (
          <span
            className="shrink-0 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800"
            data-testid="default-badge"
          >
            {t('addressBook.default')}
          </span>
        ) : null}
      </div>
      {showCompany ? <p className="mt-0.5 text-sm text-slate-600">{company}</p> : null}
      <address className="mt-3 grid gap-0.5 text-sm not-italic text-slate-700">
        <span>{streetLine(address, texts)}</span>
        <span>{locationLine(address, texts)}</span>
        <span className="text-slate-500" data-testid="address-country">
          {countryName(address.country || 'CA', t)}
        </span>
      </address>
      {address.phone || address.email ? (
        <dl className="mt-3 grid gap-1 text-sm text-slate-700">
          {address.phone ? (
            <div className="flex items-center gap-2">
              <dt>
                <Phone className="size-4 text-slate-400" aria-hidden="true" />
                <span className="sr-only">{t('addressBook.phone')}</span>
              </dt>
              <dd className="min-w-0 break-words" data-testid="address-phone">
                {formatPhone(address.phone, t('common.phoneExtension'))}
              </dd>
            </div>
          ) : null}
          {address.email ? (
            <div className="flex items-center gap-2">
              <dt>
                <Mail className="size-4 text-slate-400" aria-hidden="true" />
                <span className="sr-only">{t('addressBook.email')}</span>
              </dt>
              <dd className="min-w-0 break-all">{address.email}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-auto flex gap-2 pt-4">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(address)}
          aria-label={t('addressBook.editLabel', { name })}
          data-testid="address-edit"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('addressBook.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onDelete(address)}
          aria-label={t('addressBook.deleteLabel', { name })}
          data-testid="address-delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('addressBook.delete')}
        </Button>
      </div>
    </li>
  );
}
