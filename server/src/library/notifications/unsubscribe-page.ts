import { createHash } from 'node:crypto';
import { PRODUCT_NAME } from '../../mail/messages';

/* The pages of a notification mail's unsubscribe link (decision 226): plain HTML, no script. */

const STYLE =
  'body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{margin:0 0 1rem;font-size:1.5rem;color:#0f172a}button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border:0;border-radius:.5rem;background:#4338ca;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#4338ca}';

/** No script; the one style by its hash; the form may post only to this site. */
export const UNSUBSCRIBE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>${title}</h1>
${body}
</main></body>
</html>
`;

/** The link opened in a browser: one button; nothing changes until it is pressed. */
export const unsubscribePage = () =>
  page(
    'Unsubscribe from notification mails',
    `<p>Stop all notification mails from ${PRODUCT_NAME}? You will still see every notification in the app.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
  );

export const unsubscribedPage = () =>
  page(
    'You are unsubscribed',
    `<p>No more notification mails will be sent to you. You can turn them back on, kind by kind, in your account settings, under Notifications.</p>`,
  );
