import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import type { TUser } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCancelEmailChange, useConfirmEmailChange, useUpdateProfile } from '../api';

const schema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'settings.emailChange.codeInvalid'),
});
type Values = z.infer<typeof schema>;

/** Shown while the user has a pending email change: confirm it with the mailed code, resend, or cancel. */
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
    try {
      await confirm.mutateAsync(code.trim());
      toast({ title: t('settings.emailChange.confirmed'), variant: 'success' });
    } catch (error) {
      setError('code', { message: errorMessage(error, t) });
    }
  });

  async function onResend() {
    try {
      await resend.mutateAsync({ firstName: user.firstName, lastName: user.lastName, email: pendingEmail });
      reset({ code: '' });
      toast({ title: t('settings.emailChange.resent', { email: pendingEmail }), variant: 'success' });
    } catch (error) {
      toast({
        title: t('settings.emailChange.resendFailed'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  }

  async function onCancel() {
    try {
      await cancel.mutateAsync();
      toast({ title: t('settings.emailChange.cancelled'), variant: 'success' });
    } catch (error) {
      toast({
        title: t('settings.emailChange.cancelFailed'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  }

  const busy = confirm.isPending || resend.isPending || cancel.isPending;
  const codeError = errors.code?.message;

  return (
    <div
      role="region"
      aria-labelledby="email-change-title"
      data-testid="email-change-panel"
      className="rounded-md border border-indigo-200 bg-indigo-50 px-4 py-4 text-sm text-indigo-900"
    >
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <div className="grid flex-1 gap-3">
          <div>
            <h3 id="email-change-title" className="font-semibold">
              {t('settings.emailChange.title')}
            </h3>
            <p className="mt-1" data-testid="email-change-sent-to">
              {t('settings.emailChange.sentTo', { email: pendingEmail })}
            </p>
          </div>
          <form onSubmit={onSubmit} noValidate className="grid gap-3">
            <Field
              label={t('settings.emailChange.code')}
              error={codeError ? (codeError.startsWith('settings.') ? t(codeError) : codeError) : undefined}
            >
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
