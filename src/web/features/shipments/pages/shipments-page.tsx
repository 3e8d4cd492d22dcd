import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export function ShipmentsPage() {
  const { t } = useTranslation();
  return <ComingSoon description={t('pages.shipments.comingSoon')} />;
}
