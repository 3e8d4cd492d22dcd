import { Link } from 'react-router';
import {
  ArrowRight,
  Clock,
  CreditCard,
  Landmark,
  MapPin,
  ShieldCheck,
  Truck,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { buttonClass } from '../../../components/ui/button';

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'multiCarrier', icon: Zap },
  { key: 'tracking', icon: MapPin },
  { key: 'compliance', icon: Landmark },
  { key: 'secure', icon: ShieldCheck },
  { key: 'timezone', icon: Clock },
  { key: 'billing', icon: CreditCard },
];

const CARRIERS = ['Canada Post', 'Purolator', 'UPS', 'FedEx', 'DHL'];

// Kept free of Radix, zod and the signed-in app so the first load stays small.
export function LandingPage() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link
            to="/"
            aria-label="Voyageur"
            className="flex items-center gap-2 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <span className="flex size-8 items-center justify-center rounded-md bg-indigo-600 text-white">
              <Truck className="size-5" aria-hidden="true" />
            </span>
            <span className="hidden sm:inline">Voyageur</span>
          </Link>
          <nav aria-label={t('landing.nav.label')} className="ml-auto flex items-center gap-1 sm:gap-3">
            <LanguageSelect />
            <Link to="/auth" className={buttonClass('ghost', 'sm')}>
              {t('landing.nav.signIn')}
            </Link>
            <Link to="/auth?mode=register" className={buttonClass('primary', 'sm')}>
              {t('landing.nav.getStarted')}
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
          <div className="mx-auto max-w-6xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-700">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-red-500" />
              {t('landing.hero.badge')}
            </p>
            <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t('landing.hero.subtitle')}</p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to="/auth?mode=register" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
                {t('landing.hero.start')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <a href="#features" className={buttonClass('secondary', 'lg', 'w-full sm:w-auto')}>
                {t('landing.hero.learnMore')}
              </a>
            </div>
            <div className="mt-14">
              <p className="text-xs font-medium uppercase tracking-wider text-slate-500">
                {t('landing.hero.carriers')}
              </p>
              <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-8 gap-y-2 text-base font-semibold text-slate-500">
                {CARRIERS.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-white py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
                {t('landing.features.title')}
              </h2>
              <p className="mt-4 text-slate-600">{t('landing.features.subtitle')}</p>
            </div>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ key, icon: Icon }) => (
                <li
                  key={key}
                  className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-base font-semibold text-slate-900">{t(`landing.features.${key}.title`)}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{t(`landing.features.${key}.description`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-6xl rounded-2xl bg-slate-900 px-6 py-14 text-center sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
              {t('landing.cta.title')}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-slate-300">{t('landing.cta.subtitle')}</p>
            <Link to="/auth?mode=register" className={buttonClass('inverse', 'lg', 'mt-8')}>
              {t('landing.cta.button')}
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Truck className="size-4 text-indigo-600" aria-hidden="true" />
            Voyageur
          </p>
          <p>{t('landing.footer.madeIn')}</p>
          <p>{t('landing.footer.copyright', { year })}</p>
        </div>
      </footer>
    </div>
  );
}
