import { DropdownMenu } from 'radix-ui';
import { BookUser, ChevronDown } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { displayName, locationLine, streetLine } from '../../../../shared/address-format';
import { buttonClass } from '../../../components/ui/button';
import { addressesQueryOptions } from '../../../lib/queries/addresses';

const itemClass =
  'grid cursor-pointer gap-0.5 rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-indigo-50 data-[disabled]:cursor-not-allowed data-[disabled]:bg-slate-50';

/** "Choose from address book": a menu of the user's saved addresses; choosing one fills the form. */
export function AddressBookPicker({
  label,
  onPick,
  anyCountry = false,
}: {
  label: string;
  onPick: (address: TAddress) => void;
  /** The receiver takes an address in any country (issue 25); the sender only a Canadian one. */
  anyCountry?: boolean;
}) {
  const { t } = useTranslation();
  const addresses = useQuery(addressesQueryOptions());
  const texts = {
    contact: t('shipment.addressBook.contact'),
    noStreet: t('shipment.addressBook.noStreet'),
    noLocation: t('shipment.addressBook.noLocation'),
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')} aria-label={label}>
        <BookUser className="size-4" aria-hidden="true" />
        {t('shipment.addressBook.choose')}
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-h-80 w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          data-testid="address-book-menu"
        >
          {addresses.isPending ? (
            <p className="px-3 py-2 text-sm text-slate-600">{t('common.loading')}</p>
          ) : addresses.isError ? (
            <p className="px-3 py-2 text-sm text-red-700">{t('shipment.addressBook.loadFailed')}</p>
          ) : addresses.data.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600">{t('shipment.addressBook.empty')}</p>
          ) : (
            addresses.data.map((address) => {
              // The sender ships from Canada; the receiver may be anywhere.
              const usable = anyCountry || address.country === 'CA';
              return (
                <DropdownMenu.Item
                  key={address.id}
                  className={itemClass}
                  disabled={!usable}
                  onSelect={() => onPick(address)}
                  data-testid="address-book-option"
                >
                  <span className="font-medium text-slate-900">
                    {displayName(address, texts)}
                    {address.isDefault ? (
                      <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-700">
                        {t('shipment.addressBook.default')}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-slate-600">{streetLine(address, texts)}</span>
                  <span className="text-slate-600">{locationLine(address, texts)}</span>
                  {usable ? null : (
                    // (Greyed by its colour, not by opacity: the reason stays readable, 4.5:1 and over.)
                    <span className="text-xs font-medium text-slate-700">{t('shipment.addressBook.canadaOnly')}</span>
                  )}
                </DropdownMenu.Item>
              );
            })
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
