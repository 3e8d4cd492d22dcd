import { useTranslation } from 'react-i18next';

/**
 * "You can request a new code in N s", ticking. The visible line is not a live region (it would be read out
 * every second); screen readers hear the wait once when it starts. Keep it mounted: a live region must
 * exist before its text changes.
 */
export function ResendWait({ seconds, total }: { seconds: number; total: number }) {
  const { t } = useTranslation();
  return (
    <>
      {seconds > 0 ? (
        <p className="text-sm text-slate-600" data-testid="resend-wait" aria-hidden="true">
          {t('auth.wait', { seconds })}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {seconds > 0 ? t('auth.wait', { seconds: total }) : null}
      </span>
    </>
  );
}
