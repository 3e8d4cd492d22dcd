import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSessionProbe } from '../lib/session-probe';
import { LandingPage } from '../features/landing/pages/landing-page';

/** `/`: spinner while the user loads; signed in → /dashboard; otherwise the landing page. */
export function HomeRoute() {
  const { pending, user } = useSessionProbe();
  if (pending) return <FullPageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <LandingPage />;
}
