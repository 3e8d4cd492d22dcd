import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/ui/card';

/** API keys and billing: said honestly to be coming, with no fake keys and no dead buttons. */
export function ComingTab({ section }: { section: 'apiKeys' | 'billing' }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader title={t(`settings.${section}.title`)} description={t(`settings.${section}.description`)} />
      <div className="flex items-start gap-3 p-6 text-sm text-slate-700" data-testid={`${section}-coming`}>
        <Clock className="mt-0.5 size-5 shrink-0 text-indigo-500" aria-hidden="true" />
        <p>{t(`settings.${section}.coming`)}</p>
      </div>
    </Card>
  );
}
