import { useId, useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download-file';
import { describeError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { torontoMonth } from '../transactions';

/** The last `count` Toronto months, newest first, as YYYY-MM. */
export function recentMonths(now: Date, count = 12): string[] {
  const [y, m] = torontoMonth(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const total = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

function monthLabel(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** The monthly statement (decision 025): a month and its CSV or PDF, from the server. */
export function StatementCard() {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]!);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const get = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadFile(`/api/statements/${month}?format=${format}`, `statement-${month}.${format}`);
    } catch (error) {
      toast({
        title: { key: 'statements.error' },
        description: describeError(error),
        variant: 'destructive',
        tag: 'statements',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="rounded-xl border border-slate-200 bg-white px-6 py-5 shadow-sm"
      data-testid="statement-card"
    >
      <h2 id={`${selectId}-title`} className="text-base font-semibold text-slate-900">
        {t('statements.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('statements.hint')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            {t('statements.month')}
          </label>
          <select
            id={selectId}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            data-testid="statement-month"
          >
            {months.map((m, i) => (
              <option key={m} value={m}>
                {/* The newest month is the one in progress: its statement runs to today. */}
                {i === 0
                  ? t('statements.toDate', { month: monthLabel(m, i18n.language) })
                  : monthLabel(m, i18n.language)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void get('csv')}
          disabled={busy !== null}
          aria-busy={busy === 'csv' || undefined}
          data-testid="statement-csv"
        >
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {busy === 'csv' ? t('statements.preparing') : t('statements.csv')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void get('pdf')}
          disabled={busy !== null}
          aria-busy={busy === 'pdf' || undefined}
          data-testid="statement-pdf"
        >
          <FileText className="size-4" aria-hidden="true" />
          {busy === 'pdf' ? t('statements.preparing') : t('statements.pdf')}
        </Button>
      </div>
    </section>
  );
}
