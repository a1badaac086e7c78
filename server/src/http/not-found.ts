import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { frameworkErrors } from './client-errors';
import { sendRouteNotFound } from './errors';

/** The public 404 of an address under /p/ or /api/public/, or null for any other address. */
export type PublicNotFoundOf = (url: string) => ((reply: FastifyReply) => FastifyReply) | null;

/**
 * Every answer to a request no route serves, in one place. Public addresses (docs/api.md,
 * "Publishing") answer the public 404 whenever nothing public serves them: a URL the router
 * refuses, any method but GET and HEAD (at once, before a body is read), an unknown path.
 * Anything else gets the API's 404, or, with the web app served, a client route its shell.
 *
 * The router's refusals come before any hook, through Fastify's `frameworkErrors` option:
 * `buildApp` passes `notFound.frameworkErrors` to Fastify, then calls `notFound.register`.
 */
export function notFoundAnswers(publicNotFoundOf: PublicNotFoundOf) {
  return {
    frameworkErrors: ((error, request, reply) => {
      const publicNotFound = publicNotFoundOf(request.url);
      if (publicNotFound) void publicNotFound(reply);
      else frameworkErrors(error, request, reply);
    }) satisfies NonNullable<FastifyServerOptions['frameworkErrors']>,

    /** The hook of public addresses' other methods and the not-found handler. */
    register(
      app: FastifyInstance,
      appShell: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null,
    ): void {
      app.addHook('onRequest', (request, reply, done) => {
        // A public address's own route of another method (the follow form's POST, decision
        // 247) is served; every other method there is the public 404.
        const served = request.routeOptions.url !== undefined;
        const publicNotFound =
          request.method === 'GET' || request.method === 'HEAD' || served
            ? null
            : publicNotFoundOf(request.url);
        if (publicNotFound) void publicNotFound(reply);
        else done();
      });
      app.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        const publicNotFound = publicNotFoundOf(url);
        if (publicNotFound) return publicNotFound(reply);
        if (
          !appShell ||
          url.startsWith('/api/') ||
          url === '/api' ||
          (request.method !== 'GET' && request.method !== 'HEAD')
        ) {
          return sendRouteNotFound(request, reply);
        }
        return appShell(request, reply);
      });
    },
  };
}
