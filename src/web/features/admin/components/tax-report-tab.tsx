import { useId, useState } from 'react';
import { Download, Landmark, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TTaxReport } from '../../../../shared/contracts/documents';
import { parseCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download-file';
import { describeError } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useOperator, useTaxReport } from '../tax-report-api';
import { EmptyState, ListSkeleton, LoadError, TableFrame, Th, useLang } from './admin-ui';

const torontoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** This Toronto month so far: its first day and today. */
export function defaultPeriod(now: Date): { from: string; to: string } {
  const today = torontoDay.format(now);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The report's lines as the table shows them: label key (with values), collected, refunded, net. */
export function reportLines(
  r: TTaxReport,
): { key: string; values?: Record<string, string | number>; line: TTaxReport['gst']; bold?: boolean }[] {
  return [
    { key: 'taxReport.taxableSupplies', line: r.taxableSupplies },
    { key: 'taxReport.gst', line: r.gst },
    ...r.hst.map((h) => ({ key: 'taxReport.hst', values: { province: h.province }, line: h })),
    { key: 'taxReport.qst', line: r.qst },
    { key: 'taxReport.total', line: r.total, bold: true },
    { key: 'taxReport.zeroRated', values: { count: r.zeroRated.count }, line: r.zeroRated },
  ];
}

/** Issue 27: the operator on receipts, and GST / HST by province / QST collected, refunded and net for a period. */
export function TaxReportTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [period, setPeriod] = useState(() => defaultPeriod(new Date()));
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  const q = useTaxReport(period.from, period.to, valid);
  const operator = useOperator();
  const [downloading, setDownloading] = useState(false);
  const money = (s: string) => formatMoney(parseCents(s) ?? 0, lang);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        `/api/admin/tax-report?from=${period.from}&to=${period.to}`,
        `tax-report-${period.from}-to-${period.to}.csv`,
      );
    } catch (error) {
      toast({
        title: { key: 'taxReport.error' },
        description: describeError(error),
        variant: 'destructive',
        tag: 'tax-report',
      });
    } finally {
      setDownloading(false);
    }
  };

  let body: React.ReactNode;
  if (!valid)
    body = (
      <p className="text-sm text-red-700" role="alert">
        {t('taxReport.badPeriod')}
      </p>
    );
  else if (q.isPending) body = <ListSkeleton label={t('taxReport.loading')} rows={5} />;
  else if (q.isError)
    body = (
      <LoadError
        title={t('taxReport.error')}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
        testId="tax-report-error"
      />
    );
  else if (q.data.receipts === 0 && q.data.creditNotes === 0)
    body = (
      <EmptyState
        icon={<Receipt className="size-8" aria-hidden="true" />}
        title={t('taxReport.empty')}
        testId="tax-report-empty"
      />
    );
  else
    body = (
      <div className="grid gap-2">
        <p className="text-sm text-slate-600" data-testid="tax-report-counts">
          {t('taxReport.counts', { receipts: q.data.receipts, creditNotes: q.data.creditNotes })}
        </p>
        {/* A phone stacks each line's three amounts under its name, so no column is cut off. */}
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm sm:hidden"
          aria-label={t('taxReport.title')}
          data-testid="tax-report-list"
        >
          {reportLines(q.data).map((row, i) => (
            <li key={i} className={`grid gap-1 px-4 py-3 text-sm ${row.bold ? 'font-semibold' : ''}`}>
              <p className="text-slate-800">{t(row.key, row.values)}</p>
              <dl className="grid grid-cols-3 gap-2">
                {(['collected', 'refunded', 'net'] as const).map((col) => (
                  <div key={col} className="min-w-0">
                    <dt className="text-xs font-normal text-slate-600">{t(`taxReport.${col}`)}</dt>
                    <dd className="tabular-nums">{money(row.line[col])}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block">
          <TableFrame label={t('taxReport.title')} testId="tax-report-table">
            <thead className="bg-slate-50">
              <tr>
                <Th>{t('taxReport.line')}</Th>
                <Th className="text-right">{t('taxReport.collected')}</Th>
                <Th className="text-right">{t('taxReport.refunded')}</Th>
                <Th className="text-right">{t('taxReport.net')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {reportLines(q.data).map((row, i) => (
                <tr key={i} className={row.bold ? 'font-semibold' : undefined}>
                  <th scope="row" className="px-4 py-2 text-left font-normal whitespace-nowrap text-slate-800">
                    {t(row.key, row.values)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{money(row.line.collected)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{money(row.line.refunded)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{money(row.line.net)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </div>
      </div>
    );

  const op = operator.data;
  return (
    <div className="grid gap-6" data-testid="tax-report-tab">
      <section
        className="rounded-xl border border-slate-200 bg-white px-6 py-5 shadow-sm"
        aria-labelledby={`${id}-op`}
        data-testid="operator-identity"
      >
        <h2 id={`${id}-op`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Landmark className="size-4" aria-hidden="true" />
          {t('taxReport.operatorTitle')}
        </h2>
        {operator.isPending ? (
          <ListSkeleton label={t('taxReport.loading')} rows={2} />
        ) : operator.isError || !op ? (
          <LoadError
            title={t('taxReport.error')}
            onRetry={() => void operator.refetch()}
            retrying={operator.isFetching}
            testId="operator-error"
          />
        ) : (
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="text-slate-600">{t('taxReport.name')}</dt>
            <dd className="text-slate-900">{op.name ?? t('taxReport.notConfigured')}</dd>
            <dt className="text-slate-600">{t('taxReport.address')}</dt>
            <dd className="text-slate-900">
              {op.address.length > 0 ? op.address.join(', ') : t('taxReport.notConfigured')}
            </dd>
            <dt className="text-slate-600">{t('taxReport.gstHst')}</dt>
            <dd className="text-slate-900 tabular-nums">{op.gstHstNumber ?? t('taxReport.notConfigured')}</dd>
            <dt className="text-slate-600">{t('taxReport.qstNumber')}</dt>
            <dd className="text-slate-900 tabular-nums">{op.qstNumber ?? t('taxReport.notConfigured')}</dd>
            <dd className={op.taxInvoice ? 'text-emerald-800 sm:col-span-2' : 'text-amber-800 sm:col-span-2'}>
              {op.taxInvoice ? t('taxReport.taxInvoiceYes') : t('taxReport.taxInvoiceNo')}
            </dd>
          </dl>
        )}
      </section>

      <section className="grid gap-4" aria-labelledby={`${id}-report`}>
        <div>
          <h2 id={`${id}-report`} className="text-base font-semibold text-slate-900">
            {t('taxReport.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('taxReport.hint')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((k) => (
            <div key={k} className="grid gap-1">
              <label htmlFor={`${id}-${k}`} className="text-sm font-medium text-slate-700">
                {t(`taxReport.${k}`)}
              </label>
              <input
                id={`${id}-${k}`}
                type="date"
                value={period[k]}
                onChange={(e) => setPeriod((p) => ({ ...p, [k]: e.target.value }))}
                className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
                data-testid={`tax-report-${k}`}
              />
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void download()}
            disabled={!valid || downloading}
            aria-busy={downloading || undefined}
            data-testid="tax-report-csv"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('taxReport.csv')}
          </Button>
        </div>
        {body}
      </section>
    </div>
  );
}
