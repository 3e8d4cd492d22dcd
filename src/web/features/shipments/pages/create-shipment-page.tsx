import { ComingSoon } from '../../../components/coming-soon';

export function CreateShipmentPage() {
  return <ComingSoon />;
}
