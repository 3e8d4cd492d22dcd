import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * Wraps the auth screen and the signed-in app (both lazy chunks) so that TanStack Query is not
 * part of the landing page's first load. Every instance shares the one query client.
 */
export function QueryProviderLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
