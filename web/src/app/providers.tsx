import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useMemo, type ReactNode } from 'react';
import { queryClient } from './query-client';
import {
  OFFLINE_MAX_AGE_MS,
  canKeepOffline,
  persisterFor,
  storedUserId,
} from './query-persistence';

/**
 * Server-state providers. Only the standalone (sign-in) and signed-in layouts mount this, so
 * TanStack Query stays out of the landing page's bundle.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * The signed-in area's providers: the query cache is kept on this device for the signed-in
 * user and restored before the guard runs, so the app opens offline (query-persistence.ts).
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const userId = storedUserId();
  const persister = useMemo(
    () => (userId && canKeepOffline() ? persisterFor(userId) : null),
    [userId],
  );
  if (!persister) return <AppProviders>{children}</AppProviders>;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister, maxAge: OFFLINE_MAX_AGE_MS }}
      // What was kept shows at once, and everything (the user first among it) is asked again
      // whenever there is a network: kept answers may be days old, and a reload must show what
      // others changed meanwhile, not a copy that looks fresh for its first 30 s.
      onSuccess={() => void queryClient.invalidateQueries()}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
