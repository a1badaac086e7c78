import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { currentPath, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { DeleteAccountCard } from './delete-account-card';

function renderCard(answer: () => Response) {
  const api = fakeFetch({ 'POST /api/auth/delete-account/': answer });
  vi.stubGlobal('fetch', api.fn);
  storeSession();
  renderPage(<DeleteAccountCard />, {
    path: '/account-settings',
    extraRoutes: <Route path="/" element={<p>Landing</p>} />,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

async function fillDialog(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  word: string,
) {
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete account' });
  await user.type(within(dialog).getByLabelText('Password', { exact: true }), password);
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), word);
  return dialog;
}

describe('DeleteAccountCard', () => {
  it('asks for the password and the word DELETE, then signs out and goes to /', async () => {
    const { api, user } = renderCard(() => json(200, { message: 'Account deleted.' }));
    const dialog = await fillDialog(user, 'my-password', 'DELET');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'E');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await vi.waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.calls[0]?.body).toEqual({ password: 'my-password' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('keeps the dialog open with the server’s message on a wrong password', async () => {
    const { user } = renderCard(() =>
      json(400, {
        message: 'Password is incorrect.',
        detail: 'Password is incorrect.',
        code: 'incorrect_password',
      }),
    );
    const dialog = await fillDialog(user, 'wrong', 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Password is incorrect.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).not.toBeNull();
    expect(currentPath()).toBe('/account-settings');
  });

  it('does not accept the word in lower case', async () => {
    const { user } = renderCard(() => json(200, { message: 'Account deleted.' }));
    const dialog = await fillDialog(user, 'pw', 'delete');
    expect(within(dialog).getByRole('button', { name: 'Delete account' })).toBeDisabled();
  });
});
