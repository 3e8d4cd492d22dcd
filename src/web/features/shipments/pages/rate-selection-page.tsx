import { ComingSoon } from '../../../components/coming-soon';

export function RateSelectionPage() {
  return <ComingSoon />;
}
