import type { ReactNode } from 'react';
import { AlertCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** A panel's failure: what failed, 'please retry later', and a retry button. */
export function PanelError({
  title,
  description,
  onRetry,
  retrying,
  className,
  testId,
}: {
  title: string;
  description?: ReactNode;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center',
        className,
      )}
      data-testid={testId}
    >
      <AlertCircle className="size-7 text-red-600" aria-hidden="true" />
      <p className="text-sm font-semibold text-red-900">{title}</p>
      <div className="text-sm text-red-800">{description ?? t('dashboard.retryLater')}</div>
      <Button variant="secondary" size="sm" className="mt-1" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
        {t('dashboard.retry')}
      </Button>
    </div>
  );
}

/** A panel with nothing to show yet. */
export function PanelEmpty({
  icon,
  title,
  description,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
      data-testid={testId}
    >
      <span className="text-indigo-500">{icon}</span>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      <p className="max-w-xs text-sm text-slate-600">{description}</p>
      {children}
    </div>
  );
}

/** The heading row of a dashboard panel. */
export function PanelHeader({
  id,
  title,
  description,
  action,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-4 sm:px-6">
      <div className="min-w-0">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
