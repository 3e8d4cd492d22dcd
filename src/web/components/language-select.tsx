import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../lib/i18n';
import { clsx } from 'clsx';

/** English/中文 selector. `onChange` runs after the switch (the shell saves a signed-in user's choice). */
export function LanguageSelect({ className, onChange }: { className?: string; onChange?: (lang: Language) => void }) {
  const { t, i18n } = useTranslation();
  const value: Language = i18n.language === 'zh' ? 'zh' : 'en';

  async function change(lang: Language) {
    await setLanguage(lang);
    onChange?.(lang);
  }

  return (
    <div className={clsx('relative inline-flex items-center', className)}>
      <Globe className="pointer-events-none absolute left-2.5 size-4 text-slate-500" aria-hidden="true" />
      <select
        aria-label={t('common.language')}
        data-testid="language-select"
        value={value}
        onChange={(e) => void change(e.target.value as Language)}
        className="h-10 cursor-pointer appearance-none rounded-md border border-slate-300 bg-white pl-8 pr-3 text-sm text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <option value="en">English</option>
        <option value="zh" lang="zh-CN">
          中文
        </option>
      </select>
    </div>
  );
}
