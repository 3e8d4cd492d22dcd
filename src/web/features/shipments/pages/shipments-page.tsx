import { ComingSoon } from '../../../components/coming-soon';

export function ShipmentsPage() {
  return <ComingSoon />;
}
