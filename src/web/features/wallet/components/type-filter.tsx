import { DropdownMenu } from 'radix-ui';
import { Check, ListFilter } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_TYPES } from '../../../../shared/contracts/wallet';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { TypeFilter } from '../transactions';

/** The history's Filter button: a small menu of transaction types (arrow keys, Enter, Escape). */
export function TypeFilterMenu({ value, onChange }: { value: TypeFilter; onChange: (value: TypeFilter) => void }) {
  const { t } = useTranslation();
  const choices: TypeFilter[] = ['all', ...TRANSACTION_TYPES];
  const label = (v: TypeFilter) => (v === 'all' ? t('wallet.history.all') : t(`wallet.types.${v}`));
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('secondary', 'sm')} data-testid="transactions-filter">
        <ListFilter className="size-4" aria-hidden="true" />
        {t('wallet.history.filter')}
        {value !== 'all' ? <span className="font-normal text-indigo-700">· {label(value)}</span> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          data-testid="transactions-filter-menu"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-600">
            {t('wallet.history.filterLabel')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={(v) => onChange(v as TypeFilter)}>
            {choices.map((choice) => (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                className={cn(
                  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none',
                  'data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900',
                )}
                data-testid={`filter-${choice}`}
              >
                <span className="flex size-4 items-center justify-center" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {label(choice)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
