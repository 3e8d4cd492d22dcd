import { AlertCircle, MapPin, Plus, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { Button } from '../../../components/ui/button';
import { AddressCard } from './address-card';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

export function AddressListSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="address-skeletons">
      <p role="status" className="sr-only">
        {t('addressBook.loading')}
      </p>
      <ul className={grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-5">
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="mt-4 h-4 w-5/6 rounded bg-slate-100" />
            <div className="mt-2 h-4 w-1/2 rounded bg-slate-100" />
            <div className="mt-2 h-4 w-10 rounded bg-slate-100" />
            <div className="mt-5 flex gap-2">
              <div className="h-8 w-16 rounded bg-slate-100" />
              <div className="h-8 w-16 rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AddressListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      data-testid="address-load-error"
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <h2 className="text-base font-semibold text-red-900">{t('addressBook.loadFailed')}</h2>
      <p className="text-sm text-red-800">{t('addressBook.loadFailedHint')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('addressBook.retry')}
      </Button>
    </div>
  );
}

export function AddressListEmpty({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
      data-testid="address-empty"
    >
      <MapPin className="size-8 text-indigo-500" aria-hidden="true" />
      <h2 className="text-base font-semibold text-slate-900">{t('addressBook.emptyTitle')}</h2>
      <p className="max-w-md text-sm text-slate-600">{t('addressBook.emptyDescription')}</p>
      <Button onClick={onAdd} data-testid="address-add-first">
        <Plus className="size-4" aria-hidden="true" />
        {t('addressBook.addFirst')}
      </Button>
    </div>
  );
}

export function AddressGrid({
  addresses,
  onEdit,
  onDelete,
}: {
  addresses: TAddress[];
  onEdit: (address: TAddress) => void;
  onDelete: (address: TAddress) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={grid} aria-label={t('addressBook.listHeading')} data-testid="address-grid">
      {addresses.map((address) => (
        <AddressCard key={address.id} address={address} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}
