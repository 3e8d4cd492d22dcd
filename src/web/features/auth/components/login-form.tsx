import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { isApiError } from '../../../lib/api-client';
import { describeError, formErrorText } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api';
import { REMEMBERED_EMAIL_KEY, type AuthFormProps } from './auth-types';
import { LinkButton } from './link-button';
import { GoogleSignInLink } from './google-sign-in-link';
import { CODE_RESEND_GAP_SECONDS } from '../../../../shared/contracts/auth';
import { AUTH_FORM_MESSAGES as M } from '../../../../shared/contracts/limits';

const schema = z.object({
  email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
  password: z.string().min(1, M.passwordRequired),
});
type Values = z.infer<typeof schema>;

function readRememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Asks the browser's password manager to store the credentials (Credential Management API). */
async function storePassword(email: string, password: string): Promise<void> {
  const Ctor = (
    window as unknown as {
      PasswordCredential?: new (data: { id: string; password: string }) => Credential;
    }
  ).PasswordCredential;
  if (!Ctor || !navigator.credentials) return;
  try {
    await navigator.credentials.store(new Ctor({ id: email, password }));
  } catch {
    /* the browser declined; nothing else to do */
  }
}

export function LoginForm({ switchMode, showError, clearBanners }: AuthFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const [remembered] = useState(readRememberedEmail);
  const [rememberEmail, setRememberEmail] = useState(remembered !== '');
  const [savePassword, setSavePassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: remembered, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    clearBanners();
    try {
      localStorage.setItem(REMEMBERED_EMAIL_KEY, rememberEmail ? values.email.trim() : '');
      if (!rememberEmail) localStorage.removeItem(REMEMBERED_EMAIL_KEY);
    } catch {
      /* storage unavailable */
    }
    try {
      await login.mutateAsync({
        email: values.email.trim(),
        password: values.password,
      });
      if (savePassword) await storePassword(values.email.trim(), values.password);
      toast({ title: { key: 'auth.toast.welcomeBack' }, variant: 'success' });
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        // The server says whether it just mailed a new code or the last one is still too recent.
        switchMode('verify-email', {
          email: values.email.trim(),
          notice: error.codeSent === true ? 'sent-new' : error.codeSent === false ? 'sent-earlier' : 'sent',
          // A code just mailed starts the resend countdown too.
          retryAfter:
            error.codeSent === false ? error.retryAfter : error.codeSent ? CODE_RESEND_GAP_SECONDS : undefined,
        });
        return;
      }
      showError(describeError(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label={t('auth.fields.email')} error={formErrorText(errors.email?.message, t)}>
        <Input id="login-email" type="email" autoComplete="email" required {...register('email')} />
      </Field>
      <Field label={t('auth.fields.password')} error={formErrorText(errors.password?.message, t)}>
        <PasswordInput id="login-password" autoComplete="current-password" required {...register('password')} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-2">
          <Checkbox
            id="remember-email"
            label={t('auth.login.rememberEmail')}
            checked={rememberEmail}
            onChange={(e) => setRememberEmail(e.target.checked)}
          />
          <Checkbox
            id="save-password"
            label={t('auth.login.savePassword')}
            checked={savePassword}
            onChange={(e) => setSavePassword(e.target.checked)}
          />
        </div>
        <LinkButton onClick={() => switchMode('forgot-password')} className="text-sm">
          {t('auth.login.forgotPassword')}
        </LinkButton>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
        {login.isPending ? t('auth.login.signingIn') : t('auth.login.continue')}
      </Button>
      <GoogleSignInLink />
      <p className="text-center text-sm text-slate-600">
        {t('auth.login.noAccount')}{' '}
        <LinkButton onClick={() => switchMode('register')}>{t('auth.login.signUp')}</LinkButton>
      </p>
    </form>
  );
}
