import type { Role } from '@cw/contract';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError, onNotFound } from './api-client';
import { collectionKeys } from './api/collections';

/** What a person removed from a shared collection (or whose collection was deleted) is told. */
export const LOST_ACCESS_MESSAGE = 'You no longer have access to this collection.';

/**
 * Router state of /collections: a notice shown once on arrival, red for lost access (the
 * default), green for what the person did themselves (left a collection).
 */
export interface CollectionsNotice {
  notice: string;
  tone?: 'success' | 'error';
}

export function isCollectionsNotice(state: unknown): state is CollectionsNotice {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { notice?: unknown }).notice === 'string'
  );
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 404;

interface WithRole {
  id: number;
  role: Role;
}

const hasRole = (value: unknown): value is WithRole =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'number' &&
  typeof (value as { role?: unknown }).role === 'string';

/**
 * The objects a cached answer holds: a detail, a page (`results`) or an infinite list (`pages`).
 */
function entriesOf(data: unknown): WithRole[] {
  if (Array.isArray(data)) return data.flatMap(entriesOf);
  if (typeof data !== 'object' || data === null) return [];
  const record = data as { pages?: unknown; results?: unknown };
  if (Array.isArray(record.pages)) return record.pages.flatMap(entriesOf);
  if (Array.isArray(record.results)) return record.results.filter(hasRole);
  return hasRole(data) ? [data] : [];
}

/**
 * The caller's role on object `id` as any cached list or detail under `queryKey` last showed
 * it (e.g. the collection page's Content tab before an item page opens), if one did.
 */
export function cachedRole(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: number,
): Role | undefined {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey })) {
    const found = entriesOf(data).find((entry) => entry.id === id);
    if (found) return found.role;
  }
  return undefined;
}

/** The BroadcastChannel the tabs of one browser tell each other about lost access on. */
export const ACCESS_CHANNEL_NAME = 'cw-collection-access';

/** What a tab says when the person left a collection or one of its pages found access gone. */
export interface AccessLostMessage {
  type: 'access-lost';
}

const isAccessLost = (data: unknown): data is AccessLostMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'access-lost';

const lostElsewhereListeners = new Set<() => void>();
/**
 * This tab's one channel, open while a page listens. Posting through it never reaches this tab
 * itself (a BroadcastChannel object does not hear its own messages), so the tab that left a
 * collection is not sent back to the list with "no longer have access" over its own notice.
 */
let accessChannel: BroadcastChannel | undefined;

const channelsWork = () => typeof BroadcastChannel !== 'undefined';

/**
 * Tells the person's other open tabs that access to a shared collection ended here (they left
 * it, or a page found it gone): each tab showing something shared asks for it again at once
 * instead of at its next 10-second poll (decision 102).
 */
export function announceLostAccess(): void {
  if (!channelsWork()) return;
  const message: AccessLostMessage = { type: 'access-lost' };
  if (accessChannel) {
    accessChannel.postMessage(message);
    return;
  }
  const once = new BroadcastChannel(ACCESS_CHANNEL_NAME);
  once.postMessage(message);
  once.close();
}

/** Calls `listener` when another tab announces lost access; returns the function that stops. */
export function onLostAccessElsewhere(listener: () => void): () => void {
  if (!channelsWork()) return () => undefined;
  lostElsewhereListeners.add(listener);
  if (!accessChannel) {
    accessChannel = new BroadcastChannel(ACCESS_CHANNEL_NAME);
    accessChannel.onmessage = (event: MessageEvent<unknown>) => {
      if (!isAccessLost(event.data)) return;
      for (const heard of [...lostElsewhereListeners]) heard();
    };
  }
  return () => {
    lostElsewhereListeners.delete(listener);
    if (lostElsewhereListeners.size === 0 && accessChannel) {
      accessChannel.close();
      accessChannel = undefined;
    }
  };
}

/**
 * Losing access to a shared collection, in an open tab (decision 059): while the page shows
 * something shared with the person (`shared`), any call answered 404 (a note saved, an item
 * autosaved, a list loaded), and any other tab's news that access ended (`announceLostAccess`),
 * makes the page ask for its object again (`recheck`); the object's own 404 (`error`; asked
 * every 10 s and on focus anyway) means the membership ended: the person goes back to
 * /collections, which says "You no longer have access to this collection", and the other tabs
 * are told. `path` is the object's own API path, whose 404 needs no second asking.
 */
export function useLostAccessWatch({
  shared,
  error,
  path,
  recheck,
}: {
  shared: boolean;
  error: unknown;
  path: string;
  recheck: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lost = shared && isNotFound(error);
  const recheckRef = useRef(recheck);
  useEffect(() => {
    recheckRef.current = recheck;
  });

  useEffect(() => {
    if (!lost) return;
    announceLostAccess();
    void queryClient.invalidateQueries({
      queryKey: collectionKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
    const state: CollectionsNotice = { notice: LOST_ACCESS_MESSAGE };
    void navigate('/collections', { replace: true, state });
  }, [lost, navigate, queryClient]);

  useEffect(() => {
    if (!shared) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onNotFound((notFoundPath) => {
      if (notFoundPath === path) return;
      // Several refused calls at once ask again once.
      clearTimeout(timer);
      timer = setTimeout(() => recheckRef.current(), 0);
    });
    const stopHearing = onLostAccessElsewhere(() => {
      clearTimeout(timer);
      timer = setTimeout(() => recheckRef.current(), 0);
    });
    return () => {
      stop();
      stopHearing();
      clearTimeout(timer);
    };
  }, [shared, path]);
}

/**
 * useLostAccessWatch for the page of one object (a collection, a content item): the person's
 * role comes from the object's answer or, while that loads, from a cached list under
 * `listKey`; `path` is the object's own API path.
 */
export function useDetailAccessWatch(
  query: { data?: { role: Role }; error: unknown; refetch: () => Promise<unknown> },
  listKey: QueryKey,
  id: number,
  path: string,
) {
  const queryClient = useQueryClient();
  const role = query.data?.role ?? cachedRole(queryClient, listKey, id);
  useLostAccessWatch({
    shared: role !== undefined && role !== 'owner',
    error: query.error,
    path,
    recheck: () => void query.refetch(),
  });
}
