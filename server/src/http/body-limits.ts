import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import {
  CONTENT_BODY_MAX,
  endpoints,
  MAX_META_DATA_BYTES,
  NOTE_CONTENT_MAX,
  routes,
  type RouteName,
} from '@cw/contract';

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

/**
 * How many JSON values a body may hold, counted by the JSON reader before parsing as the commas
 * and opening brackets outside strings (`[1,2]` is 2, `{"a":1,"b":[]}` is 3). A small call's
 * object has a handful of fields.
 */
export const SMALL_BODY_VALUES = 1_024;
/**
 * A body with `meta_data` (16 KiB serialized: at most 16,384 commas and brackets), up to three
 * lists of 500 ids and a dozen fields.
 */
export const META_DATA_BODY_VALUES = 16_384 + 2_048;
/** A note: four fields and at most 50 tags. */
export const NOTE_BODY_VALUES = 256;

/** What a route's `application/json` reader allows (docs/api.md, "Conventions"; decision 194). */
export interface JsonBodyRule {
  /** Bytes of body read; more is `413`. */
  limit: number;
  /** JSON values (see SMALL_BODY_VALUES); more is `400 parse_error`, before parsing. */
  maxValues: number;
  /**
   * Characters of the longest string, escapes read: twice the longest the route's fields take,
   * so a string a little too long still gets its field's own message (`errors.content`) and
   * one of megabytes of escapes is refused (`400 parse_error`) before JSON.parse decodes it.
   * Unset for small calls (their bytes bound their strings).
   */
  maxString?: number;
  /**
   * The JSON type of the body the route's schema takes (every body schema today is an object);
   * a body of another type is `400 invalid` before parsing. Undefined for a route without a body
   * schema (its body is not read by anyone, and stays small).
   */
  topLevel?: 'object' | 'array';
}

const SMALL: Omit<JsonBodyRule, 'topLevel'> = {
  limit: SMALL_BODY_LIMIT,
  maxValues: SMALL_BODY_VALUES,
};
const CONTENT = {
  limit: CONTENT_BODY_LIMIT,
  maxValues: META_DATA_BODY_VALUES,
  maxString: 2 * CONTENT_BODY_MAX,
};
const NOTE = {
  limit: NOTE_BODY_LIMIT,
  maxValues: NOTE_BODY_VALUES,
  maxString: 2 * NOTE_CONTENT_MAX,
};
/** Its longest strings are in meta_data (16 KiB), longer than the description (5,000). */
const COLLECTION = {
  limit: COLLECTION_BODY_LIMIT,
  maxValues: META_DATA_BODY_VALUES,
  maxString: 2 * MAX_META_DATA_BYTES,
};

/**
 * Routes of the route table that need more than a small call. Everything else, list and filter
 * routes included (their filters are in the query string), gets SMALL.
 */
const LARGE_BODY_ROUTES: Partial<Record<RouteName, Omit<JsonBodyRule, 'topLevel'>>> = {
  'contents.create': CONTENT,
  'contents.update': CONTENT,
  'notes.create': NOTE,
  'notes.update': NOTE,
  'collections.create': COLLECTION,
  'collections.update': COLLECTION,
  // A template holds an item's text, and at most 20 tags and 50 checks (docs/api.md, "Templates").
  'templates.create': { ...NOTE, limit: CONTENT_BODY_LIMIT, maxString: 2 * CONTENT_BODY_MAX },
};

const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);
const routeKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${withoutTrailingSlash(url)}`;

/** `POST /api/collections/contents-list` → `contents.create`, for every row of the table. */
const ROUTE_NAMES = new Map<string, RouteName>(
  (Object.keys(routes) as RouteName[]).map((name) => [
    routeKey(routes[name].method, routes[name].path),
    name,
  ]),
);

/** The JSON type a body schema takes at its top, from its zod definition. */
function topLevelOf(name: RouteName): JsonBodyRule['topLevel'] {
  const endpoint = endpoints[name];
  if (!('body' in endpoint) || !endpoint.body) return undefined;
  const type = endpoint.body._zod.def.type;
  return type === 'object' || type === 'array' ? type : undefined;
}

/**
 * The one place that decides what a route's JSON body may be (docs/auth.md, "Hostile input"):
 * its bytes, its number of values and its top-level type, from the route table. A route not in
 * the table (or a method it does not serve) gets the small limit. Multipart uploads are not read
 * by Fastify's body reader: @fastify/multipart keeps its own limits (UPLOAD_MAX_BYTES per file,
 * a few small fields).
 */
export function jsonBodyRuleFor(method: string, url: string): JsonBodyRule {
  const name = ROUTE_NAMES.get(routeKey(method, url));
  if (!name) return SMALL;
  const topLevel = topLevelOf(name);
  const sizes = LARGE_BODY_ROUTES[name] ?? SMALL;
  return topLevel ? { ...sizes, topLevel } : sizes;
}

/** The bytes of body a route reads (its JSON rule's limit). */
export function bodyLimitFor(method: string, url: string): number {
  return jsonBodyRuleFor(method, url).limit;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route by applyBodyLimits; read by the JSON reader (json-body.ts). */
    jsonBody?: JsonBodyRule;
  }
}

const methodsOf = (method: HTTPMethods | HTTPMethods[]): string[] =>
  Array.isArray(method) ? method : [method];

/**
 * Gives every route registered after this call its JSON rule from jsonBodyRuleFor (in its
 * config, for the JSON reader) and its byte limit, unless the route sets one itself. Works
 * however the routes are registered (plugins, prefixes, route tables).
 */
export function applyBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const rules = methodsOf(route.method).map((m) => jsonBodyRuleFor(m, route.url));
    // A route serving several methods takes the most generous of their rules.
    const rule = rules.reduce((most, next) => (next.limit > most.limit ? next : most));
    route.config = { ...route.config, jsonBody: rule };
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = rule.limit;
  });
}
