import { escapeHtml as escape } from '../../mail/messages';
import { plainPage as page } from '../shared/plain-page';

/* The pages a visitor sees when following by email (decision 247): plain HTML, no script. */

const back = (href: string, name: string) =>
  `<p><a href="${escape(href)}">Back to ${escape(name)}</a></p>`;

/** After the follow form, whatever the address's state: the page tells nothing about it. */
export const checkInboxPage = (name: string, href: string, email: string) =>
  page(
    'Check your inbox',
    `<p>If ${escape(email)} is not following “${escape(name)}” yet, we sent it a link to confirm. Open it to start getting one email for each new item.</p>
<p>No mail? Look in your spam folder. A new link can be asked for once a day.</p>
${back(href, name)}`,
  );

export const invalidEmailPage = (name: string, href: string) =>
  page(
    'Enter a valid email address',
    `<p>That does not look like an email address. Go back and type it again, like name@example.com.</p>
${back(href, name)}`,
  );

export const tooManyFollowsPage = (minutes: number) =>
  page(
    'Too many follow requests',
    `<p>Too many follow requests from here or for this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>`,
  );

export const badLinkPage = () =>
  page(
    'This link does not work',
    '<p>This link is not valid or has expired. To follow, use the form on the collection’s public page again.</p>',
  );

export const confirmPage = (name: string) =>
  page(
    `Follow “${name}”?`,
    `<p>You will get one email for each new item published in “${escape(name)}”. Every email has a link to unsubscribe.</p>
<form method="post"><button type="submit">Confirm</button></form>`,
  );

export const confirmedPage = (name: string, href: string) =>
  page(
    'You are following',
    `<p>Thanks for confirming. You will get one email for each new item published in “${escape(name)}”.</p>
${back(href, name)}`,
  );

export const unsubscribePage = (name: string) =>
  page(
    'Unsubscribe',
    `<p>Stop the emails about new items in “${escape(name)}”? Your address will be forgotten.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
  );

export const unsubscribedPage = () =>
  page(
    'You are unsubscribed',
    '<p>No more emails will be sent to you about this collection, and your address is forgotten.</p>',
  );
