import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { Banner } from '../../../components/ui/banner';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { renderText } from '../../../lib/error-message';
import { useUser } from '../../../lib/session';
import { clearAuthFlow, loadAuthFlow, saveAuthFlow } from '../auth-flow';
import type { AuthFormProps, AuthMode, BannerText, VerifyState } from '../components/auth-types';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { ResetPasswordForm } from '../components/reset-password-form';
import { VerifyEmailForm } from '../components/verify-email-form';

const GOOGLE_ERRORS: Record<string, string> = {
  google_not_configured: 'auth.google.notConfigured',
  google_failed: 'auth.google.failed',
  google_cancelled: 'auth.google.cancelled',
  google_email_unverified: 'auth.google.emailUnverified',
};

/**
 * Modes a link may open with `?mode=`: the landing page's sign-up buttons (register) and the
 * someone-tried-to-sign-up mail's reset link (forgot-password).
 */
const LINKED_MODES: readonly AuthMode[] = ['login', 'register', 'forgot-password'];
const linkedMode = (value: string | null): AuthMode | null => LINKED_MODES.find((m) => m === value) ?? null;

const TITLES: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: 'auth.login.title', subtitle: 'auth.login.subtitle' },
  register: {
    title: 'auth.register.title',
    subtitle: 'auth.register.subtitle',
  },
  'forgot-password': {
    title: 'auth.forgot.title',
    subtitle: 'auth.forgot.subtitle',
  },
  'reset-password': {
    title: 'auth.reset.title',
    subtitle: 'auth.reset.subtitle',
  },
  'verify-email': {
    title: 'auth.verify.title',
    subtitle: 'auth.verify.subtitle',
  },
};

export function AuthPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const googleError = params.get('error');
  const asked = linkedMode(params.get('mode'));
  // A reload while a code is awaited returns to the code entry (sessionStorage, this tab only), unless
  // a link asked for a mode.
  const [restored] = useState(() => (token || googleError || asked ? null : loadAuthFlow()));
  const [mode, setMode] = useState<AuthMode>(token ? 'reset-password' : restored ? 'verify-email' : (asked ?? 'login'));
  const [verify, setVerify] = useState<VerifyState>(
    restored
      ? { email: restored.email, notice: 'sent-earlier', resendAt: restored.resendAt }
      : { email: '', notice: 'sent', resendAt: 0 },
  );
  const [error, setError] = useState<BannerText | null>(
    googleError ? { key: GOOGLE_ERRORS[googleError] ?? 'auth.google.failed' } : null,
  );
  const [success, setSuccess] = useState<BannerText | null>(null);

  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;

  const formProps: AuthFormProps = {
    switchMode: (next, opts) => {
      setError(null);
      setSuccess(null);
      if (next === 'verify-email') {
        const email = opts?.email ?? '';
        const resendAt = opts?.retryAfter ? Date.now() + opts.retryAfter * 1000 : 0;
        setVerify({ email, notice: opts?.notice ?? 'sent', resendAt });
        if (email) saveAuthFlow({ mode: 'verify-email', email, resendAt });
      } else {
        clearAuthFlow();
      }
      if (token || googleError || asked) void navigate('/auth', { replace: true });
      setMode(next);
    },
    showError: (message) => {
      setSuccess(null);
      setError(message);
    },
    showSuccess: (message) => {
      setError(null);
      setSuccess(message);
    },
    clearBanners: () => {
      setError(null);
      setSuccess(null);
    },
  };

  const heading = TITLES[mode];
  const features = ['auth.aside.point1', 'auth.aside.point2', 'auth.aside.point3'];

  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="relative hidden w-[42%] flex-col justify-between overflow-hidden bg-slate-900 p-10 text-white lg:flex">
        <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-indigo-600/30 blur-3xl" />
        <Link
          to="/"
          className="relative flex items-center gap-2 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-400"
        >
          <span className="flex size-8 items-center justify-center rounded-md bg-indigo-500">
            <Truck className="size-5" aria-hidden="true" />
          </span>
          Voyageur
        </Link>
        <div className="relative">
          <p className="text-3xl font-semibold leading-tight">{t('auth.aside.title')}</p>
          <ul className="mt-8 grid gap-4 text-slate-300">
            {features.map((key) => (
              <li key={key} className="flex items-start gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-400" aria-hidden="true" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-slate-400">{t('landing.footer.madeIn')}</p>
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <Link
            to="/"
            className="flex items-center gap-2 font-semibold text-slate-900 lg:invisible focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <span className="flex size-8 items-center justify-center rounded-md bg-indigo-600 text-white">
              <Truck className="size-5" aria-hidden="true" />
            </span>
            Voyageur
          </Link>
          <LanguageSelect />
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:px-8">
          <div
            className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            data-testid="auth-card"
            data-mode={mode}
          >
            <h1 id="auth-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
              {t(heading.title)}
            </h1>
            <p className="mt-1 text-sm text-slate-600">{t(heading.subtitle)}</p>
            <div className="mt-6 grid gap-4">
              {error ? (
                <Banner variant="error" onDismiss={() => setError(null)}>
                  {renderText(error, t)}
                </Banner>
              ) : null}
              {success ? (
                <Banner variant="success" onDismiss={() => setSuccess(null)}>
                  {renderText(success, t)}
                </Banner>
              ) : null}
              {mode === 'login' ? <LoginForm {...formProps} /> : null}
              {mode === 'register' ? <RegisterForm {...formProps} /> : null}
              {mode === 'forgot-password' ? <ForgotPasswordForm {...formProps} /> : null}
              {mode === 'reset-password' ? (
                <ResetPasswordForm
                  {...formProps}
                  token={token ?? ''}
                  onDone={() => {
                    void navigate('/auth', { replace: true });
                    setMode('login');
                    setError(null);
                    setSuccess({ key: 'auth.reset.success' });
                  }}
                />
              ) : null}
              {mode === 'verify-email' ? (
                <VerifyEmailForm key={`${verify.email}:${verify.resendAt}`} {...formProps} {...verify} />
              ) : null}
            </div>
          </div>
        </main>
      </div>
    </div>
  );
}
