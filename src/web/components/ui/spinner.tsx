import { useTranslation } from 'react-i18next';

export function Spinner({ label, className = 'size-8' }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600`}
      />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Full-screen loading state used while the current user loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50" data-testid="page-spinner">
      <Spinner className="size-10" />
    </div>
  );
}
