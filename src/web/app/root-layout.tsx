import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary';
import { FullPageSpinner } from '../components/ui/spinner';
import { useToasts } from '../lib/toast';
import type { TFunction } from 'i18next';
import { pageKeyFor } from './page-meta';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Title of the tab: the signed-in screen, the auth screen or the not-found page; the landing page has none. */
function documentTitle(pathname: string, t: TFunction): string | null {
  const key = pageKeyFor(pathname);
  if (key) return t(`pages.${key}.title`);
  if (pathname === '/') return null;
  if (pathname.replace(/\/+$/, '') === '/auth') return t('auth.documentTitle');
  return t('notFound.title');
}

/** Root of every route: document title, scroll reset, lazy-chunk fallback and the lazily loaded toaster. */
export function RootLayout() {
  const { i18n } = useTranslation();
  const { pathname, hash } = useLocation();
  // Read when the effect runs and again whenever translations arrive or the language changes: the
  // full translations can land between this component's render and its subscription (a cached
  // chunk), and the tab then kept the key ('notFound.title') as its title.
  useEffect(() => {
    const apply = () => {
      const title = documentTitle(pathname.toLowerCase(), i18n.t.bind(i18n) as TFunction);
      document.title = title ? `${title} · Voyageur` : 'Voyageur';
    };
    apply();
    i18n.store.on('added', apply);
    i18n.on('languageChanged', apply);
    return () => {
      i18n.store.off('added', apply);
      i18n.off('languageChanged', apply);
    };
  }, [pathname, i18n]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  // The Radix toaster stays out of the landing bundle until a toast is first raised.
  const toasts = useToasts();
  const [toasterWanted, setToasterWanted] = useState(false);
  if (toasts.length > 0 && !toasterWanted) setToasterWanted(true);

  return (
    <>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}
