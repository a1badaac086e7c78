/**
 * The network of a web test: a fetch fake routed by "METHOD /path" that records its calls, and
 * the answers its handlers give.
 */

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** A tiny fetch fake: route by "METHOD /path" (query string ignored); records every call. */
export function fakeFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: FetchCall[] = [];
  const counters = new Map<string, number>();
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ url, method, body, headers: new Headers(init.headers) });
    const key = `${method} ${path}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    if (Array.isArray(handler)) {
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      const pick = handler[Math.min(index, handler.length - 1)]!;
      return pick(url, init);
    }
    return handler(url, init);
  };
  return { fn, calls };
}

/**
 * Handlers for a request that fails twice: first the server answers `status` with `body`, then
 * the network is gone (fetch rejects, as it does offline).
 */
export function failsThenOffline(status: number, body: unknown): Handler[] {
  return [
    () => json(status, body),
    () => {
      throw new TypeError('offline');
    },
  ];
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
