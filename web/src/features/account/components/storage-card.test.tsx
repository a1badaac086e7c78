import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/require-auth';
import { makeUser, storeSession } from '../../../test/factories';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { formatMegabytes, StorageCard } from './storage-card';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

function renderCard(answer: () => Response) {
  const api = fakeFetch({ 'GET /api/collections/files/usage/': answer });
  vi.stubGlobal('fetch', api.fn);
  storeSession();
  renderPage(<StorageCard />);
  return api;
}

describe('StorageCard', () => {
  it('shows "X MB of Y used" and an accessible bar', async () => {
    const api = renderCard(() => json(200, { used: 250 * MiB, quota: GiB }));
    expect(await screen.findByText('250 MB of 1,024 MB used')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuetext', '250 MB of 1,024 MB used (24%)');
    expect(screen.queryByText(/almost full/)).not.toBeInTheDocument();
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('warns when the storage is almost full, and never draws past 100 %', async () => {
    renderCard(() => json(200, { used: GiB + 5, quota: GiB }));
    const bar = await screen.findByRole('progressbar', { name: 'Storage used' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/Your storage is almost full/)).toBeInTheDocument();
  });

  it('says so when the usage cannot be loaded', async () => {
    renderCard(() => json(503, { message: 'Down', detail: 'Down', code: 'unavailable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't load your storage. Please try again later.",
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('formats megabytes for people', () => {
    expect(formatMegabytes(0)).toBe('0');
    expect(formatMegabytes(4000)).toBe('<0.1');
    expect(formatMegabytes(1.25 * MiB)).toBe('1.3');
    expect(formatMegabytes(GiB)).toBe('1,024');
  });

  it('is a card of the account settings page', async () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/verify-token/': () => json(200, {}),
        'GET /api/auth/user-details/': () => json(200, makeUser()),
        'GET /api/collections/files/usage/': () => json(200, { used: 0, quota: GiB }),
      }).fn,
    );
    renderPage(
      <RequireAuth>
        <AccountSettingsPage />
      </RequireAuth>,
      { path: '/account-settings' },
    );
    const card = await screen.findByRole('region', { name: 'Storage' });
    expect(await within(card).findByText('0 MB of 1,024 MB used')).toBeInTheDocument();
  });
});
