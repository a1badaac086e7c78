/**
 * The signed-in person's last searches, newest first, in this browser only
 * (`cw.recent-searches.<user id>` in localStorage; decision 111). Another person signing in on
 * the same browser sees their own list. Storage failures (private mode, quota) are ignored:
 * the list is a convenience.
 */

/** How many searches are kept. */
export const RECENT_SEARCHES_MAX = 6;

const keyOf = (user: number) => `cw.recent-searches.${user}`;

export function readRecentSearches(user: number): string[] {
  try {
    const raw = window.localStorage.getItem(keyOf(user));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed
          .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function write(user: number, searches: string[]) {
  try {
    if (searches.length === 0) window.localStorage.removeItem(keyOf(user));
    else window.localStorage.setItem(keyOf(user), JSON.stringify(searches));
  } catch {
    // A convenience only.
  }
}

/** Puts `q` first (the same text in another case counts once) and keeps the newest six. */
export function rememberSearch(user: number, q: string): string[] {
  const text = q.trim();
  if (!text) return readRecentSearches(user);
  const lower = text.toLowerCase();
  const next = [
    text,
    ...readRecentSearches(user).filter((item) => item.toLowerCase() !== lower),
  ].slice(0, RECENT_SEARCHES_MAX);
  write(user, next);
  return next;
}

export function clearRecentSearches(user: number): void {
  write(user, []);
}
