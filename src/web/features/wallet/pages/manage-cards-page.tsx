import { ComingSoon } from '../../../components/coming-soon';

export function ManageCardsPage() {
  return <ComingSoon />;
}
