import { Link } from 'react-router';
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
        <p>{t('errors.accessDenied')}</p>
        <Link
          to="/dashboard"
          className="mt-3 inline-block font-medium text-red-900 underline underline-offset-2 hover:text-red-950 focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="access-denied-dashboard"
        >
          {t('admin.backToDashboard')}
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}
