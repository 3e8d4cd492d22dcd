import { formatCad, type Cents } from '../../shared/money';
import type { Language } from './i18n';

export const TIME_ZONE = 'America/Toronto';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Language, kind: 'date' | 'time' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${lang}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { timeZone: TIME_ZONE };
    if (kind !== 'time')
      Object.assign(options, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      });
    if (kind !== 'date') Object.assign(options, { hour: '2-digit', minute: '2-digit' });
    f = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', options);
    cache.set(key, f);
  }
  return f;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Calendar date in Toronto, e.g. "Mar 5, 2026" (en-CA) or "2026年3月5日" (zh-CN). */
export function formatDate(value: Date | string | number, lang: Language): string {
  return formatter(lang, 'date').format(toDate(value));
}

/** Wall-clock time in Toronto. */
export function formatTime(value: Date | string | number, lang: Language): string {
  return formatter(lang, 'time').format(toDate(value));
}

/** Date and time in Toronto. */
export function formatDateTime(value: Date | string | number, lang: Language): string {
  return formatter(lang, 'dateTime').format(toDate(value));
}

/** CAD amount from integer cents, formatted for the language. */
export function formatMoney(cents: Cents, lang: Language): string {
  return formatCad(cents, lang);
}
