import { useEffect, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { Button } from '../../../components/ui/button';
import { useAddresses } from '../../../lib/queries/addresses';
import { AddressForm } from '../components/address-form';
import { AddressGrid, AddressListEmpty, AddressListError, AddressListSkeleton } from '../components/address-list';
import { DeleteAddressDialog } from '../components/delete-address-dialog';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; address: TAddress };

/** Address book (spec §2): list, create and edit modes held in component state. */
export function AddressBookPage() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  // Coming back from the form puts focus on the list heading rather than leaving it on <body>.
  const [returning, setReturning] = useState(false);

  if (mode.kind !== 'list') {
    return (
      <AddressForm
        key={mode.kind === 'edit' ? mode.address.id : 'new'}
        address={mode.kind === 'edit' ? mode.address : undefined}
        onDone={() => {
          setReturning(true);
          setMode({ kind: 'list' });
        }}
      />
    );
  }
  return (
    <AddressList
      focusHeading={returning}
      onAdd={() => setMode({ kind: 'create' })}
      onEdit={(address) => setMode({ kind: 'edit', address })}
    />
  );
}

function AddressList({
  focusHeading,
  onAdd,
  onEdit,
}: {
  focusHeading: boolean;
  onAdd: () => void;
  onEdit: (address: TAddress) => void;
}) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<TAddress | null>(null);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  const count = addresses.data?.length ?? 0;
  return (
    <div className="grid gap-6" data-testid="address-book">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
            {t('addressBook.listHeading')}
          </h2>
          {addresses.isSuccess ? (
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="address-count">
              {t('addressBook.count', { count })}
            </p>
          ) : null}
        </div>
        {addresses.isSuccess && count > 0 ? (
          <Button onClick={onAdd} data-testid="address-add">
            <Plus className="size-4" aria-hidden="true" />
            {t('addressBook.add')}
          </Button>
        ) : null}
      </div>

      {addresses.isPending ? (
        <AddressListSkeleton />
      ) : addresses.isError ? (
        <AddressListError onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />
      ) : count === 0 ? (
        <AddressListEmpty onAdd={onAdd} />
      ) : (
        <AddressGrid addresses={addresses.data} onEdit={onEdit} onDelete={setDeleting} />
      )}

      <DeleteAddressDialog
        address={deleting}
        onClosed={() => setDeleting(null)}
        focusAfterDelete={() => headingRef.current?.focus()}
      />
    </div>
  );
}
