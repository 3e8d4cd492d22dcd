import { ComingSoon } from '../../../components/coming-soon';

export function TrackingPage() {
  return <ComingSoon />;
}
