import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyMode, TCreatedApiKey } from '../../../shared/contracts/api-keys';
import { api } from '../../lib/api-client';

export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys'],
  queryFn: () => api.get<TApiKey[]>('/api/api-keys'),
});

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; mode: TApiKeyMode }) => api.post<TCreatedApiKey>('/api/api-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, graceHours }: { id: string; graceHours: number }) =>
      api.post<TCreatedApiKey>(`/api/api-keys/${id}/regenerate`, { graceHours }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}
