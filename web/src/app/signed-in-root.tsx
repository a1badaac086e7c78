import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { SignedInLayout } from './layouts/signed-in-layout';
import { AppProviders } from './providers';
import { RequireAuth } from './require-auth';

/** When a silent refresh fails, drop all cached server state and go to /login. */
function SessionExpiryBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      void navigate('/login', { replace: true });
    });
    return () => setSessionExpiredHandler(() => window.location.replace('/login'));
  }, [navigate, queryClient]);
  return null;
}

/** Everything behind sign-in: Query provider, guard, then the signed-in layout. */
export function SignedInRoot() {
  return (
    <AppProviders>
      <SessionExpiryBridge />
      <RequireAuth>
        <SignedInLayout />
      </RequireAuth>
    </AppProviders>
  );
}
