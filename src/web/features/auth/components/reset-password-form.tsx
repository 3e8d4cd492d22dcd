import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LIMITS, AUTH_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { describeError, formErrorText } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import type { AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';

const schema = z
  .object({
    password: z.string().min(LIMITS.passwordMin, M.passwordMin).max(LIMITS.passwordMax, M.passwordMax),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.validation.passwordsMismatch',
  });
type Values = z.infer<typeof schema>;

export function ResetPasswordForm({
  token,
  onDone,
  switchMode,
  showError,
  clearBanners,
}: AuthFormProps & { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onInvalid = (errs: typeof errors) => {
    const first = errs.confirmPassword?.message ?? errs.password?.message;
    if (first) showError({ key: first });
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    clearBanners();
    setPending(true);
    try {
      await authApi.resetPassword({ token, password });
      toast({ title: { key: 'auth.reset.toast' }, variant: 'success' });
      onDone();
    } catch (error) {
      showError(describeError(error));
    } finally {
      setPending(false);
    }
  }, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('auth.fields.newPassword')} error={formErrorText(errors.password?.message, t)}>
        <PasswordInput id="reset-password" autoComplete="new-password" required {...register('password')} />
      </Field>
      <Field label={t('auth.fields.confirmPassword')} error={formErrorText(errors.confirmPassword?.message, t)}>
        <PasswordInput
          id="reset-confirm-password"
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
      <p className="text-center text-sm">
        <LinkButton onClick={() => switchMode('login')}>{t('auth.backToSignIn')}</LinkButton>
      </p>
    </form>
  );
}
