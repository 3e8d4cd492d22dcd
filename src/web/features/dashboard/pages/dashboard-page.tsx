import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export function DashboardPage() {
  const { t } = useTranslation();
  return <ComingSoon description={t('pages.dashboard.comingSoon')} />;
}
