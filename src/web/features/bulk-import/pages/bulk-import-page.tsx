import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export function BulkImportPage() {
  const { t } = useTranslation();
  return <ComingSoon description={t('pages.bulkImport.comingSoon')} />;
}
