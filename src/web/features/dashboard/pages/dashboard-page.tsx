import { ComingSoon } from '../../../components/coming-soon';

export function DashboardPage() {
  return <ComingSoon />;
}
