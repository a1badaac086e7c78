import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../components/spinner';
import { currentUserQueryKey, currentUserQueryOptions } from '../lib/api/current-user';
import { ApiRequestError } from '../lib/api-error';
import { CurrentUserContext } from '../lib/current-user';
import { clearTokens, hasAccessToken } from '../lib/token-storage';

/**
 * The signed-in guard (docs/product.md, "Screens and routes"): shows Loading... while the stored
 * token is verified and the user loaded; on any failure clears the tokens and replaces history with
 * /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasToken = hasAccessToken();
  const session = useQuery({ ...currentUserQueryOptions(), enabled: hasToken });
  // Without a network (status 0) a user loaded before (the kept cache) stays in: the app works
  // offline. Any answer of the server that refuses the token signs out.
  const offline =
    session.error instanceof ApiRequestError && session.error.status === 0 && !!session.data;
  const failed = !hasToken || (session.isError && !offline);

  useEffect(() => {
    if (!failed) return;
    clearTokens();
    queryClient.removeQueries({ queryKey: currentUserQueryKey });
    void navigate('/login', { replace: true });
  }, [failed, navigate, queryClient]);

  if (session.data && !failed) {
    return (
      <CurrentUserContext.Provider value={session.data}>{children}</CurrentUserContext.Provider>
    );
  }
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner label="Loading..." size="lg" className="flex-col" />
    </div>
  );
}
