import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the namespaces the landing page needs are bundled up front (Vite tree-shakes named JSON
// imports); the full files load as separate chunks before any other screen renders.
import { common, errors, landing } from '../locales/en.json';
import { collapseDoubledPeriod } from '../../shared/sentence';

/**
 * Texts ending with a name ('… was created for {{name}}.') print 'Maple Goods Inc..' when the name
 * ends with a period: every translated text has its doubled period made single.
 */
const oneFinalPeriod = {
  type: 'postProcessor' as const,
  name: 'oneFinalPeriod',
  process: (value: string) => collapseDoubledPeriod(value),
};

export type Language = 'en' | 'zh';
export const LANGUAGES: readonly Language[] = ['en', 'zh'];
export const LANGUAGE_STORAGE_KEY = 'voyageur.lang';

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh';
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** The language chosen with a language select in this browser, or null when none was chosen here. */
export function chosenLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

const fullyLoaded = new Set<Language>();
let appMode = false;

async function loadFull(lang: Language): Promise<void> {
  if (fullyLoaded.has(lang)) return;
  const raw =
    lang === 'zh' ? (await import('../locales/zh.json?raw')).default : (await import('../locales/en.json?raw')).default;
  i18n.addResourceBundle(lang, 'translation', JSON.parse(raw), true, true);
  fullyLoaded.add(lang);
}

async function ensureResources(lang: Language): Promise<void> {
  // English for the landing page is already bundled; everything else needs the full file.
  if (lang !== 'en' || appMode) await loadFull(lang);
}

/**
 * Loads every translation of the current language (and English, the fallback). The lazy routes
 * other than the landing page await this before they render.
 */
export async function loadAllTranslations(): Promise<void> {
  appMode = true;
  await Promise.all([loadFull('en'), loadFull(currentLanguage())]);
}

function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export async function initI18n(): Promise<typeof i18n> {
  const lang = storedLanguage();
  await i18n
    .use(initReactI18next)
    .use(oneFinalPeriod)
    .init({
      postProcess: ['oneFinalPeriod'],
      resources: { en: { translation: { common, errors, landing } } },
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: LANGUAGES as Language[],
      interpolation: { escapeValue: false },
      returnNull: false,
      // Re-render when the full translation files arrive after the first paint.
      react: { bindI18nStore: 'added' },
    });
  if (lang !== 'en') await setLanguage(lang);
  else applyDocumentLanguage('en');
  return i18n;
}

/**
 * Switches the interface language, remembers it in localStorage (a choice made in this browser;
 * `remember: false` when the interface only follows the account's saved language) and updates
 * <html lang>.
 */
export async function setLanguage(lang: Language, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  await ensureResources(lang);
  await i18n.changeLanguage(lang);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      /* storage unavailable (private mode): the choice lasts for this page only */
    }
  }
  applyDocumentLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export { i18n };
