/**
 * Saved cards, the payments configuration and billing (spec §7 Wallet; contracts/payments.ts).
 * Shared by the wallet screen, the top-up dialog, Manage cards and Settings → Billing.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TBilling,
  TBillingAddressInput,
  TPaymentMethodList,
  TPaymentsConfig,
} from '../../../shared/contracts/payments';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';

/** GET /api/payment-methods → { paymentMethods } (default first). */
export const paymentMethodsQuery = queryOptions({
  queryKey: queryKeys.paymentMethods,
  queryFn: () => api.get<TPaymentMethodList>('/api/payment-methods'),
});

/** GET /api/payments/config: which browser-side card script to use (sandbox, stripe, none). */
export const paymentsConfigQuery = queryOptions({
  queryKey: queryKeys.paymentsConfig,
  queryFn: () => api.get<TPaymentsConfig>('/api/payments/config'),
  staleTime: Infinity,
});

/** GET /api/billing: the default card and the organization's billing address. */
export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: () => api.get<TBilling>('/api/billing'),
});

export const setDefaultCard = (id: string) =>
  api.patch<TPaymentMethodList>(`/api/payment-methods/${encodeURIComponent(id)}/set-default`);

export const deleteCard = (id: string) =>
  api.delete<TPaymentMethodList>(`/api/payment-methods/${encodeURIComponent(id)}`);

export const saveBillingAddress = (address: TBillingAddressInput) => api.put<TBilling>('/api/billing/address', address);
