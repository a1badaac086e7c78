import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

const KiB = 1024;
const MiB = 1024 * KiB;

/** `/api/auth/…` and every small JSON call (tags, file renames, anything not listed below). */
export const SMALL_BODY_LIMIT = 16 * KiB;
/**
 * Content items: 1,000,000 characters of `content` (up to 4 bytes each in UTF-8, more when sent
 * as `\uXXXX` escapes) plus title, tags and 16 KiB of meta_data.
 */
export const CONTENT_BODY_LIMIT = 5 * MiB;
/** Notes: 100,000 characters of `content`, 200 of title and 50 tags of 50. */
export const NOTE_BODY_LIMIT = 512 * KiB;
/** Collections: 16 KiB of meta_data, a 5,000-character description, 500 tag ids. */
export const COLLECTION_BODY_LIMIT = 64 * KiB;

/** The largest body any JSON route accepts; the JSON reader never sees more. */
export const LARGEST_JSON_BODY_LIMIT = CONTENT_BODY_LIMIT;

interface LimitRule {
  methods: readonly string[];
  /** Matches the route's URL as registered (params as `:id`), with or without a trailing slash. */
  url: RegExp;
  limit: number;
}

const WRITE = ['POST', 'PUT', 'PATCH'] as const;

/** Routes that need more than the small limit. Everything else gets SMALL_BODY_LIMIT. */
const LARGE_BODY_ROUTES: readonly LimitRule[] = [
  {
    methods: WRITE,
    url: /^\/api\/collections\/contents-list\/(:id\/?)?$/,
    limit: CONTENT_BODY_LIMIT,
  },
  { methods: WRITE, url: /^\/api\/collections\/notes\/(:id\/?)?$/, limit: NOTE_BODY_LIMIT },
  { methods: WRITE, url: /^\/api\/collections\/list\/(:id\/?)?$/, limit: COLLECTION_BODY_LIMIT },
];

/**
 * The one place that decides how many bytes of body a route reads (docs/auth.md, "Hostile input"). Multipart
 * uploads are not read by Fastify's body reader: @fastify/multipart keeps its own limits
 * (UPLOAD_MAX_BYTES per file, a few small fields).
 */
export function bodyLimitFor(method: string, url: string): number {
  const verb = method.toUpperCase();
  for (const rule of LARGE_BODY_ROUTES) {
    if (rule.methods.includes(verb) && rule.url.test(url)) return rule.limit;
  }
  return SMALL_BODY_LIMIT;
}

const methodsOf = (method: HTTPMethods | HTTPMethods[]): string[] =>
  Array.isArray(method) ? method : [method];

/**
 * Gives every route registered after this call its limit from bodyLimitFor, unless the route
 * sets one itself. Works however the routes are registered (plugins, prefixes, route tables).
 */
export function applyBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = Math.max(...methodsOf(route.method).map((m) => bodyLimitFor(m, route.url)));
  });
}
