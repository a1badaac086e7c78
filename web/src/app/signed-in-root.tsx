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
 * The page chunks worth starting as soon as the signed-in area's code runs, by address: opened
 * directly (a reload, a link, the installed app's start), the page's own chunk would otherwise
 * be asked for only after the persisted query cache is read back from IndexedDB and the layout
 * has rendered. The same modules as the routes' lazy() (routes.tsx), so the browser fetches
 * each once (decision 253). The writing page is the heaviest; the dashboard is the start page.
 */
const EARLY_CHUNKS: [RegExp, () => Promise<unknown>][] = [
  [
    /^\/content\/(create|\d+\/edit)\/?$/,
    () => import('../features/content/pages/content-writing-page'),
  ],
  [/^\/dashboard\/?$/, () => import('../features/dashboard/pages/dashboard-page')],
];

export function startPageChunk(pathname: string): void {
  // A failed fetch is the route's to report when it renders (its lazy() asks again).
  EARLY_CHUNKS.find(([address]) => address.test(pathname))?.[1]().catch(() => undefined);
}

startPageChunk(window.location.pathname);

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
