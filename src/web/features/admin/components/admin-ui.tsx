import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { AlertCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { Language } from '../../../lib/i18n';

/** The width from which the admin lists are tables; below it they are cards (phones, tablets, a narrow window). */
const WIDE_QUERY = '(min-width: 1280px)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for the admin tables (only one layout is in the page at a time). */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

export function useLang(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** An empty list: an icon, a title and what to do. */
export function EmptyState({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      data-testid={testId}
    >
      <span className="text-indigo-500">{icon}</span>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {hint ? <p className="max-w-md text-sm text-slate-600">{hint}</p> : null}
      {action}
    </div>
  );
}

/** A list that could not load, with a way to try again. */
export function LoadError({
  title,
  onRetry,
  retrying,
  testId,
}: {
  title: string;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
      data-testid={testId}
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <p className="text-sm font-medium text-red-900">{title}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
        {t('admin.retry')}
      </Button>
    </div>
  );
}

/** Rows of grey bars while a list loads. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div data-testid="admin-list-loading">
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className="grid gap-3" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="h-16 animate-pulse rounded-xl border border-slate-200 bg-white" />
        ))}
      </ul>
    </div>
  );
}

export const badgeClass =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

/** A table's header cell. */
export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase', className)}
    >
      {children}
    </th>
  );
}

/**
 * The frame of an admin table: a card that scrolls sideways if it must (a narrow window), and can
 * take focus so that keyboard users can scroll it too.
 */
export function TableFrame({ children, label, testId }: { children: ReactNode; label: string; testId: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label} data-testid={testId}>
        {children}
      </table>
    </div>
  );
}

/** An email that may wrap after its '@' (and nowhere else unless it must), so a narrow column stays readable. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const FIRST_FIELD =
  'form input:not([disabled]):not([type="hidden"]), form select:not([disabled]), form textarea:not([disabled])';

/**
 * Focus for a dialog opened without a Radix trigger (Radix would send focus back to a trigger it does
 * not have, i.e. to the page): on opening, the first field of its form (else Radix's first focusable);
 * on closing (Escape, Cancel, done), back to what had focus before, the button that opened it.
 */
export function useDialogFocus(): {
  onOpenAutoFocus: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      const first = content?.querySelector<HTMLElement>(FIRST_FIELD);
      if (first) {
        event.preventDefault();
        first.focus();
      }
    },
    onCloseAutoFocus: (event) => {
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected && !back.matches(':disabled')) {
        event.preventDefault();
        back.focus();
      }
    },
  };
}
