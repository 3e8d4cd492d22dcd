import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { SEARCH_MAX_LENGTH } from '../../shared/contracts/shipments';
import { cn } from '../lib/cn';
import { inputClass } from './ui/input';

/** Spec §2 and §9: the search applies 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

export type ListSearchState = {
  typed: string;
  setTyped: (text: string) => void;
  /** Applies what is typed at once (Enter, the search key on a phone). */
  applyNow: () => void;
  /** Empties the box and applies the empty search at once. */
  clear: () => void;
};

/**
 * A list's search box state: `applied` is the search the list shows (from the address bar or the
 * page's state); typed text is handed to `apply` trimmed, 500 ms after the last keystroke, at once
 * on submit, and never when it equals what is applied. When `applied` changes by itself (back,
 * forward, a link), the box shows it.
 */
export function useListSearch(applied: string, apply: (search: string) => void): ListSearchState {
  const [typed, setTyped] = useState(applied);
  const last = useRef(applied);
  // The latest `apply`, so a page's new function on each render does not restart the wait.
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);

  useEffect(() => {
    if (applied !== last.current) {
      last.current = applied;
      setTyped(applied);
    }
  }, [applied]);

  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === last.current.trim()) return;
    const timer = setTimeout(() => {
      last.current = wanted;
      applyRef.current(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return {
    typed,
    setTyped,
    applyNow: () => {
      const wanted = typed.trim();
      if (wanted === last.current.trim()) return;
      last.current = wanted;
      applyRef.current(wanted);
    },
    clear: () => {
      setTyped('');
      last.current = '';
      applyRef.current('');
    },
  };
}

/**
 * A list's search form (role search): the labelled search box with its clear button, then the
 * list's other controls (`children`, e.g. the page size). A `hint` shows under the form and
 * describes the box.
 */
export function ListSearch({
  search,
  label,
  placeholder,
  clearLabel,
  hint,
  testId,
  formClassName,
  fieldClassName,
  children,
}: {
  search: ListSearchState;
  label: string;
  placeholder: string;
  clearLabel: string;
  hint?: string;
  /** The box's test id; the clear button's and the hint's add `-clear` and `-hint`. */
  testId: string;
  formClassName: string;
  fieldClassName: string;
  children?: ReactNode;
}) {
  const searchId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = (
    <form
      role="search"
      className={formClassName}
      onSubmit={(e) => {
        e.preventDefault();
        search.applyNow();
      }}
    >
      <div className={fieldClassName}>
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            ref={inputRef}
            id={searchId}
            type="search"
            value={search.typed}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => search.setTyped(e.target.value)}
            placeholder={placeholder}
            aria-describedby={hint ? hintId : undefined}
            autoComplete="off"
            enterKeyHint="search"
            className={cn(inputClass, 'h-10 pl-9 pr-10 [&::-webkit-search-cancel-button]:hidden')}
            data-testid={testId}
          />
          {search.typed ? (
            <button
              type="button"
              onClick={() => {
                search.clear();
                // The button goes away with the text: the cursor goes back to the box, not to the page.
                inputRef.current?.focus();
              }}
              aria-label={clearLabel}
              className="absolute right-0 top-0 inline-flex size-10 items-center justify-center rounded-md text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              data-testid={`${testId}-clear`}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      {children}
    </form>
  );
  if (!hint) return form;
  return (
    <div className="grid gap-1.5">
      {form}
      <p id={hintId} className="text-xs text-slate-600" data-testid={`${testId}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** A list's page size: a labelled select of `sizes`, each shown as `optionText(size)`. */
export function PageSizeSelect({
  label,
  value,
  sizes,
  optionText,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  sizes: readonly number[];
  optionText: (size: number) => string;
  onChange: (size: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5 sm:w-36">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={cn(inputClass, 'h-10')}
        data-testid={testId}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {optionText(size)}
          </option>
        ))}
      </select>
    </div>
  );
}
