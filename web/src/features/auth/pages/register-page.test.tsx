import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  advance,
  currentPath,
  currentState,
  fakeTimeouts,
  renderPage,
  typeInto,
} from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { RegisterPage } from './register-page';

const user = () => userEvent.setup({ delay: null });

async function fill(values: Partial<Record<string, string>>) {
  const u = user();
  const labels: Record<string, string> = {
    first: 'First name',
    last: 'Last name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
  };
  for (const [key, value] of Object.entries(values)) {
    if (value) await typeInto(u, labels[key]!, value);
  }
  await u.click(screen.getByRole('button', { name: 'Create account' }));
}

const valid = {
  first: 'Ada',
  last: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirm: 'secret1',
};

describe('RegisterPage validation', () => {
  it('shows every required-field message on an empty submit', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage(<RegisterPage />, { path: '/register' });
    await fill({});
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the email format, the password length and the confirmation', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage(<RegisterPage />, { path: '/register' });
    await fill({ ...valid, email: 'ada@', password: '12345', confirm: '54321' });
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('RegisterPage answers', () => {
  it('shows the message, clears the form and goes to /verify-otp after 1.2 s', async () => {
    const api = fakeFetch({
      'POST /api/auth/register/': () => json(201, { message: 'User registered successfully' }),
    });
    vi.stubGlobal('fetch', api.fn);
    fakeTimeouts();
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(valid);
    const note = await screen.findByText('User registered successfully');
    expect(note.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(api.calls[0]!.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
    });
    advance(1199);
    expect(currentPath()).toBe('/register');
    advance(1);
    expect(currentPath()).toBe('/verify-otp');
    expect(currentState()).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it('uses the default success text when the server sends none', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/auth/register/': () => json(201, {}) }).fn);
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(valid);
    expect(await screen.findByText('User registered successfully')).toBeInTheDocument();
  });

  it('maps field errors onto their fields and shows the server message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/register/': () =>
          json(400, {
            message: 'Please fix the highlighted fields.',
            code: 'invalid',
            errors: {
              email: ['A user with this email already exists.'],
              first_name: ['This field may not be blank.', 'ignored'],
            },
          }),
      }).fn,
    );
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(valid);
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByText('This field may not be blank.')).toBeInTheDocument();
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Registration failed." when the error answer has no message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/register/': () => json(400, { errors: { email: ['Taken.'] } }),
      }).fn,
    );
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(valid);
    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
  });

  it('says "Registration failed. Please try again." without an error object', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(valid);
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });
});

describe('RegisterPage for a visitor who is already signed in', () => {
  it('offers the dashboard instead of the form', () => {
    vi.stubGlobal('fetch', vi.fn());
    localStorage.setItem('access_token', 'Bearer access-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    renderPage(<RegisterPage />, { path: '/register' });
    expect(document.title).toBe('Register · Creator Workspace');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
