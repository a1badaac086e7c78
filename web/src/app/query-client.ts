import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';
import { OFFLINE_MAX_AGE_MS } from './query-persistence';

/** One client for the whole app; created in a lazily-loaded chunk to keep the landing page light. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept in memory as long as the offline copy lasts, so what was visited is kept on this
      // device too (query-persistence.ts).
      gcTime: OFFLINE_MAX_AGE_MS,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        // Client errors (4xx) will not get better by asking again.
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          return false;
        }
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});

// TanStack Query starts out assuming a network; a page opened offline (from the service
// worker) must pause its queries instead, keeping what was kept on this device (decision 238).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
