import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { filterCustomers, userName, type PickableUser } from '../pricing-format';

/** At most this many matches are listed; more words narrow the search. */
export const PICKER_LIMIT = 50;

/**
 * The discount's customer (spec §2: a searchable customer picker by name, email or organization).
 * An ARIA combobox: type to filter, ↑/↓ to move, Enter to choose, Escape to close the list (a
 * second Escape closes the dialog). Once chosen, the customer shows as a card with a Change button.
 */
export function CustomerPicker<T extends PickableUser & { isActive?: boolean }>({
  id,
  users,
  loading,
  loadFailed,
  value,
  onChange,
  error,
  disabled,
  nextFieldId,
}: {
  id: string;
  /** Where focus goes once a customer is chosen (the search box gives way to the choice); else its Change button. */
  nextFieldId?: string;
  users: readonly T[];
  loading: boolean;
  loadFailed: boolean;
  value: T | null;
  onChange: (user: T | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => filterCustomers(users, search), [users, search]);
  const shown = matches.slice(0, PICKER_LIMIT);
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    if (open) document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex, listId]);

  const choose = (user: T) => {
    onChange(user);
    setOpen(false);
    setSearch('');
    // The search box is replaced by the choice on the next render: keep focus in the form.
    requestAnimationFrame(() => {
      const next = nextFieldId ? document.getElementById(nextFieldId) : null;
      (next ?? document.getElementById(id))?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      setActive(Math.max(shown.length - 1, 0));
    } else if (event.key === 'Enter') {
      // Never submits the form from the search box.
      event.preventDefault();
      const user = open ? shown[activeIndex] : undefined;
      if (user) choose(user);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div
        className={cn(
          'flex items-start justify-between gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2',
          error && 'border-red-500',
        )}
        data-testid="customer-picker-selected"
      >
        <div className="min-w-0 text-sm">
          <p className="flex items-center gap-1.5 font-medium text-slate-900">
            <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            <span className="break-words">{userName(value)}</span>
          </p>
          <p className="wrap-anywhere text-slate-600">{value.email}</p>
          <p className="text-slate-600">{value.organization?.name ?? t('admin.discounts.picker.noOrganization')}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          id={id}
          disabled={disabled}
          onClick={() => {
            onChange(null);
            setOpen(true);
            // The search box takes the button's place on the next render.
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
          aria-label={t('admin.discounts.picker.changeLabel', { name: userName(value) })}
          data-testid="customer-picker-change"
        >
          {t('admin.discounts.picker.change')}
        </Button>
      </div>
    );
  }

  const status = loading
    ? t('admin.discounts.picker.loading')
    : loadFailed
      ? t('admin.discounts.picker.loadFailed')
      : shown.length === 0
        ? t('admin.discounts.picker.noMatches')
        : matches.length > shown.length
          ? t('admin.discounts.picker.someShown', { shown: shown.length, count: matches.length })
          : t('admin.discounts.picker.count', { count: matches.length });

  return (
    <div className="relative grid gap-1.5" data-testid="customer-picker">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && shown.length > 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          className={cn(inputClass, 'h-10 pl-9 pr-9')}
          placeholder={t('admin.discounts.picker.placeholder')}
          value={search}
          disabled={disabled}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid="customer-picker-input"
        />
        {search ? (
          <button
            type="button"
            className="absolute right-1 top-1/2 -translate-y-1/2 cursor-pointer rounded p-2 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label={t('admin.discounts.picker.clear')}
            onClick={() => {
              setSearch('');
              inputRef.current?.focus();
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {open ? status : ''}
      </p>
      {open ? (
        // Over the fields below (not pushing them down), so a click elsewhere lands where it was aimed.
        <div className="absolute left-0 right-0 top-11 z-10 rounded-md border border-slate-200 bg-white shadow-lg">
          <ul
            id={listId}
            role="listbox"
            aria-label={t('admin.discounts.picker.listLabel')}
            className="max-h-56 overflow-y-auto py-1"
            data-testid="customer-picker-list"
          >
            {shown.map((user, i) => (
              <li
                key={user.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  i === activeIndex ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800 hover:bg-slate-50',
                )}
                // Keeps the focus in the search box, so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(user)}
                data-testid="customer-option"
              >
                <span className="block break-words font-medium">
                  {userName(user)}
                  {user.isActive === false ? (
                    <span className="ml-2 text-xs font-normal text-slate-500">
                      {t('admin.discounts.picker.inactive')}
                    </span>
                  ) : null}
                </span>
                <span className="block wrap-anywhere text-xs text-slate-600">{user.email}</span>
                {user.organization ? (
                  <span className="block text-xs text-slate-600">{user.organization.name}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {shown.length === 0 || matches.length > shown.length || loading || loadFailed ? (
            <p
              className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600"
              data-testid="customer-picker-status"
            >
              {status}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
