import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { persistUnsavedWork } from '../lib/leave-guard';
import { loginPathReturningTo } from '../lib/return-to';
import { SignedInLayout } from './layouts/signed-in-layout';
import { SignedInProviders } from './providers';
import { forgetOfflineCopies } from './query-persistence';
import { RequireAuth } from './require-auth';

/**
 * When a silent refresh fails: unsaved work goes to local storage, cached server state is
 * dropped, and /login?next=… brings the person back to the same page after logging in.
 */
export function SessionExpiryBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}${location.hash}`;
  }, [location]);
  useEffect(() => {
    setSessionExpiredHandler(() => {
      persistUnsavedWork();
      queryClient.clear();
      void forgetOfflineCopies();
      void navigate(loginPathReturningTo(here.current), { replace: true });
    });
    return () => setSessionExpiredHandler(() => window.location.replace('/login'));
  }, [navigate, queryClient]);
  return null;
}

/** Everything behind sign-in: Query provider, guard, then the signed-in layout. */
export function SignedInRoot() {
  return (
    <SignedInProviders>
      <SessionExpiryBridge />
      <RequireAuth>
        <SignedInLayout />
      </RequireAuth>
    </SignedInProviders>
  );
}
