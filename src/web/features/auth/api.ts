import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUser } from '../../../shared/contracts/user';
import { api } from '../../lib/api-client';
import { userQueryKey } from '../../lib/session';
import { toast } from '../../lib/toast';
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
};

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
  const { t } = useTranslation();
  return useMutation({
    mutationFn: authApi.logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      toast({ title: t('auth.toast.loggedOut'), variant: 'success' });
      void navigate('/auth', { replace: true });
    },
    onError: (error) => {
      toast({
        title: t('auth.toast.logoutFailed'),
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
