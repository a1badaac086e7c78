import { expect, type APIRequestContext } from '@playwright/test';
import type { Mailbox } from './mailbox';
import type { TestUser } from './users';
import { pathOf } from '@cw/contract/routes';

/**
 * Set-up through the API for journeys that are not about that step: a library call as a given
 * person (logged in through the API, beside whatever the browser does).
 */
export interface LibraryApi {
  call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: object): Promise<T>;
}

export async function libraryApiAs(
  request: APIRequestContext,
  user: TestUser,
): Promise<LibraryApi> {
  const login = await request.post(pathOf('auth.login'), {
    data: { email: user.email, password: user.password },
  });
  expect(
    login.status(),
    `set-up: POST ${pathOf('auth.login')} answered ${await login.text()}`,
  ).toBe(200);
  const { token } = (await login.json()) as { token: { access: string } };
  return {
    async call<T>(method: string, path: string, data?: object) {
      const response = await request.fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token.access}` },
        data,
      });
      expect(response.ok(), `set-up: ${method} ${path} answered ${await response.text()}`).toBe(
        true,
      );
      return (response.status() === 204 ? null : await response.json()) as T;
    },
  };
}

/** The subject of an invitation mail: "{who} shared “{collection}” with you on …". */
export const INVITATION_SUBJECT = /shared .* with you/;

/** The token of the invitation link (`/invitations/<token>`) in the first matching mail. */
export async function invitationToken(
  mailbox: Mailbox,
  address: string,
  since: number,
): Promise<string> {
  const mail = await mailbox.waitForMail(address, { since, subject: INVITATION_SUBJECT });
  const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) {
    throw new Error(
      `The mail "${mail.subject}" to ${address} holds no invitation link:\n${mail.text}`,
    );
  }
  return token;
}

/**
 * The owner invites `other` into a collection as `role`, and `other` accepts from the mail
 * (through the API: the invitation's own journey is sharing.spec.ts's). Answers `other`'s API.
 */
export async function shareCollection(
  request: APIRequestContext,
  mailbox: Mailbox,
  ownerApi: LibraryApi,
  collectionId: number,
  other: TestUser,
  role: 'editor' | 'viewer',
): Promise<LibraryApi> {
  const since = Date.now();
  await ownerApi.call('POST', pathOf('members.invite', { id: collectionId }), {
    email: other.email,
    role,
  });
  const token = await invitationToken(mailbox, other.email, since);
  const otherApi = await libraryApiAs(request, other);
  await otherApi.call('POST', pathOf('invitations.accept', { token }));
  return otherApi;
}
