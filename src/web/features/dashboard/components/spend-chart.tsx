import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDashboardStats } from '../../../../shared/contracts/dashboard';
import { Card } from '../../../components/ui/card';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { hasActivity, labelStride, niceScale, spendBuckets, type SpendBucket } from '../chart-scale';
import { axisMoney, longDay, money, monthLabel, shortDay } from '../dashboard-format';
import { PanelEmpty, PanelHeader } from './panel-states';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28 };

/** The width of an element, followed as it resizes. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || fallback);
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(Math.round(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** Spend over the period, one bar a day (a month for long ranges): a hand-drawn, accessible SVG chart. */
export function SpendChart({ stats, busy }: { stats: TDashboardStats; busy: boolean }) {
  const { t } = useTranslation();
  const buckets = spendBuckets(stats.spendByDay);
  const monthly = buckets[0]?.kind === 'month';
  return (
    <Card aria-labelledby="spend-chart-title" className="flex flex-1 flex-col" data-testid="spend-chart">
      <PanelHeader
        id="spend-chart-title"
        title={t('dashboard.chart.title')}
        description={t(monthly ? 'dashboard.chart.perMonth' : 'dashboard.chart.perDay')}
      />
      <div
        className={cn('flex flex-1 flex-col p-4 transition-opacity sm:px-6', busy && 'opacity-60')}
        aria-busy={busy || undefined}
      >
        {hasActivity(buckets) ? (
          <BarChart buckets={buckets} />
        ) : (
          <PanelEmpty
            testId="spend-chart-empty"
            icon={<BarChart3 className="size-8" aria-hidden="true" />}
            title={t('dashboard.chart.emptyTitle')}
            description={t('dashboard.chart.emptyDescription')}
          />
        )}
      </div>
    </Card>
  );
}

