/**
 * Pure helpers of the dashboard charts: spend buckets, a "nice" axis in cents and the stride of
 * axis labels. Amounts stay integer cents; only the drawing turns them into pixels.
 */
import type { TDashboardStats } from '../../../shared/contracts/dashboard';
import { parseCents, type Cents } from '../../../shared/money';

export type SpendBucket = {
  /** 'YYYY-MM-DD' (a day) or 'YYYY-MM' (a month). */
  key: string;
  kind: 'day' | 'month';
  /** First and last day covered ('YYYY-MM-DD'). */
  from: string;
  to: string;
  cents: Cents;
  orders: number;
};

/** Up to this many days are drawn one bar a day; a longer range (all-time) is drawn a bar a month. */
export const MAX_DAILY_BARS = 62;

const cents = (amount: string): Cents => parseCents(amount) ?? 0;

/** The period's spend as bars: one a day, or one a calendar month when the range is long. */
export function spendBuckets(days: TDashboardStats['spendByDay'], maxDaily = MAX_DAILY_BARS): SpendBucket[] {
  if (days.length <= maxDaily) {
    return days.map((d) => ({
      key: d.date,
      kind: 'day',
      from: d.date,
      to: d.date,
      cents: cents(d.amount),
      orders: d.orders,
    }));
  }
  const months: SpendBucket[] = [];
  for (const d of days) {
    const key = d.date.slice(0, 7);
    const last = months[months.length - 1];
    if (last && last.key === key) {
      last.to = d.date;
      last.cents += cents(d.amount);
      last.orders += d.orders;
    } else {
      months.push({ key, kind: 'month', from: d.date, to: d.date, cents: cents(d.amount), orders: d.orders });
    }
  }
  return months;
}

/** Whether anything happened in the buckets (no orders and no spend means the empty state). */
export function hasActivity(buckets: readonly SpendBucket[]): boolean {
  return buckets.some((b) => b.cents !== 0 || b.orders > 0);
}

export type AxisScale = { min: Cents; max: Cents; step: Cents; ticks: Cents[] };

/**
 * An axis from below the lowest to above the highest value (always including zero) in steps of 1, 2 or
 * 5 times a power of ten cents, about `target` steps in all. An all-zero range is $0 to $1.
 */
export function niceScale(values: readonly Cents[], target = 4): AxisScale {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo;
  if (span === 0) return { min: 0, max: 100, step: 100, ticks: [0, 100] };
  const rough = span / Math.max(1, target);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const factor = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  const step = Math.max(1, Math.round(factor * magnitude));
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: Cents[] = [];
  for (let v = min; v <= max; v += step) ticks.push(v);
  return { min, max, step, ticks };
}

/** Show every n-th axis label so that labels about `labelWidth` pixels wide do not overlap. */
export function labelStride(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 0 || plotWidth <= 0) return 1;
  const perBar = plotWidth / count;
  return Math.max(1, Math.ceil(labelWidth / perBar));
}

/** A business date 'YYYY-MM-DD' (or month 'YYYY-MM') at noon UTC: that same date in Toronto. */
export function dateAtNoon(date: string): Date {
  const full = /^\d{4}-\d{2}$/.test(date) ? `${date}-01` : date;
  return new Date(`${full}T12:00:00Z`);
}
