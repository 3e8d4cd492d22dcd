import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Compass } from 'lucide-react';
import { buttonClass } from '../components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <Compass className="size-12 text-indigo-600" aria-hidden="true" />
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-600">{t('notFound.description')}</p>
      <Link to="/" className={buttonClass('primary', 'md')}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
