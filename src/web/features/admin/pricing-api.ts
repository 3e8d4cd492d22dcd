/**
 * The admin's pricing calls (contracts/admin.ts): customers with saved cards and the charge,
 * discounts, price rules and the margin report. Every key starts with 'admin', so a change here
 * refreshes the other admin views too (stats, users, the audit trail).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminOrganization,
  TAdminUser,
  TCarrierServices,
  TChargeResult,
  TCustomerWithPayments,
  TDiscount,
  TMarginReport,
  TPriceRule,
} from '../../../shared/contracts/admin';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';
import type { DiscountBody, PriceRuleBody } from './pricing-format';

export const adminKey = ['admin'] as const;

export const pricingKeys = {
  customers: [...adminKey, 'customers-with-payments'] as const,
  discounts: [...adminKey, 'discounts'] as const,
  users: [...adminKey, 'users'] as const,
  organizations: [...adminKey, 'organizations'] as const,
  priceRules: [...adminKey, 'price-rules'] as const,
  carrierServices: [...adminKey, 'carrier-services'] as const,
  margins: (months: number) => [...adminKey, 'margins', months] as const,
};

/** GET /api/admin/customers-with-payments: customers with at least one saved card. */
export const customersWithPaymentsQuery = queryOptions({
  queryKey: pricingKeys.customers,
  queryFn: () => api.get<TCustomerWithPayments[]>('/api/admin/customers-with-payments'),
});

/** GET /api/admin/discounts, newest first. */
export const discountsQuery = queryOptions({
  queryKey: pricingKeys.discounts,
  queryFn: () => api.get<TDiscount[]>('/api/admin/discounts'),
});

/** GET /api/admin/users: the discount's customer picker. */
export const adminUsersQuery = queryOptions({
  queryKey: pricingKeys.users,
  queryFn: () => api.get<TAdminUser[]>('/api/admin/users'),
});

/** GET /api/admin/organizations: the price rule's organization select. */
export const adminOrganizationsQuery = queryOptions({
  queryKey: pricingKeys.organizations,
  queryFn: () => api.get<TAdminOrganization[]>('/api/admin/organizations'),
});

/** GET /api/admin/price-rules (carrier, then service, then organization). */
export const priceRulesQuery = queryOptions({
  queryKey: pricingKeys.priceRules,
  queryFn: () => api.get<TPriceRule[]>('/api/admin/price-rules'),
});

/** GET /api/admin/carrier-services: each carrier's services, offered in the price rule's service field. */
export const carrierServicesQuery = queryOptions({
  queryKey: pricingKeys.carrierServices,
  queryFn: () => api.get<TCarrierServices[]>('/api/admin/carrier-services'),
});

export const MARGIN_MONTHS = 12;

/** GET /api/admin/margins?months=N: revenue, carrier cost and margin per Toronto month. */
export const marginsQuery = (months = MARGIN_MONTHS) =>
  queryOptions({
    queryKey: pricingKeys.margins(months),
    queryFn: () => api.get<TMarginReport>(`/api/admin/margins?months=${months}`),
  });

type Message = { message: string };
type ChargeBody = { userId: string; paymentMethodId: string; amount: string; description: string };

/** A random Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** POST /api/admin/charge-customer with the attempt's Idempotency-Key (the same key replays the first answer). */
export const chargeCustomer = ({ body, idempotencyKey }: { body: ChargeBody; idempotencyKey: string }) =>
  api.post<TChargeResult>('/api/admin/charge-customer', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const createDiscount = (body: DiscountBody & { userId: string; organizationId: string | null }) =>
  api.post<Message & { discount: TDiscount }>('/api/admin/discounts', body);

export const updateDiscount = ({ id, body }: { id: string; body: DiscountBody }) =>
  api.put<Message & { discount: TDiscount }>(`/api/admin/discounts/${encodeURIComponent(id)}`, body);

export const deleteDiscount = (id: string) => api.delete<Message>(`/api/admin/discounts/${encodeURIComponent(id)}`);

export const createPriceRule = (body: PriceRuleBody) =>
  api.post<Message & { rule: TPriceRule }>('/api/admin/price-rules', body);

export const updatePriceRule = ({ id, body }: { id: string; body: PriceRuleBody }) =>
  api.put<Message & { rule: TPriceRule }>(`/api/admin/price-rules/${encodeURIComponent(id)}`, body);

export const deletePriceRule = (id: string) => api.delete<Message>(`/api/admin/price-rules/${encodeURIComponent(id)}`);

/**
 * A mutation that refreshes every admin view when it settles (success or not: a declined charge
 * writes an audit entry too). A charge also moves the customer's wallet.
 */
function useAdminMutation<A, R>(mutationFn: (arg: A) => Promise<R>, alsoWallet = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey }),
        alsoWallet ? queryClient.invalidateQueries({ queryKey: queryKeys.wallet }) : null,
        alsoWallet ? queryClient.invalidateQueries({ queryKey: queryKeys.transactions }) : null,
      ]);
    },
  });
}

export const useChargeCustomer = () => useAdminMutation(chargeCustomer, true);
export const useCreateDiscount = () => useAdminMutation(createDiscount);
export const useUpdateDiscount = () => useAdminMutation(updateDiscount);
export const useDeleteDiscount = () => useAdminMutation(deleteDiscount);
export const useCreatePriceRule = () => useAdminMutation(createPriceRule);
export const useUpdatePriceRule = () => useAdminMutation(updatePriceRule);
export const useDeletePriceRule = () => useAdminMutation(deletePriceRule);
