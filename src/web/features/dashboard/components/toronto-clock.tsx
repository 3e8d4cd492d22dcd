import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n';
import { clockText } from '../dashboard-format';

/** The current time, re-rendered on each new minute (a timer set to the next minute's start). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        60_000 - (Date.now() % 60_000) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** Spec §2: the dashboard shows Toronto time (America/Toronto, to the minute). */
export function TorontoClock() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const now = useMinuteClock();
  // Minute precision in the machine-readable value too.
  const iso = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="toronto-time">
      <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>{t('dashboard.torontoTime')}</span>
      <time dateTime={iso} className="font-medium tabular-nums text-slate-900">
        {clockText(now, lang)}
      </time>
    </p>
  );
}
