/**
 * Return-to after login: `/login?next=/content/5/edit`. Only a same-origin path is ever
 * followed (no open redirect): it must start with one `/`, and resolving it against this
 * origin must stay on this origin.
 */
export const NEXT_PARAM = 'next';

export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = window.location.origin;
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    if (url.pathname === '/login' || url.pathname === '/register') return null;
    return `${url.pathname}${url.search}${url.hash}`;
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
