import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOW_BALANCE_THRESHOLD_MAX_CENTS, type TNotificationSettings } from '../../../../shared/contracts/settings';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { describeError } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { Link } from 'react-router';
import { formatPhone } from '../../../../shared/phone';
import { usePhone, useNotifications, useUpdateNotifications } from '../api';

const KEYS = ['email', 'sms', 'marketing'] as const;
/** The mails `email` is the master switch of (issue 27). */
const MAIL_KEYS = ['receipts', 'creditNotes', 'topupReceipts', 'lowBalance', 'tracking'] as const;
const TAG = 'settings.notifications.save';

/** The threshold as typed ("20", "20.5", "20.00") in cents; an error key when it is not an amount we take. */
export function readThreshold(text: string): { cents: number } | { error: string } {
  const cents = parseCents(text.replace(/^\$/, '').replace(/,/g, ''));
  if (cents === null || cents < 0) return { error: 'settings.notifications.threshold.invalid' };
  if (cents > LOW_BALANCE_THRESHOLD_MAX_CENTS) return { error: 'settings.notifications.threshold.tooHigh' };
  return { cents };
}

type SwitchKey = (typeof KEYS)[number] | (typeof MAIL_KEYS)[number];

function SwitchRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: SwitchKey;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-center justify-between gap-6 py-4">
      <div>
        <label htmlFor={`notify-${id}`} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`notify-${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch
        id={`notify-${id}`}
        aria-describedby={`notify-${id}-hint`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      />
    </div>
  );
}

function NotificationsForm({ saved, phone }: { saved: TNotificationSettings; phone: string | null }) {
  const { t } = useTranslation();
  const update = useUpdateNotifications();
  const [prefs, setPrefs] = useState<TNotificationSettings>(saved);
  const [threshold, setThreshold] = useState(centsToDecimal(saved.lowBalanceThresholdCents));
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const read = readThreshold(threshold);
  const dirty =
    [...KEYS, ...MAIL_KEYS].some((k) => prefs[k] !== saved[k]) ||
    !('cents' in read) ||
    read.cents !== saved.lowBalanceThresholdCents;
  const set = (key: SwitchKey) => (checked: boolean) => setPrefs((p) => ({ ...p, [key]: checked }));

  async function save() {
    dismissToasts(TAG);
    if ('error' in read) {
      setThresholdError(read.error);
      document.getElementById('notify-threshold')?.focus();
      return;
    }
    try {
      const answer = await update.mutateAsync({ ...prefs, lowBalanceThresholdCents: read.cents });
      setPrefs(answer);
      setThreshold(centsToDecimal(answer.lowBalanceThresholdCents));
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
    <form
      className="grid gap-1 p-4 sm:p-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="divide-y divide-slate-200">
        <SwitchRow
          id="email"
          label={t('settings.notifications.email.label')}
          hint={t('settings.notifications.email.hint')}
          checked={prefs.email}
          onChange={set('email')}
        />
        <fieldset className="py-2 sm:pl-6" data-testid="notify-mail-kinds">
          <legend className="pt-3 text-sm font-semibold text-slate-900">
            {t('settings.notifications.kinds.title')}
          </legend>
          {!prefs.email ? (
            <p className="pt-1 text-sm text-slate-600">{t('settings.notifications.kinds.masterOff')}</p>
          ) : null}
          <div className="divide-y divide-slate-100">
            {MAIL_KEYS.map((key) => (
              <div key={key}>
                <SwitchRow
                  id={key}
                  label={t(`settings.notifications.kinds.${key}.label`)}
                  hint={t(`settings.notifications.kinds.${key}.hint`)}
                  checked={prefs[key]}
                  disabled={!prefs.email}
                  onChange={set(key)}
                />
                {key === 'lowBalance' ? (
                  <Field
                    className="max-w-xs pb-4"
                    label={t('settings.notifications.threshold.label')}
                    hint={t('settings.notifications.threshold.hint')}
                    error={thresholdError ? t(thresholdError) : undefined}
                  >
                    <Input
                      id="notify-threshold"
                      inputMode="decimal"
                      autoComplete="off"
                      value={threshold}
                      disabled={!prefs.email || !prefs.lowBalance}
                      onChange={(e) => {
                        setThreshold(e.target.value);
                        setThresholdError(null);
                      }}
                      onBlur={() => {
                        const r = readThreshold(threshold);
                        setThresholdError('error' in r ? r.error : null);
                      }}
                    />
                  </Field>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        <div>
          <SwitchRow
            id="sms"
            label={t('settings.notifications.sms.label')}
            hint={
              phone
                ? `${t('settings.notifications.sms.hint')} ${t('settings.notifications.sms.sendsTo', { phone: formatPhone(phone) })}`
                : t('settings.notifications.sms.hint')
            }
            checked={prefs.sms && phone !== null}
            disabled={phone === null}
            onChange={set('sms')}
          />
          {phone === null ? (
            // SMS go only to a verified number (issue 27): the switch says why it is off and where to add one.
            <p className="-mt-2 pb-4 text-sm text-slate-600" data-testid="notify-sms-needs-phone">
              {t('settings.notifications.sms.needsPhone')}{' '}
              <Link to="/settings#phone" className="font-medium text-indigo-700 underline hover:text-indigo-900">
                {t('settings.notifications.sms.addPhone')}
              </Link>
            </p>
          ) : null}
        </div>
        <SwitchRow
          id="marketing"
          label={t('settings.notifications.marketing.label')}
          hint={t('settings.notifications.marketing.hint')}
          checked={prefs.marketing}
          onChange={set('marketing')}
        />
      </div>
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={update.isPending || !dirty}>
          {update.isPending ? t('common.saving') : t('settings.notifications.save')}
        </Button>
      </div>
    </form>
  );
}

export function NotificationsTab() {
  const { t } = useTranslation();
  const query = useNotifications();
  const phone = usePhone();
  return (
    <Card>
      <CardHeader title={t('settings.notifications.title')} description={t('settings.notifications.description')} />
      {query.isPending || phone.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : query.isError || phone.isError ? (
        <div className="p-6">
          <Banner variant="error">{t('settings.notifications.loadFailed')}</Banner>
        </div>
      ) : (
        <NotificationsForm saved={query.data} phone={phone.data.phone} />
      )}
    </Card>
  );
}
