/** Dates and amounts as the dashboard shows them: Toronto calendar, CAD, in the interface language. */
import { formatCad, type Cents } from '../../../shared/money';
import { TIME_ZONE } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { dateAtNoon } from './chart-scale';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const tag = (lang: Language) => (lang === 'zh' ? 'zh-CN' : 'en-CA');

function dateFormat(lang: Language, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`${lang}:${name}`, () => new Intl.DateTimeFormat(tag(lang), { timeZone: TIME_ZONE, ...options }));
}

/** A business date ('YYYY-MM-DD') without the year: "Mar 5" / "3月5日". */
export function shortDay(date: string, lang: Language): string {
  return dateFormat(lang, 'shortDay', { month: 'short', day: 'numeric' }).format(dateAtNoon(date));
}

/** A business date with the year: "Mar 5, 2026" / "2026年3月5日". */
export function longDay(date: string, lang: Language): string {
  return dateFormat(lang, 'longDay', { year: 'numeric', month: 'short', day: 'numeric' }).format(dateAtNoon(date));
}

/** A month ('YYYY-MM' or a date in it): "Mar 2026" / "2026年3月". */
export function monthLabel(date: string, lang: Language): string {
  return dateFormat(lang, 'month', { year: 'numeric', month: 'short' }).format(dateAtNoon(date.slice(0, 7)));
}

/** The live clock: weekday, date and time to the minute in Toronto. */
export function clockText(now: Date, lang: Language): string {
  return dateFormat(lang, 'clock', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(now);
}

/** A whole amount in CAD as a figure. */
export function money(cents: Cents, lang: Language): string {
  return formatCad(cents, lang);
}

/** A count ("1,234" / "1,234"). */
export function count(n: number, lang: Language): string {
  return cached(`${lang}:count`, () => new Intl.NumberFormat(tag(lang))).format(n);
}

/**
 * An axis label in CAD: whole dollars when the step is whole dollars, compact from $10,000 up
 * ("$20K" / "CA$2万"), else with cents.
 */
export function axisMoney(cents: Cents, lang: Language, step: Cents, max: Cents): string {
  const compact = Math.abs(max) >= 1_000_000;
  const whole = step % 100 === 0;
  const name = compact ? 'axisCompact' : whole ? 'axisWhole' : 'axisCents';
  const f = cached(
    `${lang}:${name}`,
    () =>
      new Intl.NumberFormat(tag(lang), {
        style: 'currency',
        currency: 'CAD',
        ...(compact
          ? { notation: 'compact', maximumFractionDigits: 1 }
          : whole
            ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
            : {}),
      }),
  );
  return f.format(cents / 100);
}