function BarChart({ buckets }: { buckets: SpendBucket[] }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const tableId = useId();

  const scale = niceScale(buckets.map((b) => b.cents));
  const tickText = (v: number) => axisMoney(v, lang, scale.step, Math.max(Math.abs(scale.min), Math.abs(scale.max)));
  const left = Math.max(...scale.ticks.map((v) => tickText(v).length)) * 7 + 12;
  const plotW = Math.max(10, width - left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const band = plotW / buckets.length;
  const barW = Math.max(2, Math.min(band * 0.7, 36));
  const monthly = buckets[0]?.kind === 'month';
  const axisLabel = (b: SpendBucket) => (monthly ? monthLabel(b.key, lang) : shortDay(b.key, lang));
  const fullLabel = (b: SpendBucket) => (monthly ? monthLabel(b.key, lang) : longDay(b.key, lang));
  const stride = labelStride(buckets.length, plotW, lang === 'zh' ? (monthly ? 72 : 52) : monthly ? 64 : 48);
  const describe = (b: SpendBucket) =>
    t('dashboard.chart.bar', { date: fullLabel(b), amount: money(b.cents, lang), count: b.orders });

  const totalCents = buckets.reduce((s, b) => s + b.cents, 0);
  const totalOrders = buckets.reduce((s, b) => s + b.orders, 0);
  const peak = buckets.reduce((best, b) => (b.cents > best.cents ? b : best), buckets[0]!);
  const summary = t('dashboard.chart.summary', {
    from: fullLabel(buckets[0]!),
    to: fullLabel(buckets[buckets.length - 1]!),
    total: money(totalCents, lang),
    count: totalOrders,
    peak: money(peak.cents, lang),
    peakDate: fullLabel(peak),
  });

  const indexAt = (clientX: number, target: SVGSVGElement) => {
    const x = clientX - target.getBoundingClientRect().left - left;
    const i = Math.floor(x / band);
    return i >= 0 && i < buckets.length ? i : null;
  };
  const onPointer = (e: PointerEvent<SVGSVGElement>) => setActive(indexAt(e.clientX, e.currentTarget));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = buckets.length - 1;
    const current = active ?? -1;
    const next =
      e.key === 'ArrowRight'
        ? Math.min(last, current + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, current < 0 ? last : current - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };

  const shown = active !== null ? buckets[active] : undefined;
  const tooltipX = active !== null ? left + active * band + band / 2 : 0;
  // Above the bar when there is room, else at the top of the plot.
  const tooltipY = shown ? Math.max(0, y(Math.max(0, shown.cents)) - 52) : 0;
  const zeroY = y(0);

  return (
    <div className="flex flex-col gap-2">
      {/* The SVG sits out of the flow, so its drawn width never holds the panel wider than the screen. */}
      <div
        ref={ref}
        role="group"
        tabIndex={0}
        aria-label={t('dashboard.chart.title')}
        aria-describedby={`${tableId}-hint`}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setActive(null);
        }}
        style={{ height: HEIGHT }}
        className="relative w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        data-testid="spend-chart-plot"
      >
        {/* Clipped: until the resize observer has the new width (a frame after the window narrows), the
            SVG keeps its old one, which would otherwise widen the page for that moment. */}
        <div className="absolute inset-0 overflow-hidden">
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={summary}
            className="absolute inset-0 block touch-pan-y select-none"
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => {
              if (!focused) setActive(null);
            }}
          >
            {scale.ticks.map((v) => (
              <g key={v}>
                <line
                  x1={left}
                  x2={left + plotW}
                  y1={y(v)}
                  y2={y(v)}
                  className={v === 0 ? 'stroke-slate-300' : 'stroke-slate-100'}
                  strokeWidth={1}
                />
                <text
                  x={left - 8}
                  y={y(v)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="fill-slate-500 text-[11px] tabular-nums"
                >
                  {tickText(v)}
                </text>
              </g>
            ))}
            {buckets.map((b, i) => {
              const top = y(Math.max(0, b.cents));
              const h = Math.abs(y(b.cents) - zeroY);
              const x = left + i * band + (band - barW) / 2;
              return (
                <g key={b.key} data-testid="spend-bar" data-date={b.key} data-cents={b.cents}>
                  {/* The whole column answers the pointer, so a thin or empty day is easy to hover. */}
                  <rect x={left + i * band} y={MARGIN.top} width={band} height={plotH} className="fill-transparent" />
                  <rect
                    x={x}
                    y={b.cents >= 0 ? top : zeroY}
                    width={barW}
                    height={Math.max(b.cents === 0 ? 0 : 1.5, h)}
                    rx={Math.min(3, barW / 3)}
                    className={cn(
                      b.cents < 0 ? 'fill-rose-400' : 'fill-indigo-500',
                      active === i && (b.cents < 0 ? 'fill-rose-600' : 'fill-indigo-700'),
                    )}
                  >
                    <title>{describe(b)}</title>
                  </rect>
                  {i % stride === 0 ? (
                    <text
                      x={left + i * band + band / 2}
                      y={HEIGHT - 8}
                      textAnchor="middle"
                      className="fill-slate-500 text-[11px]"
                    >
                      {axisLabel(b)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </div>
        {shown ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute z-10 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg"
            style={{ left: Math.min(Math.max(tooltipX, 70), width - 70), top: tooltipY }}
            data-testid="spend-tooltip"
          >
            <p className="font-medium">{fullLabel(shown)}</p>
            <p className="tabular-nums">
              {money(shown.cents, lang)} · {t('dashboard.chart.orders', { count: shown.orders })}
            </p>
          </div>
        ) : null}
      </div>
      <p id={`${tableId}-hint`} className="sr-only">
        {t('dashboard.chart.keyboardHint')}
      </p>
      <p className="sr-only" aria-live="polite">
        {focused && shown ? describe(shown) : ''}
      </p>
      {/* The wrapper, not the table, is visually hidden: a table box ignores the 1px size and overflow
          clipping of sr-only, so its rows would still stretch the page's scroll height. */}
      <div className="sr-only">
        <table data-testid="spend-table">
          <caption>{t('dashboard.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t(monthly ? 'dashboard.chart.month' : 'dashboard.chart.date')}</th>
              <th scope="col">{t('dashboard.chart.ordersColumn')}</th>
              <th scope="col">{t('dashboard.chart.spendColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.key}>
                <th scope="row">{fullLabel(b)}</th>
                <td>{b.orders}</td>
                <td>{money(b.cents, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="flex h-[240px] animate-pulse items-end gap-2 px-2" data-testid="chart-skeleton">
      <p role="status" className="sr-only">
        {label}
      </p>
      {[40, 65, 30, 80, 55, 70, 45, 60, 35, 75].map((h, i) => (
        <div key={i} aria-hidden="true" className="flex-1 rounded-t bg-slate-100" style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}
