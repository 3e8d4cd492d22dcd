/**
 * Settings → Billing's calls: GET /api/billing and PUT /api/billing/address. The same query key as
 * the wallet's (lib/queries/keys.ts), so a card change there refreshes this tab too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBilling, TBillingAddressInput } from '../../../shared/contracts/payments';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';

const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: () => api.get<TBilling>('/api/billing'),
});

export function useBilling() {
  return useQuery(billingQuery);
}

export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: TBillingAddressInput) => api.put<TBilling>('/api/billing/address', address),
    onSuccess: (billing) => queryClient.setQueryData(queryKeys.billing, billing),
  });
}
