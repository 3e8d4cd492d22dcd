import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';
import { useUser } from '../lib/session';

/** Admin-only content: a loading screen while the user loads, then access denied for non-admins. */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (user?.role !== 'admin') {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800"
        data-testid="access-denied"
      >
        {t('errors.accessDenied')}
      </div>
    );
  }
  return <>{children}</>;
}
