import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { persistUnsavedWork } from '../lib/leave-guard';
import { loginPathReturningTo } from '../lib/return-to';
import { SignedInLayout } from './layouts/signed-in-layout';
import { AppProviders } from './providers';
import { RequireAuth } from './require-auth';

/**
 * When a silent refresh fails: unsaved work goes to local storage, cached server state is
 * dropped, and /login?next=… brings the person back to the same page after logging in.
 */
function SessionExpiryBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      persistUnsavedWork();
      queryClient.clear();
      const { pathname, search, hash } = window.location;
      void navigate(loginPathReturningTo(`${pathname}${search}${hash}`), { replace: true });
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
