import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddress, TAddressList, TAddressRequestInput } from '../../../shared/contracts/addresses';
import type { TOkResponse } from '../../../shared/contracts/auth';
import { api } from '../api-client';

export const addressesQueryKey = ['addresses'] as const;

/** GET /api/addresses: the signed-in user's saved addresses. */
export function addressesQueryOptions() {
  return queryOptions({
    queryKey: addressesQueryKey,
    queryFn: () => api.get<TAddressList>('/api/addresses'),
  });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}

export function createAddress(body: TAddressRequestInput): Promise<TAddress> {
  return api.post<TAddress>('/api/addresses', body);
}

export async function updateAddress(id: string | null | undefined, body: TAddressRequestInput): Promise<TAddress> {
  if (!id) throw new Error('Address ID required for update');
  return api.put<TAddress>(`/api/addresses/${encodeURIComponent(id)}`, body);
}

export function deleteAddress(id: string): Promise<TOkResponse> {
  return api.delete<TOkResponse>(`/api/addresses/${encodeURIComponent(id)}`);
}

/** Runs after every address mutation, success or failure: a default change touches other rows too. */
function useInvalidateAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressesQueryKey });
}

export function useCreateAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: createAddress, onSettled: invalidate });
}

export function useUpdateAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null | undefined; body: TAddressRequestInput }) =>
      updateAddress(id, body),
    onSettled: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: deleteAddress, onSettled: invalidate });
}
