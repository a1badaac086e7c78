import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeSession } from '../../test/factories';
import { currentPath, renderPage } from '../../test/render';
import { fakeFetch, json } from '../../test/fake-fetch';
import { RequireAuth } from '../require-auth';
import { SignedInLayout } from './signed-in-layout';

const user = () => userEvent.setup({ delay: null });

async function renderShell(who = makeUser()) {
  storeSession();
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'POST /api/auth/verify-token/': () => json(200, {}),
      'GET /api/auth/user-details/': () => json(200, who),
    }).fn,
  );
  renderPage(
    <RequireAuth>
      <SignedInLayout />
    </RequireAuth>,
    { path: '/dashboard' },
  );
  await screen.findByTestId('topbar-full-name');
}

describe('SignedInLayout', () => {
  it('shows the full name, a placeholder avatar and the side navigation', async () => {
    await renderShell();
    expect(screen.getByTestId('topbar-full-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getAllByTestId('avatar')[0]).toHaveTextContent('AL');
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(nav).toHaveTextContent('Dashboard');
    expect(screen.getByRole('link', { name: 'Collections' })).toHaveAttribute(
      'href',
      '/collections',
    );
    expect(screen.getByRole('link', { name: 'Notes/Scripts' })).toHaveAttribute('href', '/content');
  });

  it('shows the profile picture when there is one', async () => {
    await renderShell(makeUser({ profilePic: 'https://example.com/me.png' }));
    const avatar = screen.getAllByTestId('avatar')[0]!;
    expect(avatar.querySelector('img')).toHaveAttribute('src', 'https://example.com/me.png');
  });

  it('opens the user menu and closes it on Escape and on an outside click', async () => {
    await renderShell();
    const u = user();
    const trigger = screen.getByRole('button', { name: /user menu/i });
    await u.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await u.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await u.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out: clears the tokens and goes to /login', async () => {
    await renderShell();
    const u = user();
    await u.click(screen.getByRole('button', { name: /user menu/i }));
    await u.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('collapses and expands the sidebar', async () => {
    await renderShell();
    const u = user();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveClass('w-56');
    await u.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveClass('w-16');
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await u.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveClass('w-56');
  });

  it('opens the navigation drawer on phones and closes it with Escape', async () => {
    await renderShell();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('keeps Tab inside the open drawer and gives focus back to its button when it closes', async () => {
    await renderShell();
    const u = user();
    const opener = screen.getByRole('button', { name: 'Open navigation' });
    await u.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    const close = within(drawer).getByRole('button', { name: 'Close navigation' });
    expect(close).toHaveFocus();
    for (let i = 0; i < 8; i += 1) {
      await u.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await u.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    await u.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });
});
