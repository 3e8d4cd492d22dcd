import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useUser } from '../lib/session';

/** Protected routes: a spinner while the user loads, then /auth when nobody is signed in. */
export function RequireUser() {
  const { data: user, isPending, isError } = useUser();
  if (isPending) return <FullPageSpinner />;
  if (isError || !user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
