import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCarrierMode, TCarrierStatus } from '../../shared/contracts/carriers';
import { api } from './api-client';

/** GET /api/carriers/status: whether the enabled carriers are real (the sidebar badge). */
export const carrierStatusQuery = queryOptions({
  queryKey: ['carriers', 'status'] as const,
  queryFn: () => api.get<TCarrierStatus>('/api/carriers/status'),
});

export function useCarrierStatus() {
  return useQuery(carrierStatusQuery);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type CarrierStatusDisplay = {
  /** What the badge says: 'Sandbox', 'Live', 'Test', or e.g. 'Live · 2 test · 1 sandbox'. */
  text: string;
  /** The longer explanation (title and screen readers). */
  description: string;
  /** Only a set of carriers that are all live pulses and shows green. */
  live: boolean;
};

/**
 * The sidebar badge's text, always true: 'Sandbox' when every carrier is the built-in simulation,
 * 'Live' only when every carrier is live, the one mode when they share it, else the realest mode
 * present followed by how many carriers are in each other mode ('Live · 2 test').
 */
export function carrierStatusDisplay(status: TCarrierStatus, t: Translate): CarrierStatusDisplay {
  const { overall, counts } = status;
  if (overall !== 'mixed') {
    return {
      text: t(`carrierMode.status.${overall}`),
      description: t(`carrierMode.statusTitle.${overall}`),
      live: overall === 'live',
    };
  }
  const lead: TCarrierMode = counts.live > 0 ? 'live' : 'test';
  const rest = (['live', 'test', 'sandbox'] as const)
    .filter((m) => m !== lead && counts[m] > 0)
    .map((m) => t(`carrierMode.count.${m}`, { count: counts[m] }));
  return {
    text: [t(`carrierMode.status.${lead}`), ...rest].join(' · '),
    description: t('carrierMode.statusTitle.mixed', { live: counts.live, test: counts.test, sandbox: counts.sandbox }),
    live: false,
  };
}
