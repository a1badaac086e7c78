import { getAccessToken, getRefreshToken } from './token-storage';

/** The `exp` claim (seconds) of a JWT, read without verifying it; null when unreadable. */
function expiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/**
 * Whether this browser seems to hold a live session: a stored refresh token that has not
 * expired (or, without one, an access token that has not). Reads storage only — no call, no
 * Query — so public pages can offer the dashboard without loading the signed-in code. The
 * dashboard's guard still verifies the session for real.
 */
export function hasStoredSession(now = Date.now()): boolean {
  const token = getRefreshToken() ?? getAccessToken();
  if (!token) return false;
  const exp = expiresAt(token);
  return exp === null || exp * 1000 > now;
}
