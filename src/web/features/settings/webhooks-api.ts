import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateWebhookRequest,
  TCreatedWebhook,
  TUpdateWebhookRequest,
  TWebhook,
  TWebhookDelivery,
} from '../../../shared/contracts/webhooks';
import { api } from '../../lib/api-client';

/** Settings → API keys → Webhooks (issue 28, decision 034), through the session's /api/webhooks. */
export const webhooksQuery = queryOptions({
  queryKey: ['webhooks'],
  queryFn: () => api.get<TWebhook[]>('/api/webhooks'),
});

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: () => api.get<TWebhookDelivery[]>(`/api/webhooks/${id}/deliveries`),
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookRequest) => api.post<TCreatedWebhook>('/api/webhooks', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useUpdateWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateWebhookRequest) => api.patch<TWebhook>(`/api/webhooks/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useDeleteWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ ok: true }>(`/api/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

export function useRotateWebhookSecret(id: string) {
  return useMutation({
    mutationFn: () => api.post<TCreatedWebhook>(`/api/webhooks/${id}/secret`),
  });
}

export function useSendTestWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TWebhookDelivery>(`/api/webhooks/${id}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(id).queryKey }),
  });
}

export function useResendWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<TWebhookDelivery>(`/api/webhooks/${id}/deliveries/${deliveryId}/resend`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(id).queryKey }),
  });
}
