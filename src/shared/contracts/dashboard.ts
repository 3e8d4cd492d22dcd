/**
 * GET /api/dashboard/stats?period=weekly|monthly|all-time (default monthly) → ZDashboardStats.
 * Periods in the Toronto calendar: weekly = the last seven days (today and six before), monthly =
 * this calendar month, all-time. Spend counts completed shipping charges less their refunds, and
 * belongs to the shipments ordered in the period (by the shipment's Toronto day, not the entry's):
 * a label voided next month lowers the spend of the month it was ordered in, so averageCost stays
 * the net cost of the period's orders. Failed and voided (cancelled) shipments are not counted as orders; their refunds net their spend to 0.
 */
import { z } from 'zod';

export const DASHBOARD_PERIODS = ['weekly', 'monthly', 'all-time'] as const;
export const ZDashboardPeriod = z.enum(DASHBOARD_PERIODS);
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

export const ZDashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: 'period must be weekly, monthly or all-time' }).optional(),
});

export const ZDashboardStats = z.object({
  period: ZDashboardPeriod,
  /** First day of the period (YYYY-MM-DD, Toronto), null for all-time. */
  from: z.string().nullable(),
  /** Today (YYYY-MM-DD, Toronto). */
  to: z.string(),
  /** Shipments ordered in the period (failed and voided ones excluded). */
  orders: z.number().int(),
  /** Charges less refunds (CAD "12.34"). */
  totalSpend: z.string(),
  /** The two parts of totalSpend: the completed charges of the period's orders, and the refunds of them. */
  totalCharged: z.string(),
  totalRefunded: z.string(),
  /** totalSpend / orders, "0.00" with none. */
  averageCost: z.string(),
  walletBalance: z.string(),
  /** Net spend per Toronto day of the period, oldest first, every day present (all-time: the last 30 days). */
  spendByDay: z.array(z.object({ date: z.string(), amount: z.string(), orders: z.number().int() })),
  /** Net spend per carrier in the period, largest first. */
  spendByCarrier: z.array(
    z.object({ carrier: z.string(), carrierName: z.string(), orders: z.number().int(), amount: z.string() }),
  ),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;
