import { ComingSoon } from '../../../components/coming-soon';

export function BulkImportPage() {
  return <ComingSoon />;
}
