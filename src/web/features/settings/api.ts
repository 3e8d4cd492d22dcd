import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '../../../shared/contracts/user';
import type {
  TChangePasswordRequest,
  TNotificationPreferences,
  TNotificationSettings,
  TOrganization,
  TUpdateOrganizationRequest,
  TUpdateProfileRequest,
} from '../../../shared/contracts/settings';
import type { TPhoneStatus } from '../../../shared/contracts/phone';
import { api } from '../../lib/api-client';
import { userQueryKey } from '../../lib/session';

export const organizationQuery = queryOptions({
  queryKey: ['organization'],
  queryFn: () => api.get<TOrganization>('/api/organization'),
});

export const notificationsQuery = queryOptions({
  queryKey: ['notification-preferences'],
  queryFn: () => api.get<TNotificationSettings>('/api/user/notifications'),
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => api.patch<TUser>('/api/user/profile', body),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TUser>('/api/user/email/confirm', { code }),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TUser>('/api/user/email/pending'),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => api.patch<{ ok: true }>('/api/user/password', body),
  });
}

export function useOrganization() {
  return useQuery(organizationQuery);
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateOrganizationRequest) => api.patch<TOrganization>('/api/organization', body),
    onSuccess: (org) => queryClient.setQueryData(organizationQuery.queryKey, org),
  });
}

export function useNotifications() {
  return useQuery(notificationsQuery);
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferences) => api.put<TNotificationSettings>('/api/user/notifications', body),
    onSuccess: (prefs) => queryClient.setQueryData(notificationsQuery.queryKey, prefs),
  });
}

/** The profile's phone for SMS (issue 27): the verified number and a code waiting. */
export const phoneQuery = queryOptions({
  queryKey: ['user-phone'],
  queryFn: () => api.get<TPhoneStatus>('/api/user/phone'),
});

export function usePhone() {
  return useQuery(phoneQuery);
}

export function useSendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api.post<TPhoneStatus>('/api/user/phone', { phone }),
    onSuccess: (status) => queryClient.setQueryData(phoneQuery.queryKey, status),
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TPhoneStatus>('/api/user/phone/verify', { code }),
    onSuccess: (status) => queryClient.setQueryData(phoneQuery.queryKey, status),
    // A code locked by wrong tries is no longer pending: read the status again.
    onError: () => void queryClient.invalidateQueries({ queryKey: phoneQuery.queryKey }),
  });
}

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TPhoneStatus>('/api/user/phone'),
    onSuccess: (status) => {
      queryClient.setQueryData(phoneQuery.queryKey, status);
      // Removing the phone turns the SMS switch off on the server.
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    },
  });
}
