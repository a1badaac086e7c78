import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';

/** One client for the whole app; created in a lazily-loaded chunk to keep the landing page light. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
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
