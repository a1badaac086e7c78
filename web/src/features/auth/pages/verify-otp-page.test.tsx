import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { advance, currentPath, fakeTimeouts, renderPage, typeInto } from '../../../test/render';
import { failsThenOffline, fakeFetch, json } from '../../../test/fake-fetch';
import { VerifyOtpPage } from './verify-otp-page';

const state = { email: 'ada@example.com', password: 'secret1' };
const user = () => userEvent.setup({ delay: null });

function renderVerify(routerState: unknown = state, previous: string[] = []) {
  return renderPage(<VerifyOtpPage />, { path: '/verify-otp', state: routerState, previous });
}

describe('VerifyOtpPage', () => {
  it('redirects to /login, replacing history, without email and password', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderVerify(null, ['/from']);
    expect(currentPath()).toBe('/login');
    // The /verify-otp entry was replaced: going back lands on the page before it.
    await user().click(screen.getByTestId('history-back'));
    expect(currentPath()).toBe('/from');
  });

  it('redirects to /login when only the email was passed', () => {
    renderVerify({ email: 'ada@example.com' });
    expect(currentPath()).toBe('/login');
  });

  it('puts the keyboard focus in the code field on arrival', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderVerify();
    expect(screen.getByLabelText(/one-time code/i)).toHaveFocus();
  });

  it('after verifying goes to the return-to page the login passed on, never off the site', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/verify-otp/': () => json(200, { token: { access: 'a1', refresh: 'r1' } }),
      }).fn,
    );
    fakeTimeouts();
    renderVerify({ ...state, next: '/content/5/edit' });
    const u = user();
    await typeInto(u, /one-time code/i, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByText('OTP verified successfully!');
    advance(1000);
    expect(currentPath()).toBe('/content/5/edit');
  });

  it('requires the OTP and limits the input to 6 characters', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderVerify();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    const input = screen.getByLabelText(/one-time code/i);
    expect(input).toHaveAttribute('maxLength', '6');
    await typeInto(u, /one-time code/i, '12345678');
    expect(input).toHaveValue('123456');
  });

  it('shows the message, saves the token and goes to /dashboard after 1 s', async () => {
    const api = fakeFetch({
      'POST /api/auth/verify-otp/': () =>
        json(200, {
          message: 'OTP verified successfully!',
          token: { access: 'a1', refresh: 'r1' },
        }),
    });
    vi.stubGlobal('fetch', api.fn);
    fakeTimeouts();
    renderVerify();
    const u = user();
    await typeInto(u, /one-time code/i, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const note = await screen.findByText('OTP verified successfully!');
    expect(note.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(localStorage.getItem('access_token')).toBe('Bearer a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com', otp: '123456' });
    advance(999);
    expect(currentPath()).toBe('/verify-otp');
    advance(1);
    expect(currentPath()).toBe('/dashboard');
  });

  it('uses the default success text when the server sends none', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/auth/verify-otp/': () => json(200, {}) }).fn);
    renderVerify();
    const u = user();
    await typeInto(u, /one-time code/i, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP verified successfully!')).toBeInTheDocument();
  });

  it('says "OTP verification failed." in red on failure', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/verify-otp/': () => json(400, { message: 'Invalid or expired OTP.' }),
      }).fn,
    );
    renderVerify();
    const u = user();
    await typeInto(u, /one-time code/i, '000000');
    await u.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const note = await screen.findByText('OTP verification failed.');
    expect(note.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    expect(currentPath()).toBe('/verify-otp');
  });

  it('resends by repeating the login call with the stored email and password', async () => {
    const api = fakeFetch({
      'POST /api/auth/login/': () =>
        json(200, { verified: false, mfa_status: false, message: 'OTP sent to your email.' }),
    });
    vi.stubGlobal('fetch', api.fn);
    renderVerify();
    await user().click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('OTP sent to your email.')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual(state);
  });

  it('shows the server message, or "Failed to resend OTP.", when resending fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/login/': failsThenOffline(429, {
          detail: 'Too many requests. Try again in 30 seconds.',
        }),
      }).fn,
    );
    renderVerify();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(
      await screen.findByText('Too many requests. Try again in 30 seconds.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Failed to resend OTP.')).toBeInTheDocument();
  });
});
