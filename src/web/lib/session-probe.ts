import { useEffect, useState } from 'react';
import type { TUser } from '../../shared/contracts/user';
import { api, isApiError } from './api-client';

/** GET /api/user without TanStack Query; a 401 yields null. */
export async function fetchCurrentUser(): Promise<TUser | null> {
  try {
    return await api.get<TUser>('/api/user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The landing page's view of the session. It avoids the query client so that the first
 * load stays small; the signed-in app reads the user through TanStack Query (lib/session.ts).
 */
export function useSessionProbe(): { pending: boolean; user: TUser | null } {
  const [state, setState] = useState<{ pending: boolean; user: TUser | null }>({
    pending: true,
    user: null,
  });
  useEffect(() => {
    let alive = true;
    fetchCurrentUser()
      .catch(() => null)
      .then((user) => {
        if (alive) setState({ pending: false, user });
      });
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
