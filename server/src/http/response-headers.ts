import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathOnly } from './log-serializers';

/**
 * Answers no cache may keep (contract §10): every answer to a call that carries a token (the
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
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (mustNotBeStored(request) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
