import { useTranslation } from 'react-i18next';

/**
 * "You can request a new code in N s", ticking. The visible line is not a live region (it would be read out
 * every second); screen readers hear the wait once when it starts. Keep it mounted: a live region must
 * exist before its text changes.
 */
export function ResendWait({
  seconds,
  total,
  showLine = true,
}: {
  seconds: number;
  total: number;
  /** False where a button beside it already counts down ('Resend (29 s)'): only screen readers hear the wait. */
  showLine?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {showLine && seconds > 0 ? (
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
