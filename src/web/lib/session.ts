import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '../../shared/contracts/user';
import { api } from './api-client';
import type { Language } from './i18n';
import { fetchCurrentUser } from './session-probe';

export const userQueryKey = ['user'] as const;

/** GET /api/user; a 401 means nobody is signed in and yields null. */
export const userQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchCurrentUser,
});

export function useUser() {
  return useQuery(userQuery);
}

/** Saves a signed-in user's language on the server (fire and forget) so mails follow it. */
export function useSaveLocale(): (lang: Language) => void {
  const queryClient = useQueryClient();
  return (lang) => {
    const user = queryClient.getQueryData<TUser | null>(userQueryKey);
    if (!user || user.locale === lang) return;
    api
      .patch<TUser>('/api/user/locale', { locale: lang })
      .then((updated) => queryClient.setQueryData(userQueryKey, updated))
      .catch(() => {
        /* the interface language already changed; the server copy stays as it was */
      });
  };
}
