/**
 * Dashboard stats (contracts/dashboard.ts): orders, spend, average cost and the balance over a
 * Toronto-calendar period, with spend per day and per carrier. The period is read from the app's
 * clock, so tests can stand on any day.
 */
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { carrierName } from '../../../shared/carriers';
import { centsToDecimal, roundHalfUpDiv } from '../../../shared/money';
import { businessDate } from '../../../shared/taxes';
import type { TDashboardPeriod, TDashboardStats } from '../../../shared/contracts/dashboard';
import { walletBalance } from '../wallet/read-repo';
import { spendByDayAndCarrier } from './repo';

/** All-time's spend-by-day chart shows this many days (today and the ones before). */
export const ALL_TIME_CHART_DAYS = 30;

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The period's first Toronto day (null for all-time) and today. */
export function periodRange(period: TDashboardPeriod, now: Date): { from: string | null; to: string } {
  const to = businessDate(now);
  if (period === 'weekly') return { from: addDays(to, -6), to };
  if (period === 'monthly') return { from: `${to.slice(0, 8)}01`, to };
  return { from: null, to };
}

function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function createDashboardService(deps: { db: Db; clock: Clock }) {
  return {
    async stats(userId: string, period: TDashboardPeriod): Promise<TDashboardStats> {
      const { from, to } = periodRange(period, deps.clock.now());
      const [rows, balance] = await Promise.all([
        spendByDayAndCarrier(deps.db, userId, { from, to }),
        walletBalance(deps.db, userId),
      ]);

      let orders = 0;
      let spend = 0;
      let charged = 0;
      let refunded = 0;
      const byDay = new Map<string, { orders: number; cents: number }>();
      const byCarrier = new Map<string, { orders: number; cents: number }>();
      for (const r of rows) {
        orders += r.orders;
        spend += r.spendCents;
        charged += r.chargedCents;
        refunded += r.refundedCents;
        const day = byDay.get(r.day) ?? { orders: 0, cents: 0 };
        day.orders += r.orders;
        day.cents += r.spendCents;
        byDay.set(r.day, day);
        const carrier = byCarrier.get(r.carrier) ?? { orders: 0, cents: 0 };
        carrier.orders += r.orders;
        carrier.cents += r.spendCents;
        byCarrier.set(r.carrier, carrier);
      }

      const chartFrom = from ?? addDays(to, -(ALL_TIME_CHART_DAYS - 1));
      return {
        period,
        from,
        to,
        orders,
        totalSpend: centsToDecimal(spend),
        totalCharged: centsToDecimal(charged),
        totalRefunded: centsToDecimal(refunded),
        averageCost: centsToDecimal(orders > 0 ? roundHalfUpDiv(spend, orders) : 0),
        walletBalance: centsToDecimal(balance ?? 0),
        spendByDay: daysFrom(chartFrom, to).map((date) => {
          const d = byDay.get(date);
          return { date, amount: centsToDecimal(d?.cents ?? 0), orders: d?.orders ?? 0 };
        }),
        spendByCarrier: [...byCarrier.entries()]
          .filter(([, c]) => c.orders > 0 || c.cents !== 0)
          .sort(([a, x], [b, y]) => y.cents - x.cents || y.orders - x.orders || a.localeCompare(b))
          .map(([carrier, c]) => ({
            carrier,
            carrierName: carrierName(carrier),
            orders: c.orders,
            amount: centsToDecimal(c.cents),
          })),
      };
    },
  };
}
