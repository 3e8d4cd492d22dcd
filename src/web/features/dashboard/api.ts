import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardPeriod, TDashboardStats } from '../../../shared/contracts/dashboard';
import type { TShipment } from '../../../shared/contracts/shipments';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';

/** Spec §9: the dashboard lists the 8 most recent shipments. */
export const RECENT_SHIPMENTS_LIMIT = 8;

/** GET /api/dashboard/stats?period=…; under the dashboard prefix, so placing an order refreshes it. */
export function dashboardStatsQueryOptions(period: TDashboardPeriod) {
  return queryOptions({
    queryKey: [...queryKeys.dashboard, 'stats', period] as const,
    queryFn: () => api.get<TDashboardStats>(`/api/dashboard/stats?period=${encodeURIComponent(period)}`),
  });
}

/** The figures of one period; the previous period's stay on screen (marked busy) while another loads. */
export function useDashboardStats(period: TDashboardPeriod) {
  return useQuery({ ...dashboardStatsQueryOptions(period), placeholderData: keepPreviousData });
}

/** Spec §8 Lists: the error the recent list fails with. */
export class RecentShipmentsError extends Error {
  constructor(cause: unknown) {
    super('Failed to fetch recent shipments', { cause });
    this.name = 'RecentShipmentsError';
  }
}

/** GET /api/shipments/recent?limit=8: newest first. */
export function recentShipmentsQueryOptions(limit = RECENT_SHIPMENTS_LIMIT) {
  return queryOptions({
    queryKey: [...queryKeys.recentShipments, limit] as const,
    queryFn: async () => {
      try {
        return await api.get<TShipment[]>(`/api/shipments/recent?limit=${limit}`);
      } catch (error) {
        throw new RecentShipmentsError(error);
      }
    },
  });
}

export function useRecentShipments() {
  return useQuery(recentShipmentsQueryOptions());
}
