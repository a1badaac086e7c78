import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, currentState, renderPage, typeInto } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderPage(<LoginPage />, { path: '/login' });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (email) await typeInto(user, 'Email', email);
  if (password) await typeInto(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage validation', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn());
  });

  it('asks for an email and a password when both are empty', async () => {
    renderLogin();
    await fillAndSubmit('', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects an email that does not look like one and a short password', async () => {
    renderLogin();
    await fillAndSubmit('not-an-email', '12345');
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has links to forgot-password, register and home', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: /create one/i })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

describe('LoginPage answers', () => {
  it('stores the tokens (access with the Bearer prefix) and goes to /dashboard when verified', async () => {
    const api = fakeFetch({
      'POST /api/auth/login/': () =>
        json(200, {
          token: { access: 'acc', refresh: 'ref' },
          verified: true,
          mfa_status: false,
          message: 'Login successful',
        }),
    });
    vi.stubGlobal('fetch', api.fn);
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(localStorage.getItem('access_token')).toBe('Bearer acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(api.calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('goes to /dashboard when a token comes with mfa_status false even if not verified', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () =>
          json(200, { token: { access: 'a', refresh: 'r' }, verified: false, mfa_status: false }),
      }).fn,
    );
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('goes to /verify-otp with email and password when MFA is on', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () =>
          json(200, { verified: true, mfa_status: true, message: 'OTP sent to your email.' }),
      }).fn,
    );
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(currentPath()).toBe('/verify-otp'));
    expect(currentState()).toMatchObject({ email: 'ada@example.com', password: 'secret1' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('goes to /verify-otp for an unverified account and stores a bare access value as Bearer', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () =>
          json(200, { verified: false, mfa_status: false, access: 'tmp', message: 'OTP sent.' }),
      }).fn,
    );
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(currentPath()).toBe('/verify-otp'));
    expect(currentState()).toMatchObject({ email: 'ada@example.com', password: 'secret1' });
    expect(localStorage.getItem('access_token')).toBe('Bearer tmp');
  });

  it('shows the server detail in red on failure', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () =>
          json(401, {
            detail: 'Invalid email or password.',
            message: 'Invalid email or password.',
            code: 'invalid_credentials',
          }),
      }).fn,
    );
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    const alert = await screen.findByText('Invalid email or password.');
    expect(alert.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    expect(currentPath()).toBe('/login');
  });

  it('shows a server text containing "otp" in green', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () => json(400, { message: 'Please verify the OTP first.' }),
      }).fn,
    );
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    const note = await screen.findByText('Please verify the OTP first.');
    expect(note.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
  });

  it('falls back to "Login failed. Please try again." when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderLogin();
    await fillAndSubmit('ada@example.com', 'secret1');
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });
});

describe('LoginPage for a visitor who is already signed in', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn());
    localStorage.setItem('access_token', 'Bearer access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
  });

  it('offers the dashboard instead of the form, and the form after all on request', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    expect(document.title).toBe('Login · Creator Workspace');
    expect(screen.getByRole('heading', { name: "You're already signed in" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('LoginPage return-to', () => {
  function renderAt(search: string) {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': () =>
          json(200, { token: { access: 'acc', refresh: 'ref' }, verified: true }),
      }).fn,
    );
    renderPage(<LoginPage />, { path: '/login', search });
  }

  it('goes back to the same-origin page named by ?next= after logging in', async () => {
    renderAt(`?next=${encodeURIComponent('/content/5/edit')}`);
    await fillAndSubmit('ada@example.com', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/content/5/edit'));
  });

  it('ignores a next that leaves the site (no open redirect)', async () => {
    renderAt(`?next=${encodeURIComponent('//evil.example/x')}`);
    await fillAndSubmit('ada@example.com', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('signs in to the dashboard, never "Login failed", when ?next= is /.//evil.example/c', async () => {
    localStorage.clear();
    renderAt(`?next=${encodeURIComponent('/.//evil.example/c')}`);
    await fillAndSubmit('ada@example.com', 'secret123');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(screen.queryByText(/Login failed/)).not.toBeInTheDocument();
    expect(localStorage.getItem('refresh_token')).toBe('ref');
  });
});
