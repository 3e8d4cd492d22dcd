import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { describeError, formErrorText } from '../../../lib/error-message';
import { userQueryKey } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { CODE_RESEND_GAP_SECONDS } from '../../../../shared/contracts/auth';
import { authApi } from '../api';
import { clearAuthFlow, saveAuthFlow } from '../auth-flow';
import type { AuthFormProps, VerifyState } from './auth-types';
import { LinkButton } from './link-button';
import { ResendWait } from './resend-wait';

const schema = z.object({
  email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'auth.validation.codeInvalid'),
});
type Values = z.infer<typeof schema>;

const NOTICE_KEYS = {
  sent: 'auth.verify.sentTo',
  'sent-new': 'auth.verify.sentNew',
  'sent-earlier': 'auth.verify.sentEarlier',
} as const;

export function VerifyEmailForm({
  email,
  notice,
  resendAt,
  switchMode,
  showError,
  showSuccess,
  clearBanners,
}: AuthFormProps & VerifyState) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const wait = useCountdown(resendAt);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email, code: '' },
  });

  /** Disables Resend until the server allows another code, and keeps that across a reload. */
  function waitBeforeResend(seconds: number) {
    const until = wait.start(seconds);
    const address = getValues('email').trim();
    if (address) saveAuthFlow({ mode: 'verify-email', email: address, resendAt: until });
  }

  const onSubmit = handleSubmit(async (values) => {
    clearBanners();
    setPending(true);
    try {
      const { user } = await authApi.verifyOtp({
        email: values.email.trim(),
        code: values.code.trim(),
      });
      clearAuthFlow();
      queryClient.setQueryData(userQueryKey, user ?? null);
      // Verifying the email completes a sign-up: a new account, not a return.
      toast({ title: { key: 'auth.toast.welcomeNew' }, variant: 'success' });
      void navigate(user ? '/dashboard' : '/', { replace: true });
    } catch (error) {
      setPending(false);
      if (isApiError(error) && error.retryAfter && error.code === 'TOO_MANY_ATTEMPTS')
        waitBeforeResend(error.retryAfter);
      showError(isApiError(error) ? describeError(error, 'auth.verify.failed') : { key: 'auth.verify.networkFailed' });
    }
  });

  async function resend() {
    clearBanners();
    // The complaint about the last code typed no longer applies once a new one is asked for.
    clearErrors('code');
    setResending(true);
    try {
      await authApi.sendOtp(getValues('email').trim());
      waitBeforeResend(CODE_RESEND_GAP_SECONDS);
      // The old code and its error no longer apply.
      setValue('code', '');
      showSuccess({ key: 'auth.codeSent' });
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.retryAfter) waitBeforeResend(error.retryAfter);
      else
        showError(
          isApiError(error) ? describeError(error, 'auth.verify.resendFailed') : { key: 'auth.verify.resendFailed' },
        );
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-600" data-testid="verify-sent-to">
        {email ? t(NOTICE_KEYS[notice], { email }) : t('auth.verify.enterEmail')}
      </p>
      {email ? (
        <input type="hidden" {...register('email')} />
      ) : (
        <Field label={t('auth.fields.email')} error={formErrorText(errors.email?.message, t)}>
          <Input id="verify-email" type="email" autoComplete="email" required {...register('email')} />
        </Field>
      )}
      <Field label={t('auth.fields.code')} error={formErrorText(errors.code?.message, t)}>
        <Input
          id="verify-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder="000000"
          className="tracking-[0.3em]"
          required
          {...register('code')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? t('auth.verify.verifying') : t('auth.verify.submit')}
      </Button>
      <ResendWait seconds={wait.seconds} total={wait.total} />
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <LinkButton onClick={() => void resend()} disabled={resending || wait.seconds > 0}>
          {wait.seconds > 0 ? t('auth.verify.resendIn', { seconds: wait.seconds }) : t('auth.verify.resend')}
        </LinkButton>
        <LinkButton onClick={() => switchMode('login')}>{t('auth.backToSignIn')}</LinkButton>
      </p>
    </form>
  );
}
