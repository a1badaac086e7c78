import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/require-auth';
import { makeUser, storeSession } from '../../../test/factories';
import { advance, fakeTimeouts, renderPage, typeInto } from '../../../test/render';
import { failsThenOffline, fakeFetch, json } from '../../../test/fake-fetch';
import type { User } from '@cw/contract';
import { AccountSettingsPage } from './account-settings-page';

const user = () => userEvent.setup({ delay: null });

type Routes = Parameters<typeof fakeFetch>[0];

async function renderAccount(routes: Routes = {}, who: User = makeUser()) {
  storeSession();
  const api = fakeFetch({
    'POST /api/auth/verify-token/': () => json(200, {}),
    'GET /api/auth/user-details/': () => json(200, who),
    'GET /api/collections/files/usage/': () => json(200, { used: 0, quota: 1024 ** 3 }),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fn);
  renderPage(
    <RequireAuth>
      <AccountSettingsPage />
    </RequireAuth>,
    { path: '/account-settings' },
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  return api;
}

describe('AccountSettingsPage profile card', () => {
  it('shows the name, email, verification and trial badges, and the MFA button', async () => {
    await renderAccount();
    expect(screen.getByTestId('profile-full-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Free Trial')).toBeInTheDocument();
    expect(
      screen.getByText(/Upgrade before it ends to keep all your benefits/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate MFA' })).toHaveTextContent('Activate');
  });

  it('shows when the free trial ends and an Upgrade that writes to us (decision 248)', async () => {
    await renderAccount({}, makeUser({ trial_ends_on: '2027-01-01' }));
    const notice = screen.getByTestId('trial-notice');
    expect(
      within(notice).getByRole('heading', {
        name: /^Your free trial ends on Friday 1 January 2027/,
      }),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Upgrade by email' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('shows Not Verified and no trial badge when the flags are off', async () => {
    await renderAccount({}, makeUser({ is_verified: false, on_free_trial: false }));
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
    expect(screen.queryByText('Free Trial')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trial-notice')).not.toBeInTheDocument();
  });

  it('saves an edited name and leaves edit mode', async () => {
    const api = await renderAccount({
      'PATCH /api/auth/update-profile/': () =>
        json(200, { first_name: 'Augusta', last_name: 'King', is_mfa_activated: false }),
    });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Edit name' }));
    await u.clear(screen.getByLabelText('First name'));
    await typeInto(u, 'First name', 'Augusta');
    await u.clear(screen.getByLabelText('Last name'));
    await typeInto(u, 'Last name', 'King');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('profile-full-name')).toHaveTextContent('Augusta King');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ first_name: 'Augusta', last_name: 'King' });
    expect(patch.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('discards the edit on Cancel without calling the server', async () => {
    const api = await renderAccount();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Edit name' }));
    await typeInto(u, 'First name', 'zzz');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-full-name')).toHaveTextContent('Ada Lovelace');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows a short error instead of failing silently when the name cannot be saved', async () => {
    await renderAccount({
      'PATCH /api/auth/update-profile/': () => json(400, { message: 'Invalid input.' }),
    });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Edit name' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("Couldn't save your name. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
  });

  it('copies the email and shows Copied! for 1.2 s', async () => {
    await renderAccount();
    fakeTimeouts();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Copy email' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('ada@example.com');
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    advance(1199);
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('switches MFA on with one click, and the button then reads Deactivate', async () => {
    const api = await renderAccount({
      'PATCH /api/auth/update-profile/': () =>
        json(200, { first_name: 'Ada', last_name: 'Lovelace', is_mfa_activated: true }),
    });
    await user().click(screen.getByRole('button', { name: 'Activate MFA' }));
    const deactivate = await screen.findByRole('button', { name: 'Deactivate MFA' });
    expect(deactivate).toHaveTextContent('Deactivate');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { is_mfa_activated: true },
    ]);
  });

  it('asks for the current password before switching MFA off, then sends it', async () => {
    const api = await renderAccount(
      {
        'PATCH /api/auth/update-profile/': () =>
          json(200, { first_name: 'Ada', last_name: 'Lovelace', is_mfa_activated: false }),
      },
      makeUser({ is_mfa_activated: true }),
    );
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Deactivate MFA' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Turn off multi-factor authentication' }),
    );
    expect(dialog.getByLabelText('Current password')).toHaveFocus();
    await u.click(dialog.getByRole('button', { name: 'Turn off MFA' }));
    expect(dialog.getByText('Enter your current password.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await u.click(dialog.getByLabelText('Current password'));
    await u.paste('my secret');
    await u.click(dialog.getByRole('button', { name: 'Turn off MFA' }));
    expect(await screen.findByRole('button', { name: 'Activate MFA' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ is_mfa_activated: false, current_password: 'my secret' });
    expect(patch.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('keeps MFA on and shows the server’s message in the dialog when the password is wrong', async () => {
    const api = await renderAccount(
      {
        'PATCH /api/auth/update-profile/': () =>
          json(400, {
            message: 'Current password is incorrect.',
            detail: 'Current password is incorrect.',
            code: 'invalid_password',
          }),
      },
      makeUser({ is_mfa_activated: true }),
    );
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Deactivate MFA' }));
    const dialog = within(screen.getByRole('dialog'));
    await u.paste('wrong');
    await u.click(dialog.getByRole('button', { name: 'Turn off MFA' }));
    expect(await dialog.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    await u.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate MFA' })).toBeInTheDocument();
  });

  it('shows a short error when the MFA change fails', async () => {
    await renderAccount({ 'PATCH /api/auth/update-profile/': () => json(500, {}) });
    await user().click(screen.getByRole('button', { name: 'Activate MFA' }));
    expect(
      await screen.findByText("Couldn't change two-factor sign-in. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate MFA' })).toBeInTheDocument();
  });
});

describe('AccountSettingsPage update password', () => {
  function card() {
    return within(screen.getByRole('region', { name: 'Update Password' }));
  }

  it('requires all fields', async () => {
    const api = await renderAccount();
    await user().click(card().getByRole('button', { name: 'Update Password' }));
    expect(card().getByText('All fields are required.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('update-password'))).toBe(false);
  });

  it('needs a new password of at least 6 characters and a matching confirmation', async () => {
    await renderAccount();
    const u = user();
    await typeInto(u, 'Current password', 'oldsecret');
    await typeInto(u, 'New password', '12345');
    await typeInto(u, 'Confirm new password', '12345');
    await u.click(card().getByRole('button', { name: 'Update Password' }));
    expect(card().getByText('New password must be at least 6 characters.')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('New password'));
    await typeInto(u, 'New password', '1234567');
    await u.click(card().getByRole('button', { name: 'Update Password' }));
    expect(card().getAllByText('Passwords do not match.').length).toBeGreaterThanOrEqual(1);
  });

  it('shows the inline hints while typing', async () => {
    await renderAccount();
    const u = user();
    await typeInto(u, 'New password', '1234567');
    expect(card().getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    await typeInto(u, 'Confirm new password', '123');
    expect(card().getByText('Passwords do not match.')).toBeInTheDocument();
    await typeInto(u, 'New password', '8');
    expect(card().queryByText('Password must be at least 8 characters.')).not.toBeInTheDocument();
  });

  it('updates the password, shows the message and clears the fields', async () => {
    const api = await renderAccount({
      'POST /api/auth/update-password/': () =>
        json(200, { message: 'Password updated successfully.' }),
    });
    const u = user();
    await typeInto(u, 'Current password', 'oldsecret');
    await typeInto(u, 'New password', 'newsecret');
    await typeInto(u, 'Confirm new password', 'newsecret');
    await u.click(card().getByRole('button', { name: 'Update Password' }));
    expect(await card().findByText('Password updated successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(api.calls.find((c) => c.url.includes('update-password'))!.body).toEqual({
      current_password: 'oldsecret',
      new_password: 'newsecret',
    });
  });

  it('shows the server message or the default text on failure', async () => {
    await renderAccount({
      'POST /api/auth/update-password/': failsThenOffline(400, {
        message: 'Current password is incorrect.',
      }),
    });
    const u = user();
    await typeInto(u, 'Current password', 'wrong');
    await typeInto(u, 'New password', 'newsecret');
    await typeInto(u, 'Confirm new password', 'newsecret');
    await u.click(card().getByRole('button', { name: 'Update Password' }));
    expect(await card().findByText('Current password is incorrect.')).toBeInTheDocument();
    await u.click(card().getByRole('button', { name: 'Update Password' }));
    expect(
      await card().findByText('Failed to update password. Please try again.'),
    ).toBeInTheDocument();
  });
});
