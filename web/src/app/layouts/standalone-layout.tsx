import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/spinner';
import { AppProviders } from '../providers';

/** Sign-in pages: no public top bar or footer; each page draws its own card (see AuthShell). */
export function StandaloneLayout() {
  return (
    <AppProviders>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AppProviders>
  );
}
