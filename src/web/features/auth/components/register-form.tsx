import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { authApi } from '../api';
import type { AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';

const schema = z.object({
  organizationName: z.string().trim().max(200, 'auth.validation.tooLong'),
  firstName: z.string().trim().min(1, 'auth.validation.firstNameRequired').max(100, 'auth.validation.tooLong'),
  lastName: z.string().trim().min(1, 'auth.validation.lastNameRequired').max(100, 'auth.validation.tooLong'),
  email: z.string().trim().min(1, 'auth.validation.emailRequired').email('auth.validation.emailInvalid'),
  password: z.string().min(8, 'auth.validation.passwordMin').max(128, 'auth.validation.passwordMax'),
  code: z.string(),
});
type Values = z.infer<typeof schema>;

export function RegisterForm({ switchMode, showError, showSuccess, clearBanners }: AuthFormProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      organizationName: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      code: '',
    },
  });

  async function sendCode() {
    clearBanners();
    const v = getValues();
    if (!v.email.trim() || !v.password || !v.firstName.trim() || !v.lastName.trim()) {
      showError(t('auth.register.fillRequiredFirst'));
      return;
    }
    if (!(await trigger(['firstName', 'lastName', 'email', 'password']))) return;
    setSending(true);
    try {
      const email = v.email.trim();
      const answer = await authApi.register({
        email,
        password: v.password,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        organizationName: v.organizationName.trim() || undefined,
        locale: currentLanguage(),
      });
      setSentTo(answer?.email ?? email);
      showSuccess(t('auth.codeSent'));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field in schema.shape && messages[0]) setError(field as keyof Values, { message: messages[0] });
        }
      }
      showError(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  }

  async function resend() {
    if (!sentTo) return;
    clearBanners();
    setResending(true);
    try {
      await authApi.sendOtp(sentTo);
      showSuccess(t('auth.codeSent'));
    } catch {
      showError(t('auth.verify.resendFailed'));
    } finally {
      setResending(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    clearBanners();
    if (!sentTo) {
      showError(t('auth.register.sendCodeFirst'));
      return;
    }
    const code = values.code.trim();
    if (!/^\d{6}$/.test(code)) {
      setError('code', { message: 'auth.validation.codeInvalid' });
      showError(t('auth.validation.codeInvalid'));
      return;
    }
    setVerifying(true);
    try {
      const { user } = await authApi.verifyOtp({ email: sentTo, code });
      // A full page load starts the signed-in app with fresh state.
      window.location.href = user ? '/dashboard' : '/';
    } catch (error) {
      setVerifying(false);
      showError(isApiError(error) ? errorMessage(error, t, 'auth.verify.failed') : t('auth.verify.networkFailed'));
    }
  });

  const fieldError = (key: keyof Values) => (errors[key]?.message ? t(errors[key]!.message!) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('auth.fields.company')} optional={t('common.optional')} error={fieldError('organizationName')}>
        <Input id="register-company" autoComplete="organization" {...register('organizationName')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.fields.firstName')} error={fieldError('firstName')}>
          <Input id="register-first-name" autoComplete="given-name" required {...register('firstName')} />
        </Field>
        <Field label={t('auth.fields.lastName')} error={fieldError('lastName')}>
          <Input id="register-last-name" autoComplete="family-name" required {...register('lastName')} />
        </Field>
      </div>
      <Field label={t('auth.fields.email')} error={fieldError('email')}>
        <Input id="register-email" type="email" autoComplete="email" required {...register('email')} />
      </Field>
      <Field label={t('auth.fields.password')} error={fieldError('password')} hint={t('auth.register.passwordHint')}>
        <PasswordInput id="register-password" autoComplete="new-password" required {...register('password')} />
      </Field>
      <div className="grid gap-1.5">
        <Field label={t('auth.fields.code')} error={fieldError('code')}>
          <Input
            id="register-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder="000000"
            className="tracking-[0.3em]"
            {...register('code')}
          />
        </Field>
        <Button
          variant="secondary"
          onClick={() => void sendCode()}
          disabled={sending}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          {sending ? t('auth.register.sending') : sentTo ? t('auth.register.sent') : t('auth.register.sendCode')}
        </Button>
        {sentTo ? (
          <p className="text-sm text-slate-600" data-testid="code-sent-to">
            {t('auth.register.codeSentTo', { email: sentTo })}{' '}
            <LinkButton onClick={() => void resend()} disabled={resending}>
              {t('auth.register.resend')}
            </LinkButton>
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={!sentTo || verifying} className="w-full">
        {verifying ? t('auth.register.creating') : t('auth.register.createAccount')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.register.haveAccount')}{' '}
        <LinkButton onClick={() => switchMode('login')}>{t('auth.register.signIn')}</LinkButton>
      </p>
    </form>
  );
}
