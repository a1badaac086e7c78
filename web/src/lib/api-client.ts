import type { BodyOf, Endpoints, Paginated, QueryOf, ResponseOf, TokenPair } from '@cw/contract';
import { pathOf, routes, type PathParams, type RouteName } from '@cw/contract/routes';
import {
  clearTokens,
  getAuthorizationValue,
  getAccessToken,
  getRefreshToken,
  REFRESH_TOKEN_KEY,
  setTokens,
} from './token-storage';

/** A failed call: HTTP status (0 when the network failed), the server's sentence, field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's `message` (or `detail`), when the answer carried one. */
  readonly serverMessage: string | undefined;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  /** Field errors: first message per field, e.g. { email: 'A user with this email already exists.' }. */
  readonly fieldErrors: Record<string, string>;
  /** The parsed JSON body of the error answer, when there was one. */
  readonly body: unknown;

  constructor(
    status: number,
    body: unknown,
    fallback = status === 0 ? 'Network error' : `Request failed (${status})`,
  ) {
    const parsed = parseErrorBody(body);
    super(parsed.message ?? parsed.detail ?? fallback);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.serverMessage = parsed.message ?? parsed.detail;
    this.detail = parsed.detail;
    this.code = parsed.code;
    this.fieldErrors = parsed.fieldErrors;
  }

  /** True when the server answered with a JSON body (as opposed to a network failure). */
  get hasBody(): boolean {
    return this.body !== undefined && this.body !== null;
  }
}

function parseErrorBody(body: unknown): {
  message?: string;
  detail?: string;
  code?: string;
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  if (!body || typeof body !== 'object') return { fieldErrors };
  const record = body as Record<string, unknown>;
  const str = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : undefined;
  const errors = record.errors;
  if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') fieldErrors[field] = first;
    }
  }
  return {
    message: str(record.message),
    detail: str(record.detail),
    code: str(record.code),
    fieldErrors,
  };
}

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** JSON-serialisable body; FormData is sent as is. */
  body?: unknown;
  /** Send the stored Authorization header and refresh silently on a 401. Default: true. */
  auth?: boolean;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {
  window.location.replace('/login');
};

/** The app registers how to leave the signed-in area (navigate to /login) when a refresh fails. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

function buildUrl(path: string, query: ApiFetchOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: ApiFetchOptions): Promise<Response> {
  const { body, auth = true, query, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  finalHeaders.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    finalHeaders.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  if (auth) {
    const authorization = getAuthorizationValue();
    if (authorization) finalHeaders.set('Authorization', authorization);
  }
  return fetch(buildUrl(path, query), { ...init, headers: finalHeaders, body: payload });
}

/** The Web Lock every tab of this origin takes to exchange the shared refresh token. */
export const REFRESH_LOCK_NAME = 'cw-token-refresh';

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new pair. Refresh tokens rotate, and re-using a
 * rotated one revokes the whole session family, so one exchange runs at a time: concurrent
 * 401s in this tab share one request, and the tabs of this origin take turns under a Web
 * Lock (a browser without Web Locks keeps only the sharing within the tab).
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * How long a tab that waited for the lock waits for the other tab's outcome to reach its own
 * localStorage: browsers keep a copy per tab process and deliver another tab's writes a few
 * milliseconds later (Chromium, measured: the lock can be granted before the write arrives).
 */
const STORAGE_SETTLE_MS = 1000;

async function refreshAcrossTabs(): Promise<boolean> {
  const startedWith = getRefreshToken();
  if (!startedWith) return false;
  const locks: LockManager | undefined = navigator.locks;
  if (!locks) return exchangeRefreshToken(startedWith);
  return locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (lock) return refreshUnlessRotated(startedWith);
    // Another tab is refreshing: wait for it, then for its new pair to reach this tab.
    return locks.request(REFRESH_LOCK_NAME, async () => {
      if (getRefreshToken() === startedWith) {
        await storageChange(REFRESH_TOKEN_KEY, STORAGE_SETTLE_MS);
      }
      return refreshUnlessRotated(startedWith);
    });
  });
}

/** Called holding the lock. */
async function refreshUnlessRotated(startedWith: string): Promise<boolean> {
  const stored = getRefreshToken();
  // Another tab rotated the token meanwhile: its new pair is stored (or nothing is, when its
  // refresh failed, and this tab is signed out as well).
  if (stored !== startedWith) return stored !== null && getAuthorizationValue() !== null;
  return exchangeRefreshToken(startedWith);
}

/** Resolves when another tab writes `key` of localStorage (or clears it), or after `timeoutMs`. */
function storageChange(key: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) done();
    };
    const timer = setTimeout(() => done(), timeoutMs);
    function done() {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve();
    }
    window.addEventListener('storage', onStorage);
  });
}

/**
 * One exchange with the server. On failure the stored pair is forgotten at once, while other
 * tabs still wait for the lock, so none of them sends the refused token again (every caller
 * ends the session after a failed refresh anyway).
 */
async function exchangeRefreshToken(refresh: string): Promise<boolean> {
  const pair = await requestTokenPair(refresh);
  if (pair) setTokens(pair);
  else clearTokens();
  return pair !== null;
}

async function requestTokenPair(refresh: string): Promise<TokenPair | null> {
  try {
    const response = await send(pathOf('auth.refreshToken'), {
      method: 'POST',
      auth: false,
      body: { refresh },
    });
    if (!response.ok) return null;
    const pair = (await readBody(response)) as Partial<TokenPair> | undefined;
    if (!pair?.access) return null;
    return { access: pair.access, refresh: pair.refresh ?? refresh };
  } catch {
    return null;
  }
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

/** Refresh this long before the access token's expiry, so a socket opened now is not refused. */
const TOKEN_MARGIN_S = 30;

function expiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/**
 * The access token (without "Bearer "), refreshed first when it has expired or is about to:
 * what the co-editing socket sends when it connects or reconnects (a socket has no 401 to
 * retry on). Empty when there is no session.
 */
export async function freshAccessToken(): Promise<string> {
  const token = getAccessToken();
  if (!token) return '';
  const exp = expiresAt(token);
  if (exp !== null && exp - TOKEN_MARGIN_S <= Date.now() / 1000) await refreshSession();
  return getAccessToken() ?? '';
}
