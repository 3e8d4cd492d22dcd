import type { ReactNode } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { describeError, renderText, type TextRef } from '../../../lib/error-message';
import type { Language } from '../../../lib/i18n';
import { adminErrorDescription } from '../admin-toasts';
import { contractMessageRef } from '../pricing-format';

export function useLang(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/**
 * A failed admin call as a text: a field message we know, translated; else the server's own message
 * (spec §8: admin mutations show the server message; in Chinese quoted where our text for its code
 * would only be generic, see adminErrorDescription); the fallback when nothing else is known.
 */
export function serverMessageRef(error: unknown, fallbackKey: string): TextRef {
  if (!isApiError(error)) return describeError(error, fallbackKey);
  const first = Object.values(error.fieldErrors ?? {})[0]?.[0];
  if (first) {
    const ref = contractMessageRef(first);
    if (ref.key !== 'errors.validation.invalid') return ref;
  }
  if (!error.message || error.message.startsWith('HTTP ')) return describeError(error, fallbackKey);
  return adminErrorDescription(error);
}

/** A success answer's message: the server's words in English, our own text (with values) otherwise. */
export function successRef(key: string, serverMessage: string | undefined, values?: TextRef['values']): TextRef {
  return { key, values, raw: serverMessage?.trim() || undefined };
}

export const thClass = 'px-4 py-3 text-left text-xs font-medium uppercase tracking-wide text-slate-600';
export const tdClass = 'px-4 py-3 align-top';

export function Badge({
  tone,
  children,
  testId,
}: {
  tone: 'green' | 'slate' | 'amber' | 'red' | 'blue';
  children: ReactNode;
  testId?: string;
}) {
  const tones = {
    green: 'bg-emerald-100 text-emerald-800',
    slate: 'bg-slate-100 text-slate-700',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-800',
    blue: 'bg-blue-100 text-blue-800',
  } as const;
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium',
        tones[tone],
      )}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** Loading, load error (with retry) and empty states of a tab's list. */
export function ListState({
  state,
  emptyText,
  onRetry,
  retrying,
  error,
  testId,
}: {
  state: 'loading' | 'error' | 'empty';
  emptyText?: string;
  onRetry?: () => void;
  retrying?: boolean;
  error?: unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className="grid gap-3 p-4 sm:p-6" data-testid={`${testId}-loading`}>
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-12 animate-pulse rounded-md bg-slate-100" />
        ))}
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center" role="alert" data-testid={`${testId}-error`}>
        <AlertTriangle className="size-6 text-red-600" aria-hidden="true" />
        <p className="text-sm text-slate-700">{renderText(describeError(error, 'admin.charges.loadFailed'), t)}</p>
        {onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
            <RefreshCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
            {t('admin.charges.retry')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <p className="p-8 text-center text-sm text-slate-600" data-testid={`${testId}-empty`}>
      {emptyText}
    </p>
  );
}

/** A red box inside a dialog for a failure that keeps the dialog open. */
export function DialogAlert({ title, children, testId }: { title: string; children?: ReactNode; testId: string }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      data-testid={testId}
    >
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}
