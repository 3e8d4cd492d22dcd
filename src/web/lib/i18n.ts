import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

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

// Chinese is loaded on demand so that the landing page ships only one language.
async function ensureResources(lang: Language): Promise<void> {
  if (lang === 'zh' && !i18n.hasResourceBundle('zh', 'translation')) {
    const zh = (await import('../locales/zh.json')).default;
    i18n.addResourceBundle('zh', 'translation', zh, true, true);
  }
}

function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export async function initI18n(): Promise<typeof i18n> {
  const lang = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES as Language[],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lang !== 'en') await setLanguage(lang);
  else applyDocumentLanguage('en');
  return i18n;
}

/** Switches the interface language, remembers it in localStorage and updates <html lang>. */
export async function setLanguage(lang: Language): Promise<void> {
  await ensureResources(lang);
  await i18n.changeLanguage(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* storage unavailable (private mode): the choice lasts for this page only */
  }
  applyDocumentLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export { i18n };
