import { test as base, expect } from '@playwright/test';
import { Mailbox } from './mailbox';
import { checkScreen as checkScreenNow } from './screens';
import { newUser, registerVerifiedUser, type TestUser } from './users';

function fromSetup(name: 'E2E_BASE_URL' | 'E2E_INBOX_URL'): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the journeys through playwright.config.ts (npm run test:e2e), ` +
        'whose global setup starts the product and the SMTP catcher.',
    );
  }
  return value;
}

// Only a picture: the hero's remote stock image (and any other remote image) is answered
// locally, so runs never depend on the internet and screenshots show a neutral block.
const PLACEHOLDER_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="#cbd5e1"/></svg>';

interface Fixtures {
  /** Automatic: no request leaves the machine (remote images get a local placeholder). */
  blockRemote: void;
  /** The inbox the product mails to (the SMTP catcher). */
  mailbox: Mailbox;
  /** axe-core plus (for main screens) screenshots at 375/768/1280 px of the page as it is now. */
  checkScreen: (name: string) => Promise<void>;
  /** A fresh, unregistered person for this test. */
  user: TestUser;
  /** The same person, already registered and verified through the API. */
  verifiedUser: TestUser;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters
  baseURL: async ({}, use) => {
    await use(fromSetup('E2E_BASE_URL'));
  },
  blockRemote: [
    async ({ context, baseURL }, use) => {
      const ownOrigin = new URL(baseURL ?? fromSetup('E2E_BASE_URL')).origin;
      await context.route(
        // Only the network: the browser's own pages (its PDF viewer's chrome-extension:// and
        // chrome:// resources) are no remote requests.
        (url) => /^(https?|wss?):$/.test(url.protocol) && url.origin !== ownOrigin,
        (route) =>
          route.request().resourceType() === 'image'
            ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PLACEHOLDER_IMAGE })
            : route.abort('blockedbyclient'),
      );
      await use();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- as above
  mailbox: async ({}, use) => {
    await use(new Mailbox(fromSetup('E2E_INBOX_URL')));
  },
  checkScreen: async ({ page }, use, testInfo) => {
    await use((name) => checkScreenNow(page, testInfo, name));
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  user: async ({}, use, testInfo) => {
    await use(newUser(testInfo.title));
  },
  verifiedUser: async ({ request, mailbox, user }, use) => {
    await registerVerifiedUser(request, mailbox, user);
    await use(user);
  },
});

export { expect };
