import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers on every answer, its middleware built once (decision 174):
 * @fastify/helmet built it again on every request, parsing the CSP directives each time. Same
 * options, same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The installable app's service worker and manifest (decision 237).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        objectSrc: ["'none'"],
        // Only the app's own answers in a frame: a PDF preview's ticketed address (decision 191).
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The product also runs on plain http (localhost, a LAN); never rewrite its requests.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS, by http/response-headers.ts.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet throws its errors since 8.1 and calls `next()` with nothing.
    securityHeaders(request.raw, reply.raw, () => done());
  });
}
