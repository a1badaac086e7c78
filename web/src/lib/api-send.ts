import { getAuthorizationValue } from './token-storage';

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** JSON-serialisable body; FormData is sent as is. */
  body?: unknown;
  /** Send the stored Authorization header and refresh silently on a 401. Default: true. */
  auth?: boolean;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Reads the answer's headers (e.g. an item's ETag for a later If-Match). */
  onHeaders?: (headers: Headers) => void;
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

/** The answer's JSON (its text when it is not JSON); undefined when it has no body. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One request: JSON or FormData body, `Accept: application/json`, and the stored Authorization. */
export async function send(path: string, options: ApiFetchOptions): Promise<Response> {
  const { body, auth = true, query, headers, onHeaders: _onHeaders, ...init } = options;
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
