import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

export function ManageCardsPage() {
  const { t } = useTranslation();
  return <ComingSoon description={t('pages.manageCards.comingSoon')} />;
}
