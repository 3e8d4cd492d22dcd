import { useTranslation } from 'react-i18next';
import { RequireAdmin } from '../../../components/require-admin';
import { ComingSoon } from '../../../components/coming-soon';

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <RequireAdmin>
      <ComingSoon description={t('pages.admin.comingSoon')} />
    </RequireAdmin>
  );
}
