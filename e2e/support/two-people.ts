import type { Browser, Page } from '@playwright/test';
import { pathOf } from '@cw/contract/routes';
import { libraryApiAs, shareCollection } from './library-api';
import { newUser, type TestUser } from './users';

/**
 * Journeys of two people in one script (co-editing, comments), each in a browser context of
 * their own: who they are, the second browser, and the owner's script shared with the other.
 */

export function person(label: string, firstName: string, lastName: string): TestUser {
  return { ...newUser(label), firstName, lastName };
}

/** A second browser context (the other person's), at desktop width. */
export async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

/** The writing page's editor. */
export const contentEditor = (page: Page) =>
  page.getByRole('textbox', { name: 'Content', exact: true });

interface Created {
  id: number;
}

/**
 * The owner's script in a collection shared with `other` as `role` (set up through the API:
 * the invitation's journey is sharing.spec.ts's). Answers the item's id.
 */
export async function sharedScript(
  request: Parameters<typeof libraryApiAs>[0],
  mailbox: Parameters<typeof shareCollection>[1],
  owner: TestUser,
  other: TestUser,
  role: 'editor' | 'viewer',
  script: { title: string; content: string } = { title: 'Pilot', content: 'Opening line.' },
): Promise<number> {
  const ownerApi = await libraryApiAs(request, owner);
  const collection = await ownerApi.call<Created>('POST', pathOf('collections.create'), {
    name: 'Season 3',
  });
  const item = await ownerApi.call<Created>('POST', pathOf('contents.create'), {
    ...script,
    collections: [collection.id],
  });
  await shareCollection(request, mailbox, ownerApi, collection.id, other, role);
  return item.id;
}
