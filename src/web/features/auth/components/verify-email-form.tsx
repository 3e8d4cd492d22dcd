import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { userQueryKey } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import type { AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';

const schema = z.object({
  email: z.string().trim().min(1, 'auth.validation.emailRequired').email('auth.validation.emailInvalid'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'auth.validation.codeInvalid'),
});
type Values = z.infer<typeof schema>;

export function VerifyEmailForm({
  email,
  switchMode,
  showError,
  showSuccess,
  clearBanners,
}: AuthFormProps & { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email, code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    clearBanners();
    setPending(true);
    try {
      const { user } = await authApi.verifyOtp({
        email: values.email.trim(),
        code: values.code.trim(),
      });
      queryClient.setQueryData(userQueryKey, user ?? null);
      toast({ title: t('auth.toast.welcomeBack'), variant: 'success' });
      void navigate(user ? '/dashboard' : '/', { replace: true });
    } catch (error) {
      setPending(false);
      showError(isApiError(error) ? errorMessage(error, t, 'auth.verify.failed') : t('auth.verify.networkFailed'));
    }
  });

  async function resend() {
    clearBanners();
    setResending(true);
    try {
      await authApi.sendOtp(getValues('email').trim());
      showSuccess(t('auth.codeSent'));
    } catch {
      showError(t('auth.verify.resendFailed'));
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-600" data-testid="verify-sent-to">
        {email ? t('auth.verify.sentTo', { email }) : t('auth.verify.enterEmail')}
      </p>
      {email ? (
        <input type="hidden" {...register('email')} />
      ) : (
        <Field label={t('auth.fields.email')} error={errors.email && t(errors.email.message ?? '')}>
          <Input id="verify-email" type="email" autoComplete="email" required {...register('email')} />
        </Field>
      )}
      <Field label={t('auth.fields.code')} error={errors.code && t(errors.code.message ?? '')}>
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
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <LinkButton onClick={() => void resend()} disabled={resending}>
          {t('auth.verify.resend')}
        </LinkButton>
        <LinkButton onClick={() => switchMode('login')}>{t('auth.backToSignIn')}</LinkButton>
      </p>
    </form>
  );
}
