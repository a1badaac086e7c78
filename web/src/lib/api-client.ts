import type { BodyOf, Endpoints, Paginated, QueryOf, ResponseOf } from '@cw/contract';
import { pathOf, routes, type PathParams, type RouteName } from '@cw/contract/routes';
import { ApiRequestError } from './api-error';
import { readBody, send, type ApiFetchOptions } from './api-send';
import { refreshSession } from './session-refresh';
import { clearTokens, getAuthorizationValue } from './token-storage';

export { ApiRequestError, serverMessageOr } from './api-error';
export type { ApiFetchOptions } from './api-send';
export { freshAccessToken, REFRESH_LOCK_NAME, refreshSession } from './session-refresh';

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.replace('/login');
};

/** The app registers how to leave the signed-in area (navigate to /login) when a refresh fails. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

type NotFoundListener = (path: string) => void;
const notFoundListeners = new Set<NotFoundListener>();

/**
 * Calls `listener` with the path of every call answered 404, whoever made it (a query, a
 * mutation, autosave, an upload). A page showing a shared collection listens, so the first
 * call refused after the person lost access makes it check the collection again. Returns the
 * function that stops listening.
 */
export function onNotFound(listener: NotFoundListener): () => void {
  notFoundListeners.add(listener);
  return () => {
    notFoundListeners.delete(listener);
  };
}

/** Clears the session and leaves the signed-in area. */
export function expireSession(): void {
  clearTokens();
  onSessionExpired();
}

/**
 * Calls an API path (`/api/…`, as `pathOf` builds it) and returns the parsed JSON answer.
 * Throws ApiRequestError on any non-2xx answer or network failure. A 401 on a signed-in call
 * refreshes the tokens once and retries once; when that fails the tokens are cleared and the
 * user is sent to /login.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const sentAuthorization = auth ? getAuthorizationValue() : null;
  let response: Response;
  try {
    response = await send(path, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, undefined);
  }

  if (response.status === 401 && auth && sentAuthorization) {
    // Another call may have refreshed meanwhile: then simply retry with the new token.
    const current = getAuthorizationValue();
    const refreshed =
      current !== null && current !== sentAuthorization ? true : await refreshSession();
    if (refreshed) {
      try {
        response = await send(path, options);
      } catch {
        throw new ApiRequestError(0, undefined);
      }
    }
    if (!refreshed || response.status === 401) {
      const body = await readBody(response);
      expireSession();
      throw new ApiRequestError(401, body);
    }
  }

  options.onHeaders?.(response.headers);
  const body = await readBody(response);
  if (response.status === 404) for (const listener of [...notFoundListeners]) listener(path);
  if (!response.ok) throw new ApiRequestError(response.status, body);
  return body as T;
}

type HasPathParams<N extends RouteName> = string extends keyof PathParams<N> ? false : true;
type IsMultipart<N extends RouteName> = Endpoints[N] extends { consumes: readonly string[] }
  ? true
  : false;

/** What a call of route N sends: path parameters, query and body, typed by the contract. */
export type CallOptions<N extends RouteName> = {
  /** Send the stored Authorization header and refresh silently on a 401. Default: true. */
  auth?: boolean;
  /** Aborts the call (TanStack Query passes one to drop answers nobody waits for). */
  signal?: AbortSignal;
} & (HasPathParams<N> extends true ? { params: PathParams<N> } : { params?: undefined }) &
  ([QueryOf<N>] extends [never] ? { query?: undefined } : { query?: QueryOf<N> }) &
  (IsMultipart<N> extends true
    ? { body: FormData }
    : [BodyOf<N>] extends [never]
      ? { body?: undefined }
      : { body: BodyOf<N> });

/** The options may be left out when a route needs none of them. */
type CallArgs<N extends RouteName> =
  Record<never, never> extends CallOptions<N>
    ? [options?: CallOptions<N>]
    : [options: CallOptions<N>];

/** pathOf, for a route name known only as a type parameter. */
const fillPath = pathOf as (name: RouteName, params?: Record<string, number | string>) => string;

/**
 * Calls one route of the contract's table (`@cw/contract/routes`) through apiFetch, e.g.
 * `callApi('collections.get', { params: { id } })` → `Promise<ResponseOf<'collections.get'>>`.
 * An answer without a body (204) resolves to null, as the contract describes it.
 */
export async function callApi<N extends RouteName>(
  name: N,
  ...[options]: CallArgs<N>
): Promise<ResponseOf<N>> {
  const { params, query, body, auth, signal } = (options ?? {}) as {
    params?: Record<string, number | string>;
    query?: ApiFetchOptions['query'];
    body?: unknown;
    auth?: boolean;
    signal?: AbortSignal;
  };
  const answer = await apiFetch<ResponseOf<N> | undefined>(fillPath(name, params), {
    method: routes[name].method,
    query,
    body,
    auth,
    signal,
  });
  return answer === undefined ? (null as ResponseOf<N>) : answer;
}

/** Lists answer a paged object; the spec also allows a plain array (one page, nothing more). */
export function asPage<T>(answer: Paginated<T> | T[]): Paginated<T> {
  return Array.isArray(answer)
    ? { count: answer.length, next: null, previous: null, results: answer }
    : answer;
}

/** TanStack Query's getNextPageParam for the API's paged lists (pages count from 1). */
export function nextPageParam<T>(last: Paginated<T>, pages: Paginated<T>[]): number | undefined {
  return last.next ? pages.length + 1 : undefined;
}
