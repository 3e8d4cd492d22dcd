import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Menu, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSaveLocale, useUser } from '../../lib/session';
import { chosenLanguage, currentLanguage, setLanguage } from '../../lib/i18n';
import { localeSync } from '../../lib/locale-sync';
import { dismissToasts } from '../../lib/toast';
import { pageKeyFor } from '../page-meta';
import { Sidebar } from './sidebar';

/** Signed-in layout: sidebar (a drawer below lg), top bar with title, language and New Shipment. */
export function AppShell() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const location = useLocation();
  const routeKey = pageKeyFor(location.pathname);
  // The admin panel's title and subtitle are for admins: anyone else gets Access Denied under no header.
  const pageKey = routeKey === 'admin' && user?.role !== 'admin' ? null : routeKey;
  const saveLocale = useSaveLocale();
  // The account's saved language (mails) and the interface agree (lib/locale-sync): a choice made in
  // this browser is saved on the account; without one, the interface follows the account.
  const accountLocale = user?.locale;
  useEffect(() => {
    if (!accountLocale) return;
    const step = localeSync(chosenLanguage(), currentLanguage(), accountLocale);
    if (step.show) void setLanguage(step.show, { remember: false });
    if (step.save) saveLocale(step.save);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per account language, not per render's saveLocale
  }, [accountLocale]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  }, []);

  // Navigating closes the drawer.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // A toast must not cover the drawer (its sign-out sits where toasts appear on a phone): close the
    // open ones; the toaster shows new ones at the top while the drawer is open.
    dismissToasts();
    document.body.dataset.drawerOpen = '';
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeDrawer();
      if (e.key === 'Tab' && drawerRef.current) {
        // Keep focus inside the open drawer.
        const focusable = drawerRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      delete document.body.dataset.drawerOpen;
      document.removeEventListener('keydown', onKey);
    };
  }, [drawerOpen, closeDrawer]);

  if (!user) return null;
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:shadow"
      >
        {t('shell.skipToContent')}
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 lg:block" data-testid="sidebar">
        <Sidebar user={user} />
      </aside>
      {drawerOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div
            className="absolute inset-0 bg-slate-900/50"
            onClick={closeDrawer}
            aria-hidden="true"
            data-testid="drawer-backdrop"
          />
          <div
            ref={drawerRef}
            id="mobile-drawer"
            role="dialog"
            aria-modal="true"
            aria-label={t('shell.mainNavigation')}
            className="absolute inset-y-0 left-0 w-72 max-w-[85vw] shadow-xl"
            data-testid="drawer"
          >
            <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
            <button
              type="button"
              onClick={closeDrawer}
              aria-label={t('shell.closeMenu')}
              className="absolute -right-12 top-3 rounded-md bg-white/90 p-2.5 text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}
      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:gap-3 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('shell.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            className="-ml-1 rounded-md p-2.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
            data-testid="menu-button"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1">
            {pageKey ? (
              <>
                <h1
                  className="line-clamp-2 text-base font-semibold leading-tight text-slate-900 sm:truncate sm:text-lg"
                  data-testid="page-title"
                >
                  {t(`pages.${pageKey}.title`)}
                </h1>
                <p className="hidden truncate text-sm text-slate-500 sm:block">{t(`pages.${pageKey}.subtitle`)}</p>
              </>
            ) : null}
          </div>
          <LanguageSelect onChange={saveLocale} />
          <Link to="/create-shipment" className={buttonClass('primary', 'md', 'shrink-0')}>
            <Plus className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">{t('shell.newShipment')}</span>
            <span className="sr-only sm:hidden">{t('shell.newShipment')}</span>
          </Link>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8">
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
