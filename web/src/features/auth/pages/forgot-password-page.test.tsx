import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { advance, currentPath, fakeTimeouts, renderPage, typeInto } from '../../../test/render';
import { failsThenOffline, fakeFetch, json } from '../../../test/fake-fetch';
import { ForgotPasswordPage } from './forgot-password-page';

const user = () => userEvent.setup({ delay: null });

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
}

async function reachStageTwo(u: ReturnType<typeof user>) {
  await typeInto(u, 'Email', 'ada@example.com');
  await u.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByRole('heading', { name: 'Set a new password' });
}

/** Through stage one, then the code and a new password typed twice, and Reset Password. */
async function resetWith(u: ReturnType<typeof user>, otp: string, password: string) {
  await reachStageTwo(u);
  await typeInto(u, /one-time code/i, otp);
  await typeInto(u, 'New password', password);
  await typeInto(u, 'Confirm new password', password);
  await u.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ForgotPasswordPage stage one', () => {
  it('asks for a valid email address', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForgot();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await typeInto(u, 'Email', 'nope');
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server message or the default when sending fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/send-otp-reset-password/': failsThenOffline(429, {
          message: 'Please wait before asking for another code.',
        }),
      }).fn,
    );
    renderForgot();
    const u = user();
    await typeInto(u, 'Email', 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(
      await screen.findByText('Please wait before asking for another code.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('ForgotPasswordPage stage two', () => {
  it('moves to stage two and disables resend for a 30 s countdown, which resend restarts', async () => {
    const api = fakeFetch({
      'POST /api/auth/send-otp-reset-password/': () =>
        json(200, { message: 'OTP sent to your email.' }),
    });
    vi.stubGlobal('fetch', api.fn);
    fakeTimeouts();
    renderForgot();
    const u = user();
    await reachStageTwo(u);
    expect(api.calls[0]!.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByText('OTP sent to your email.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP in 30s' })).toBeDisabled();
    advance(1000);
    expect(screen.getByRole('button', { name: 'Resend OTP in 29s' })).toBeDisabled();
    for (let i = 0; i < 28; i += 1) advance(1000);
    expect(screen.getByRole('button', { name: 'Resend OTP in 1s' })).toBeDisabled();
    advance(1000);
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(resend).toBeEnabled();
    await u.click(resend);
    expect(await screen.findByRole('button', { name: 'Resend OTP in 30s' })).toBeDisabled();
    expect(api.calls).toHaveLength(2);
  });

  it('says "Failed to resend OTP. Please try again." when resending fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/send-otp-reset-password/': [
          () => json(200, { message: 'OTP sent to your email.' }),
          () => json(429, { message: 'Slow down.' }),
        ],
      }).fn,
    );
    fakeTimeouts();
    renderForgot();
    const u = user();
    await reachStageTwo(u);
    for (let i = 0; i < 30; i += 1) advance(1000);
    await u.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Failed to resend OTP. Please try again.')).toBeInTheDocument();
  });

  it('validates the OTP, the password length and the confirmation', async () => {
    const api = fakeFetch({
      'POST /api/auth/send-otp-reset-password/': () => json(200, { message: 'OTP sent.' }),
    });
    vi.stubGlobal('fetch', api.fn);
    renderForgot();
    const u = user();
    await reachStageTwo(u);
    await typeInto(u, 'New password', '12345');
    await typeInto(u, 'Confirm new password', '54321');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Please enter the OTP.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('resets the password, shows the message and goes to /login after 1.5 s', async () => {
    const api = fakeFetch({
      'POST /api/auth/send-otp-reset-password/': () => json(200, { message: 'OTP sent.' }),
      'POST /api/auth/reset-password-otp/': () => json(200, {}),
    });
    vi.stubGlobal('fetch', api.fn);
    fakeTimeouts();
    renderForgot();
    const u = user();
    await resetWith(u, '123456', 'newsecret');
    expect(await screen.findByText('Password reset successfully.')).toBeInTheDocument();
    expect(api.calls[1]!.body).toEqual({
      email: 'ada@example.com',
      otp: '123456',
      new_password: 'newsecret',
    });
    advance(1499);
    expect(currentPath()).toBe('/forgot-password');
    advance(1);
    expect(currentPath()).toBe('/login');
  });

  it('says "Failed to reset password. Please try again." when the reset fails', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/send-otp-reset-password/': () => json(200, { message: 'OTP sent.' }),
        'POST /api/auth/reset-password-otp/': () =>
          json(400, { message: 'Invalid or expired OTP.' }),
      }).fn,
    );
    renderForgot();
    const u = user();
    await resetWith(u, '123456', 'newsecret');
    expect(
      await screen.findByText('Failed to reset password. Please try again.'),
    ).toBeInTheDocument();
  });
});
