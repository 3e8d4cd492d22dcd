import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BadgeCheck } from 'lucide-react';
import type { TPhoneStatus } from '../../../../shared/contracts/phone';
import { formatPhone, toE164 } from '../../../../shared/phone';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { describeError, fieldErrorRef, renderText } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { usePhone, useRemovePhone, useSendPhoneCode, useVerifyPhone } from '../api';

const TAG = 'settings.phone';

/** Seconds until `at` (0 once passed), ticking every second while above 0. */
function useSecondsUntil(at: string | null): number {
  const left = () => (at ? Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!at) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `at`
  }, [at]);
  return seconds;
}

function AddNumberForm({ onCancel, onSent }: { onCancel?: () => void; onSent(): void }) {
  const { t, i18n } = useTranslation();
  const send = useSendPhoneCode();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    dismissToasts(TAG);
    if (!toE164(phone)) {
      setError(t('settings.phone.invalidNumber'));
      document.getElementById('phone-number')?.focus();
      return;
    }
    try {
      const status = await send.mutateAsync(phone);
      onSent();
      toast({
        title: { key: 'settings.phone.codeSent', values: { phone: formatPhone(status.pending?.phone ?? phone) } },
        variant: 'success',
        tag: TAG,
      });
    } catch (err) {
      const ref = fieldErrorRef(err, 'phone') ?? describeError(err);
      setError(renderText(ref, t));
      document.getElementById('phone-number')?.focus();
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={t('settings.phone.number')} hint={t('settings.phone.numberHint')} error={error ?? undefined}>
        <Input
          id="phone-number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          className="max-w-xs"
          value={phone}
          lang={i18n.language}
          onChange={(e) => {
            setPhone(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('settings.phone.sending') : t('settings.phone.send')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={send.isPending}>
            {t('settings.phone.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function VerifyForm({
  pending,
  onOtherNumber,
}: {
  pending: NonNullable<TPhoneStatus['pending']>;
  onOtherNumber(): void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyPhone();
  const resend = useSendPhoneCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const wait = useSecondsUntil(pending.resendAt);
  const shown = formatPhone(pending.phone);

  async function submit() {
    dismissToasts(TAG);
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('errors.validation.codeInvalid'));
      document.getElementById('phone-code')?.focus();
      return;
    }
    try {
      await verify.mutateAsync(code.trim());
      toast({ title: { key: 'settings.phone.verified' }, variant: 'success', tag: TAG });
    } catch (err) {
      setError(renderText(fieldErrorRef(err, 'code') ?? describeError(err), t));
      document.getElementById('phone-code')?.focus();
    }
  }

  async function again() {
    dismissToasts(TAG);
    try {
      await resend.mutateAsync(pending.phone);
      setCode('');
      setError(null);
      toast({ title: { key: 'settings.phone.codeSent', values: { phone: shown } }, variant: 'success', tag: TAG });
    } catch (err) {
      toast({
        title: { key: 'settings.phone.sendFailed' },
        description: describeError(err),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  const busy = verify.isPending || resend.isPending;
  return (
    <div
      role="region"
      aria-labelledby="phone-code-sent"
      data-testid="phone-verify-panel"
      className="grid gap-3 rounded-md border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900"
    >
      <p id="phone-code-sent">{t('settings.phone.sentTo', { phone: shown })}</p>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('settings.phone.code')} error={error ?? undefined}>
          <Input
            id="phone-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="000000"
            className="max-w-48 bg-white tracking-[0.3em]"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={busy}>
            {verify.isPending ? t('settings.phone.verifying') : t('settings.phone.verify')}
          </Button>
          <Button variant="secondary" disabled={busy || wait > 0} onClick={() => void again()}>
            {wait > 0 ? t('settings.phone.resendIn', { seconds: wait }) : t('settings.phone.resend')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={onOtherNumber}>
            {t('settings.phone.otherNumber')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function PhoneBody({ status }: { status: TPhoneStatus }) {
  const { t } = useTranslation();
  const remove = useRemovePhone();
  // 'add': the form for a (new) number, shown over a waiting code or beside the verified one.
  const [adding, setAdding] = useState(false);

  async function onRemove() {
    dismissToasts(TAG);
    try {
      await remove.mutateAsync();
      setAdding(false);
      toast({ title: { key: 'settings.phone.removed' }, variant: 'success', tag: TAG });
    } catch (err) {
      toast({
        title: { key: 'settings.phone.removeFailed' },
        description: describeError(err),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  return (
    <div className="grid gap-4 p-4 sm:p-6">
      {status.phone ? (
        <div className="flex flex-wrap items-center justify-between gap-3" data-testid="phone-verified">
          <p className="flex items-center gap-2 text-sm text-slate-900">
            <BadgeCheck className="size-5 text-emerald-600" aria-hidden="true" />
            <span>{t('settings.phone.current', { phone: formatPhone(status.phone) })}</span>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
              {t('settings.phone.verifiedBadge')}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {!adding && !status.pending ? (
              <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
                {t('settings.phone.change')}
              </Button>
            ) : null}
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => void onRemove()}>
              {remove.isPending ? t('settings.phone.removing') : t('settings.phone.remove')}
            </Button>
          </div>
        </div>
      ) : null}
      {status.pending && !adding ? (
        <VerifyForm key={status.pending.expiresAt} pending={status.pending} onOtherNumber={() => setAdding(true)} />
      ) : !status.phone || adding ? (
        <AddNumberForm
          key={status.pending?.expiresAt ?? 'none'}
          onCancel={adding ? () => setAdding(false) : undefined}
          onSent={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}

/** The profile's mobile number for SMS (issue 27): add it, verify it with the texted code, remove it. */
export function PhoneCard() {
  const { t } = useTranslation();
  const query = usePhone();
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  useEffect(() => {
    // The notifications tab's 'Add a mobile number' link lands here (/settings#phone).
    if (hash !== '#phone' || !loaded) return;
    document.getElementById('phone')?.scrollIntoView({ block: 'center' });
    document.getElementById('phone-number')?.focus();
  }, [hash, loaded]);
  return (
    <Card>
      <CardHeader title={t('settings.phone.title')} description={t('settings.phone.description')} />
      <div id="phone">
        {query.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="p-6">
            <Banner variant="error">{t('settings.phone.loadFailed')}</Banner>
          </div>
        ) : (
          <PhoneBody status={query.data} />
        )}
      </div>
    </Card>
  );
}
