import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseCents } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { MARGIN_MONTHS, marginsQuery } from '../pricing-api';
import { marginShare, monthText } from '../pricing-format';
import { ListState, tdClass, thClass, useLang } from './pricing-ui';

type Row = { orders: number; revenue: string; carrierCost: string; margin: string };

function Figures({ row, lang }: { row: Row; lang: 'en' | 'zh' }) {
  const margin = parseCents(row.margin) ?? 0;
  const share = marginShare(row.revenue, row.margin, lang);
  const money = (v: string) => formatMoney(parseCents(v) ?? 0, lang);
  const num = 'whitespace-nowrap text-right tabular-nums';
  return (
    <>
      <td className={cn(tdClass, num)}>{row.orders.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-CA')}</td>
      <td className={cn(tdClass, num)}>{money(row.revenue)}</td>
      <td className={cn(tdClass, num)}>{money(row.carrierCost)}</td>
      <td className={cn(tdClass, num, 'font-medium', margin < 0 ? 'text-red-700' : 'text-emerald-800')}>
        {money(row.margin)}
        {share ? <span className="ml-1 text-xs font-normal text-slate-600">({share})</span> : null}
      </td>
    </>
  );
}

/** Revenue, carrier cost and margin on one wrapping line (phones). */
function MoneyLine({ row, lang }: { row: Row; lang: 'en' | 'zh' }) {
  const { t } = useTranslation();
  const money = (v: string) => formatMoney(parseCents(v) ?? 0, lang);
  const margin = parseCents(row.margin) ?? 0;
  const share = marginShare(row.revenue, row.margin, lang);
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-slate-700">
      <div className="flex gap-1">
        <dt className="font-normal text-slate-600">{t('admin.rateTemplates.margins.revenue')}</dt>
        <dd className="tabular-nums">{money(row.revenue)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="font-normal text-slate-600">{t('admin.rateTemplates.margins.carrierCost')}</dt>
        <dd className="tabular-nums">{money(row.carrierCost)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="font-normal text-slate-600">{t('admin.rateTemplates.margins.margin')}</dt>
        <dd className={cn('tabular-nums font-medium', margin < 0 ? 'text-red-700' : 'text-emerald-800')}>
          {money(row.margin)}
          {share ? <span className="ml-1 text-xs font-normal text-slate-600">({share})</span> : null}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The margin report (GET /api/admin/margins?months=12): per Toronto month, the orders, what the
 * customers paid before tax, what the carriers charged us and the margin; a total row.
 */
export function MarginReport() {
  const { t } = useTranslation();
  const lang = useLang();
  const report = useQuery(marginsQuery(MARGIN_MONTHS));

  return (
    <section
      aria-labelledby="admin-margins-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="margin-report"
    >
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="admin-margins-title" className="text-base font-semibold text-slate-900">
          {t('admin.rateTemplates.margins.title', { count: MARGIN_MONTHS })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.rateTemplates.margins.subtitle')}</p>
      </div>
      {report.isPending ? (
        <ListState state="loading" testId="margins" />
      ) : report.isError ? (
        <ListState
          state="error"
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
          testId="margins"
        />
      ) : (
        <>
          {/* Phones: one line per month, the margin in view. */}
          <ul className="divide-y divide-slate-100 md:hidden" data-testid="margin-cards">
            {[
              ...report.data.months.map((m) => ({ ...m, total: false })),
              { ...report.data.total, month: '', total: true },
            ].map((m) => (
              <li
                key={m.month || 'total'}
                className={cn('grid gap-1 px-4 py-3 text-sm', m.total && 'bg-slate-50 font-semibold')}
                data-testid={m.total ? 'margin-total-card' : 'margin-card'}
              >
                <div className="flex items-baseline justify-between gap-3">
                  <span className="text-slate-900">
                    {m.total ? t('admin.rateTemplates.margins.total') : monthText(m.month, lang)}
                  </span>
                  <span className="text-slate-600">
                    {t('admin.rateTemplates.margins.ordersCount', { count: m.orders })}
                  </span>
                </div>
                <MoneyLine row={m} lang={lang} />
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <table className="w-full text-sm" data-testid="margin-table">
              <caption className="sr-only">{t('admin.rateTemplates.margins.title', { count: MARGIN_MONTHS })}</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('admin.rateTemplates.margins.month')}
                  </th>
                  <th scope="col" className={cn(thClass, 'text-right')}>
                    {t('admin.rateTemplates.margins.orders')}
                  </th>
                  <th scope="col" className={cn(thClass, 'text-right')}>
                    {t('admin.rateTemplates.margins.revenue')}
                  </th>
                  <th scope="col" className={cn(thClass, 'text-right')}>
                    {t('admin.rateTemplates.margins.carrierCost')}
                  </th>
                  <th scope="col" className={cn(thClass, 'text-right')}>
                    {t('admin.rateTemplates.margins.margin')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.data.months.map((m) => (
                  <tr
                    key={m.month}
                    data-testid="margin-row"
                    data-month={m.month}
                    className={m.orders === 0 ? 'text-slate-500' : undefined}
                  >
                    <th scope="row" className={cn(tdClass, 'whitespace-nowrap text-left font-normal text-slate-800')}>
                      {monthText(m.month, lang)}
                    </th>
                    <Figures row={m} lang={lang} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
                <tr data-testid="margin-total">
                  <th scope="row" className={cn(tdClass, 'text-left')}>
                    {t('admin.rateTemplates.margins.total')}
                  </th>
                  <Figures row={report.data.total} lang={lang} />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
