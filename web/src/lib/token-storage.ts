/**
 * Session tokens live in localStorage (docs/product.md, "Entities and their fields"): the access
 * token is stored WITH its "Bearer " prefix, the refresh token beside it without one.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

const BEARER_PREFIX = 'Bearer ';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See read(): nothing sensible to do without storage.
  }
}

/** The stored Authorization value, e.g. "Bearer eyJ…", or null. */
export function getAuthorizationValue(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

/** The raw access token without the "Bearer " prefix (what /auth/verify-token/ expects). */
export function getAccessToken(): string | null {
  const stored = read(ACCESS_TOKEN_KEY);
  if (!stored) return null;
  return stored.startsWith(BEARER_PREFIX) ? stored.slice(BEARER_PREFIX.length) : stored;
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

/** Stores a raw access token under the auth key as a Bearer value. */
export function setAccessToken(access: string): void {
  write(ACCESS_TOKEN_KEY, `${BEARER_PREFIX}${access}`);
}

export function setTokens(tokens: { access: string; refresh?: string | null }): void {
  setAccessToken(tokens.access);
  if (tokens.refresh) write(REFRESH_TOKEN_KEY, tokens.refresh);
}

export function clearTokens(): void {
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}
