import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { AUTH_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { describeError, formErrorText } from '../../../lib/error-message';
import { authApi } from '../api';
import type { AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';

const schema = z.object({
  email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
});
type Values = z.infer<typeof schema>;

export function ForgotPasswordForm({ switchMode, showError, showSuccess, clearBanners }: AuthFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    clearBanners();
    setPending(true);
    try {
      await authApi.forgotPassword(email.trim());
      showSuccess({ key: 'auth.forgot.sent' });
    } catch (error) {
      showError(describeError(error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('auth.fields.email')} error={formErrorText(errors.email?.message, t)}>
        <Input id="forgot-email" type="email" autoComplete="email" required {...register('email')} />
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
      </Button>
      <p className="text-center text-sm">
        <LinkButton onClick={() => switchMode('login')}>{t('auth.backToSignIn')}</LinkButton>
      </p>
    </form>
  );
}
