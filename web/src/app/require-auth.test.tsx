import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../lib/api/current-user';
import { useCurrentUser } from '../lib/current-user';
import { makeUser, storeSession } from '../test/factories';
import { currentPath, renderPage } from '../test/render';
import { fakeFetch, json } from '../test/fake-fetch';
import { RequireAuth } from './require-auth';

function Greeting() {
  const user = useCurrentUser();
  return (
    <p>
      Hello {user.first_name} #{user.id}
    </p>
  );
}

function renderGuard() {
  return renderPage(
    <RequireAuth>
      <Greeting />
    </RequireAuth>,
    { path: '/dashboard' },
  );
}

describe('RequireAuth', () => {
  it('shows Loading... while it verifies the token', () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderGuard();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('verifies the token without the Bearer prefix, loads the user and renders the page', async () => {
    storeSession('abc');
    const api = fakeFetch({
      'POST /api/auth/verify-token/': () => json(200, {}),
      'GET /api/auth/user-details/': () => json(200, makeUser()),
    });
    vi.stubGlobal('fetch', api.fn);
    renderGuard();
    expect(await screen.findByText('Hello Ada #7')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ token: 'abc' });
    expect(api.calls[1]!.headers.get('Authorization')).toBe('Bearer abc');
    expect(currentPath()).toBe('/dashboard');
  });

  it('keeps a user loaded before when the check cannot reach the server (offline)', async () => {
    storeSession('abc');
    const online = fakeFetch({
      'POST /api/auth/verify-token/': () => json(200, {}),
      'GET /api/auth/user-details/': () => json(200, makeUser()),
    });
    vi.stubGlobal('fetch', online.fn);
    const { queryClient } = renderGuard();
    expect(await screen.findByText('Hello Ada #7')).toBeInTheDocument();

    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    await waitFor(() => expect(offline).toHaveBeenCalled());
    expect(screen.getByText('Hello Ada #7')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem('access_token')).toBe('Bearer abc');
  });

  it('clears the tokens and replaces history with /login when verification fails', async () => {
    storeSession('bad');
    localStorage.removeItem('refresh_token');
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/verify-token/': () =>
          json(401, { message: 'Token is invalid.', code: 'token_not_valid' }),
      }).fn,
    );
    renderGuard();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('sends the user to /login when loading user details fails', async () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/verify-token/': () => json(200, {}),
        'GET /api/auth/user-details/': () => json(500, { message: 'Internal server error' }),
      }).fn,
    );
    renderGuard();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('sends the user to /login at once when no token is stored', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderGuard();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes an expired access token once before giving up', async () => {
    storeSession('old', 'r-old');
    const api = fakeFetch({
      'POST /api/auth/verify-token/': () => json(401, { code: 'token_not_valid' }),
      'POST /api/auth/refresh-token/': () => json(200, { access: 'new', refresh: 'r-new' }),
      'GET /api/auth/user-details/': () => json(200, makeUser()),
    });
    vi.stubGlobal('fetch', api.fn);
    renderGuard();
    expect(await screen.findByText('Hello Ada #7')).toBeInTheDocument();
    expect(api.calls[1]!.body).toEqual({ refresh: 'r-old' });
    expect(api.calls[2]!.headers.get('Authorization')).toBe('Bearer new');
    expect(localStorage.getItem('refresh_token')).toBe('r-new');
  });

  it('uses the token another tab stored meanwhile instead of refreshing again', async () => {
    storeSession('old', 'r-old');
    const api = fakeFetch({
      'POST /api/auth/verify-token/': () => {
        // The other tab's refresh lands while this tab's verification is on its way.
        storeSession('new', 'r-new');
        return json(401, { code: 'token_not_valid' });
      },
      'GET /api/auth/user-details/': () => json(200, makeUser()),
    });
    vi.stubGlobal('fetch', api.fn);
    renderGuard();
    expect(await screen.findByText('Hello Ada #7')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/auth/verify-token/',
      '/api/auth/user-details/',
    ]);
    expect(api.calls[1]!.headers.get('Authorization')).toBe('Bearer new');
  });
});
