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

const schema = z.object({
  email: z.string().trim().min(1, 'auth.validation.emailRequired').email('auth.validation.emailInvalid'),
  password: z.string().min(1, 'auth.validation.passwordRequired'),
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
          retryAfter: error.codeSent === false ? error.retryAfter : undefined,
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
      <div className="relative my-1 text-center text-xs uppercase tracking-wide text-slate-500">
        <span className="relative z-10 bg-white px-2">{t('auth.or')}</span>
        <span className="absolute inset-x-0 top-1/2 border-t border-slate-200" aria-hidden="true" />
      </div>
      <a
        href="/api/auth/google"
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z"
          />
          <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.6V6.7h-4a12 12 0 0 0 0 10.8l4-3.1z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.7l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
          />
        </svg>
        {t('auth.login.google')}
      </a>
      <p className="text-center text-sm text-slate-600">
        {t('auth.login.noAccount')}{' '}
        <LinkButton onClick={() => switchMode('register')}>{t('auth.login.signUp')}</LinkButton>
      </p>
    </form>
  );
}
