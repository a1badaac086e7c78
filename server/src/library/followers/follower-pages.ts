import { createHash } from 'node:crypto';
import { PRODUCT_NAME } from '../../mail/messages';

/*
 * The pages a visitor sees when following by email (decision 247): plain HTML, no script, the
 * one style allowed by its hash, forms posting only to this site (as the notification mails'
 * unsubscribe pages of decision 226).
 */

const STYLE =
  'body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{margin:0 0 1rem;font-size:1.5rem;color:#0f172a}button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border:0;border-radius:.5rem;background:#4338ca;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#4338ca}';

export const FOLLOWER_PAGES_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>${escape(title)}</h1>
${body}
</main></body>
</html>
`;

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
