import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** 'Coming soon' for a screen that is not built yet, saying what it will hold. */
export function ComingSoon({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
      data-testid="coming-soon"
    >
      <Sparkles className="size-8 text-indigo-500" aria-hidden="true" />
      <h2 className="text-base font-semibold text-slate-900">{t('common.comingSoonTitle')}</h2>
      <p className="max-w-md text-sm text-slate-600">{description ?? t('common.comingSoonDescription')}</p>
    </section>
  );
}
