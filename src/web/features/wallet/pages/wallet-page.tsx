import { ComingSoon } from '../../../components/coming-soon';

export function WalletPage() {
  return <ComingSoon />;
}
