import { useTranslation } from 'react-i18next';
import { useAuthProviders } from '../api';

/** The "or" divider and "Sign in with Google" link, shown only when the server has Google configured. */
export function GoogleSignInLink() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return (
    <>
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
    </>
  );
}
