import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface WebApp {
  /** Serves the assets (register it after every API route). */
  serve(app: FastifyInstance): Promise<void>;
  /** The app shell (index.html), for client routes: the web app draws its own 404 page. */
  shell(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * The marketing pages prerendered at build time (web/scripts/prerender.mjs, decision 239), by
 * address: `prerendered/index.html` is `/`, `prerendered/about.html` is `/about`.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(webDist, 'prerendered');
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const page = name.slice(0, -'.html'.length);
    pages.set(page === 'index' ? '/' : `/${page}`, `prerendered/${name}`);
  }
  return pages;
}

/** The built web app (web/dist) to serve at `/`, or null when there is none (the API alone). */
export function webAppOf(webDist: string | null | undefined): WebApp | null {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return null;
  const prerendered = prerenderedPages(webDist);
  return {
    async serve(app) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // web/scripts/precompress.mjs writes .br and .gz beside each asset at build time.
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          // Vite names assets by content hash, so they never change; index.html always may, and
          // so may the service worker and the manifest (docs/operations.md, "The service worker").
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // The worker, only ever from this origin's root, controls the whole app.
          if (path.basename(filePath).startsWith('sw.js')) {
            res.setHeader('service-worker-allowed', '/');
          }
        },
      });
    },
    shell: (request, reply) => {
      const address = request.url.split('?')[0]?.replace(/(.)\/$/, '$1') ?? '/';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile(prerendered.get(address) ?? 'index.html');
    },
  };
}
