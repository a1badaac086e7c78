import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOnly } from './log-serializers';

/** What helmet would send; sent only where it means something (below). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every download answer (docs/api.md, "Files"; decision 190):
 * should a browser ever show the answer instead of saving it, it is a document of no origin that
 * runs nothing and loads nothing.
 */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** An answer the browser is told to save (`Content-Disposition: attachment`). */
function isAttachment(value: unknown): boolean {
  return typeof value === 'string' && /^\s*attachment\s*(;|$)/i.test(value);
}

/**
 * Answers no cache may keep (docs/auth.md, "Hostile input"): every answer to a call that carries a token (the
 * signed-in calls, their 401s included) and every `/api/auth/…` answer (some carry tokens).
 */
export function mustNotBeStored(request: FastifyRequest): boolean {
  return (
    request.headers.authorization !== undefined || pathOnly(request.url).startsWith('/api/auth/')
  );
}

/**
 * Headers that depend on the request, for every answer however its route was registered:
 *
 * - `Cache-Control: no-store` where mustNotBeStored says so, unless the answer already set its
 *   own (file downloads send `private, no-store`; the web app's files their own caching).
 * - `Strict-Transport-Security` only on answers that went out over HTTPS (with TRUST_PROXY,
 *   `X-Forwarded-Proto: https` from the proxy counts): over plain http it is meaningless, and the
 *   product also runs on http (localhost, a LAN), so helmet's own is switched off in app.ts.
 * - Every `Content-Disposition: attachment` answer (file downloads, public files, the export)
 *   gets DOWNLOAD_CSP in place of the app's policy, and `nosniff`, whichever route made it.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (mustNotBeStored(request) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    if (isAttachment(reply.getHeader('content-disposition'))) {
      void reply.header('content-security-policy', DOWNLOAD_CSP);
      void reply.header('x-content-type-options', 'nosniff');
    }
    done(null, payload);
  });
}
