/**
 * Return-to after login: `/login?next=/content/5/edit`. Only a same-origin path is ever
 * followed (no open redirect, docs/auth.md, "Hostile input"). The path is checked as the
 * browser's URL parser and the router will read it, not as it was written:
 *
 * - control characters (tabs and newlines, which the parser silently drops) are refused;
 * - backslashes count as slashes (the parser treats them so for http and https);
 * - dot segments (also `%2e`) are resolved first, so `/.//evil.example` is seen as the
 *   `//evil.example` it becomes;
 * - an encoded slash or backslash (`%2F`, `%5C`) at the start is read decoded.
 *
 * What is left must start with exactly one `/`, stay on this origin and resolve to itself;
 * anything else gives null (the caller's default).
 */
export const NEXT_PARAM = 'next';

/** C0 and C1 controls and DEL: the URL parser drops tabs and newlines, the rest never belong. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The auth screens themselves are never a place to return to. */
const AUTH_SCREENS = new Set(['/login', '/register']);

/** Starts with one `/` that no second slash or backslash follows. */
function isOneSlashPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || CONTROL.test(raw)) return null;
  const path = raw.replace(/\\/g, '/');
  if (!isOneSlashPath(path)) return null;
  try {
    const base = window.location.origin;
    const url = new URL(path, base);
    if (url.origin !== base) return null;
    const result = `${url.pathname}${url.search}${url.hash}`;
    if (!isOneSlashPath(result)) return null;
    const start = decoded(url.pathname);
    if (start === null || !isOneSlashPath(start.replace(/\\/g, '/'))) return null;
    if (AUTH_SCREENS.has(url.pathname.toLowerCase().replace(/(.)\/+$/, '$1'))) return null;
    // Resolving the result again gives the same address: nothing is left to normalise.
    if (new URL(result, base).href !== url.href) return null;
    return result;
  } catch {
    return null;
  }
}

/** `/login?next=…` for the path the person is on. */
export function loginPathReturningTo(path: string): string {
  const next = safeNextPath(path);
  return next ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}

/** `/register?next=…`: sign up, verify, then come back to `path` (an invitation link). */
export function registerPathReturningTo(path: string): string {
  const next = safeNextPath(path);
  return next ? `/register?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/register';
}
