import type { TokenPair } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { readBody, send } from './api-send';
import {
  clearTokens,
  getAccessToken,
  getAuthorizationValue,
  getRefreshToken,
  REFRESH_TOKEN_KEY,
  setTokens,
} from './token-storage';

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
  if (pair === 'unreachable') return false;
  if (pair) setTokens(pair);
  else clearTokens();
  return pair !== null;
}

/**
 * The new pair, null when the server refused the token, or 'unreachable' without a network:
 * then the session is kept, so the app keeps working offline (decision 238) and refreshes
 * once the network is back.
 */
async function requestTokenPair(refresh: string): Promise<TokenPair | null | 'unreachable'> {
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
    return 'unreachable';
  }
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
