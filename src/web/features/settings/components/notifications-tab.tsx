import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TNotificationPreferences } from '../../../../shared/contracts/settings';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { describeError } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { useNotifications, useUpdateNotifications } from '../api';

const KEYS = ['email', 'sms', 'marketing'] as const;
const TAG = 'settings.notifications.save';

function NotificationsForm({ saved }: { saved: TNotificationPreferences }) {
  const { t } = useTranslation();
  const update = useUpdateNotifications();
  const [prefs, setPrefs] = useState<TNotificationPreferences>(saved);
  const dirty = KEYS.some((k) => prefs[k] !== saved[k]);

  async function save() {
    dismissToasts(TAG);
    try {
      const answer = await update.mutateAsync(prefs);
      setPrefs(answer);
      toast({ title: { key: 'settings.notifications.saved' }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'settings.notifications.failed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  return (
    <div className="grid gap-1 p-6">
      <ul className="divide-y divide-slate-200">
        {KEYS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-6 py-4">
            <div>
              <label htmlFor={`notify-${key}`} className="text-sm font-medium text-slate-900">
                {t(`settings.notifications.${key}.label`)}
              </label>
              <p id={`notify-${key}-hint`} className="text-sm text-slate-600">
                {t(`settings.notifications.${key}.hint`)}
              </p>
            </div>
            <Switch
              id={`notify-${key}`}
              aria-describedby={`notify-${key}-hint`}
              checked={prefs[key]}
              onCheckedChange={(checked) => setPrefs((p) => ({ ...p, [key]: checked }))}
            />
          </li>
        ))}
      </ul>
      <div className="flex justify-end pt-2">
        <Button onClick={() => void save()} disabled={update.isPending || !dirty}>
          {update.isPending ? t('common.saving') : t('settings.notifications.save')}
        </Button>
      </div>
    </div>
  );
}

export function NotificationsTab() {
  const { t } = useTranslation();
  const query = useNotifications();
  return (
    <Card>
      <CardHeader title={t('settings.notifications.title')} description={t('settings.notifications.description')} />
      {query.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <div className="p-6">
          <Banner variant="error">{t('settings.notifications.loadFailed')}</Banner>
        </div>
      ) : (
        <NotificationsForm saved={query.data} />
      )}
    </Card>
  );
}
