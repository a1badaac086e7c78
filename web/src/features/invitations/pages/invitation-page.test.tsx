import type { Invitation } from '@cw/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCollection, testUser } from '../../../test/library-fixtures';
import { storeSession } from '../../../test/factories';
import { currentPath, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { InvitationPage } from './invitation-page';

type Routes = Parameters<typeof fakeFetch>[0];

const TOKEN = 'a'.repeat(43);
const LINK = `/api/invitations/${TOKEN}/`;

const invitation: Invitation = {
  collection: { id: 5, name: 'Podcast season 2' },
  invited_by: 'Katherine Johnson',
  role: 'editor',
  email: testUser.email,
  expires_on: '2026-11-30T10:00:00.000Z',
};

const signedIn: Routes = {
  'POST /api/auth/verify-token/': () => json(200, {}),
  'GET /api/auth/user-details/': () => json(200, testUser),
};

function renderInvitation(routes: Routes) {
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(<InvitationPage />, {
    path: '/invitations/:token',
    route: `/invitations/${TOKEN}`,
  });
  return { fetch, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('InvitationPage', () => {
  it('signed out: says who invites to what, and offers Log in and Sign up that come back here', async () => {
    const { fetch } = renderInvitation({ [`GET ${LINK}`]: () => json(200, invitation) });
    expect(
      await screen.findByRole('heading', {
        name: 'Katherine Johnson invited you to Podcast season 2',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Editor')).toBeInTheDocument();
    expect(screen.getByText(testUser.email, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Nov 30, 2026')).toBeInTheDocument();
    const back = encodeURIComponent(`/invitations/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/register?next=${back}`,
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    // The invitation is public: asked without a token.
    expect(fetch.calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('signed in: Accept invitation opens the collection', async () => {
    storeSession();
    const { user, fetch } = renderInvitation({
      ...signedIn,
      [`GET ${LINK}`]: () => json(200, invitation),
      [`POST ${LINK}accept/`]: () =>
        json(200, makeCollection({ id: 5, name: 'Podcast season 2', role: 'editor' })),
    });
    expect(await screen.findByText(`Signed in as ${testUser.email}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(currentPath()).toBe('/collections/5'));
    expect(
      fetch.calls.some((call) => call.method === 'POST' && call.url.endsWith('/accept/')),
    ).toBe(true);
  });

  it('a 403 on Accept explains the address the invitation was sent to', async () => {
    storeSession();
    const { user } = renderInvitation({
      ...signedIn,
      [`GET ${LINK}`]: () => json(200, invitation),
      [`POST ${LINK}accept/`]: () =>
        json(403, { message: 'This invitation is for another email address.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This invitation was sent to ${testUser.email}. Sign in with that address to accept it.`,
    );
    expect(screen.getByRole('button', { name: 'Use another account' })).toBeInTheDocument();
  });

  it('signed in with another address: says so instead of offering Accept', async () => {
    storeSession();
    const { user } = renderInvitation({
      ...signedIn,
      [`GET ${LINK}`]: () => json(200, { ...invitation, email: 'grace@example.com' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation was sent to grace@example.com. Sign in with that address to accept it.',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('an unknown, used or expired link is no longer valid', async () => {
    renderInvitation({ [`GET ${LINK}`]: () => json(404, { message: 'Not found.' }) });
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is no longer valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
