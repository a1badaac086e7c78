import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME, escapeHtml } from '../../mail/messages';

/*
 * The plain pages a mail's link opens (a notification mail's unsubscribe, decision 226; a
 * follower's confirm and unsubscribe, decision 247): HTML with no script, the one style allowed
 * by its hash, forms posting only to this site.
 */

const STYLE =
  'body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{margin:0 0 1rem;font-size:1.5rem;color:#0f172a}button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border:0;border-radius:.5rem;background:#4338ca;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#4338ca}';

/** No script; the one style by its hash; a form may post only to this site. */
export const PLAIN_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A page titled `title` (escaped here) around `body` (HTML, escaped by the caller). */
export const plainPage = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>
`;

/** Sends a plain page: its policy, never cached, and no referrer for the links on it. */
export const sendPlainPage = (
  reply: FastifyReply,
  html: string,
  status = 200,
  headers: Record<string, string> = {},
) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .headers(headers)
    .header('content-security-policy', PLAIN_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
