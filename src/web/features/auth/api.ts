import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TAuthProvidersResponse } from '../../../shared/contracts/auth';
import type { TUser } from '../../../shared/contracts/user';
import { api } from '../../lib/api-client';
import { userQueryKey } from '../../lib/session';
import { describeError } from '../../lib/error-message';
import { dismissToasts, toast } from '../../lib/toast';
import type { Language } from '../../lib/i18n';

export type TRegisterBody = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName?: string;
  locale?: Language;
};

export const authApi = {
  login: (body: { email: string; password: string }) => api.post<TUser>('/api/login', body),
  register: (body: TRegisterBody) => api.post<{ ok: true; email: string }>('/api/register', body),
  sendOtp: (email: string) => api.post<{ ok: true }>('/api/auth/send-otp', { email }),
  verifyOtp: (body: { email: string; code: string }) => api.post<{ user: TUser | null }>('/api/auth/verify-otp', body),
  forgotPassword: (email: string) => api.post<{ message: string }>('/api/forgot-password', { email }),
  resetPassword: (body: { token: string; password: string }) =>
    api.post<{ ok: true; message: string }>('/api/reset-password', body),
  logout: () => api.post<{ ok: true }>('/api/logout'),
  providers: () => api.get<TAuthProvidersResponse>('/api/auth/providers'),
};

/** GET /api/auth/providers: whether this server offers Google sign-in. */
export const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: authApi.providers,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}

/** Signs out, clears every cached query, toasts and goes to /auth. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authApi.logout,
    // A retry closes the failure toast of the last try.
    onMutate: () => dismissToasts('auth.logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      toast({ title: { key: 'auth.toast.loggedOut' }, variant: 'success', tag: 'auth.logout' });
      void navigate('/auth', { replace: true });
    },
    onError: (error) => {
      toast({
        title: { key: 'auth.toast.logoutFailed' },
        description: describeError(error),
        variant: 'destructive',
        tag: 'auth.logout',
      });
    },
  });
}
