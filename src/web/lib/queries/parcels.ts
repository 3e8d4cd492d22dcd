import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOkResponse } from '../../../shared/contracts/auth';
import type {
  TLabelFormat,
  TLabelPreferences,
  TSavedParcel,
  TSavedParcelRequest,
} from '../../../shared/contracts/parcels';
import { api } from '../api-client';

/** Saved parcels and the default label format (issue 29, decision 038), shared by settings, the shipment form and bulk import. */
export const savedParcelsQuery = queryOptions({
  queryKey: ['saved-parcels'] as const,
  queryFn: () => api.get<TSavedParcel[]>('/api/parcels'),
});

export const labelPreferencesQuery = queryOptions({
  queryKey: ['label-preferences'] as const,
  queryFn: () => api.get<TLabelPreferences>('/api/user/label-preferences'),
  staleTime: 60_000,
});

export function useSavedParcels() {
  return useQuery(savedParcelsQuery);
}

function useInvalidateParcels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedParcelsQuery.queryKey });
}

export function useCreateParcel() {
  const invalidate = useInvalidateParcels();
  return useMutation({
    mutationFn: (body: TSavedParcelRequest) => api.post<TSavedParcel>('/api/parcels', body),
    onSettled: invalidate,
  });
}

export function useUpdateParcel() {
  const invalidate = useInvalidateParcels();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TSavedParcelRequest }) =>
      api.put<TSavedParcel>(`/api/parcels/${encodeURIComponent(id)}`, body),
    onSettled: invalidate,
  });
}

export function useDeleteParcel() {
  const invalidate = useInvalidateParcels();
  return useMutation({
    mutationFn: (id: string) => api.delete<TOkResponse>(`/api/parcels/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}

export function useLabelPreferences() {
  return useQuery(labelPreferencesQuery);
}

/** The user's default label format; PDF until it is known. */
export function useLabelFormat(): TLabelFormat {
  return useLabelPreferences().data?.labelFormat ?? 'pdf';
}

export function useUpdateLabelPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLabelPreferences) => api.put<TLabelPreferences>('/api/user/label-preferences', body),
    onSuccess: (prefs) => queryClient.setQueryData(labelPreferencesQuery.queryKey, prefs),
  });
}
