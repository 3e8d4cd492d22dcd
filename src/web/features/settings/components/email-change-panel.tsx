import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import type { TUser } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { describeError, fieldErrorRef, formErrorText, packTextRef } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { useCancelEmailChange, useConfirmEmailChange, useUpdateProfile } from '../api';

const TAG = 'settings.emailChange';

const schema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'settings.emailChange.codeInvalid'),
});
type Values = z.infer<typeof schema>;

/** Shown while the user has a pending email change: confirm it with the mailed code, resend it, or cancel. */
export function EmailChangePanel({ user, pendingEmail }: { user: TUser; pendingEmail: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const resend = useUpdateProfile();
  const cancel = useCancelEmailChange();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    dismissToasts(TAG);
    try {
      await confirm.mutateAsync(code.trim());
      toast({ title: { key: 'settings.emailChange.confirmed' }, variant: 'success', tag: TAG });
    } catch (error) {
      setError('code', { message: packTextRef(fieldErrorRef(error, 'code') ?? describeError(error)) });
    }
  });

  async function onResend() {
    dismissToasts(TAG);
    try {
      // The change was authorized with the password when it was asked for; a new code needs no password.
      await resend.mutateAsync({ firstName: user.firstName, lastName: user.lastName, email: pendingEmail });
      reset({ code: '' });
      toast({
        title: { key: 'settings.emailChange.resent', values: { email: pendingEmail } },
        variant: 'success',
        tag: TAG,
      });
    } catch (error) {
      toast({
        title: { key: 'settings.emailChange.resendFailed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  async function onCancel() {
    dismissToasts(TAG);
    try {
      await cancel.mutateAsync();
      toast({ title: { key: 'settings.emailChange.cancelled' }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'settings.emailChange.cancelFailed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  const busy = confirm.isPending || resend.isPending || cancel.isPending;

  return (
    <div
      role="region"
      aria-labelledby="email-change-title"
      data-testid="email-change-panel"
      className="rounded-md border border-indigo-200 bg-indigo-50 px-4 py-4 text-sm text-indigo-900"
    >
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-3">
          <div>
            <h3 id="email-change-title" className="font-semibold">
              {t('settings.emailChange.title')}
            </h3>
            <p className="mt-1" data-testid="email-change-sent-to">
              {t('settings.emailChange.sentTo', { email: pendingEmail })}
            </p>
          </div>
          <form onSubmit={onSubmit} noValidate className="grid gap-3">
            <Field label={t('settings.emailChange.code')} error={formErrorText(errors.code?.message, t)}>
              <Input
                id="email-change-code"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
                autoComplete="one-time-code"
                placeholder="000000"
                className="max-w-48 bg-white tracking-[0.3em]"
                {...register('code')}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" disabled={busy}>
                {confirm.isPending ? t('settings.emailChange.confirming') : t('settings.emailChange.confirm')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => void onResend()}>
                {t('settings.emailChange.resend')}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => void onCancel()}>
                {t('settings.emailChange.cancel')}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
