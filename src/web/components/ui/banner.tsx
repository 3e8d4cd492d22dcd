import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Red dismissible error banner or green success banner. */
export function Banner({
  variant,
  children,
  onDismiss,
}: {
  variant: 'error' | 'success';
  children: React.ReactNode;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  const styles =
    variant === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800';
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-testid={variant === 'error' ? 'error-banner' : 'success-banner'}
      className={`flex items-start gap-3 rounded-md border px-4 py-3 text-sm ${styles}`}
    >
      <div className="flex-1">{children}</div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('common.dismiss')}
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
