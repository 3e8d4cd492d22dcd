import { ComingSoon } from '../../../components/coming-soon';

export function AddressBookPage() {
  return <ComingSoon />;
}
