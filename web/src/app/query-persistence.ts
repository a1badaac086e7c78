import { createStore, del, delMany, get, keys, set } from 'idb-keyval';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { getAccessToken } from '../lib/token-storage';

/**
 * The query cache kept on this device, so the app opens offline with what was visited before
 * (docs/product.md, "Offline"; decision 238): one IndexedDB entry per signed-in user, forgotten
 * on sign-out.
 */
const PREFIX = 'queries:';
/** How long a kept cache is good for; queries also stay in memory that long (query-client.ts). */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

let store: ReturnType<typeof createStore> | null = null;
function offlineStore() {
  store ??= createStore('cw-offline', 'queries');
  return store;
}

/** Whether this browser can keep the cache (IndexedDB; absent in some private windows). */
export function canKeepOffline(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** The signed-in user's id, read from the stored access token's subject (no request). */
export function storedUserId(): string | null {
  const token = getAccessToken();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' || typeof claims.sub === 'number'
      ? String(claims.sub)
      : null;
  } catch {
    return null;
  }
}

/** Keeps `userId`'s query cache in IndexedDB (TanStack Query's persister interface). */
export function persisterFor(userId: string): Persister {
  const key = `${PREFIX}${userId}`;
  return {
    persistClient: (client: PersistedClient) => set(key, client, offlineStore()),
    restoreClient: () => get<PersistedClient>(key, offlineStore()),
    removeClient: () => del(key, offlineStore()),
  };
}

/** Forgets every kept query cache on this device (sign-out). */
export async function forgetOfflineCopies(): Promise<void> {
  if (!canKeepOffline()) return;
  try {
    const kept = await keys(offlineStore());
    await delMany(
      kept.filter((key) => String(key).startsWith(PREFIX)),
      offlineStore(),
    );
  } catch {
    // Storage refused (a private window): nothing was kept.
  }
}
