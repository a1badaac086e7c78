import type { Role } from '@cw/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../api-client';

/**
 * Query keys of collections. The first segment is the resource, so invalidating
 * `collectionKeys.all` refreshes lists, pages, details and the dashboard's counts alike.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (user: number) => ['collections', 'list', user] as const,
  shared: (user: number) => ['collections', 'shared', user] as const,
  page: (user: number, page: number, pageSize: number) =>
    ['collections', 'page', user, { page, page_size: pageSize }] as const,
  detail: (id: number) => ['collections', 'detail', id] as const,
};

/** 30 cards fill whole rows of 1, 2 or 3 columns. */
export const COLLECTIONS_PAGE_SIZE = 30;

/** One page of the user's collections, newest first, with the total count. */
export async function listCollections(user: number, page: number, pageSize: number) {
  return asPage(await callApi('collections.list', { query: { user, page, page_size: pageSize } }));
}

/** One page of the collections others shared with the user (`?scope=shared`). */
export async function listSharedCollections(page: number, pageSize: number) {
  return asPage(
    await callApi('collections.list', { query: { scope: 'shared', page, page_size: pageSize } }),
  );
}

export function getCollection(id: number) {
  return callApi('collections.get', { params: { id } });
}

/** The user's collections, one page after another ("Load more"). */
export function collectionsQueryOptions(user: number) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.list(user),
    queryFn: ({ pageParam }) => listCollections(user, pageParam, COLLECTIONS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The collections shared with the user ("Shared with me"), one page after another. */
export function sharedCollectionsQueryOptions(user: number) {
  return infiniteQueryOptions({
    queryKey: collectionKeys.shared(user),
    queryFn: ({ pageParam }) => listSharedCollections(pageParam, COLLECTIONS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** A single page of the user's collections (e.g. the newest few and the count). */
export function collectionsPageQueryOptions(user: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: collectionKeys.page(user, page, pageSize),
    queryFn: () => listCollections(user, page, pageSize),
  });
}

/**
 * How often an open shared collection (or shared item) is asked again, so a person removed from
 * it notices in an open tab (it is also asked again when the window gets focus).
 */
export const SHARED_REFETCH_MS = 10_000;

/** What the refetch options read of a query: its data's role. */
interface RoleQuery {
  state: { data: { role: Role } | undefined };
}

const sharedData = (query: RoleQuery) =>
  query.state.data !== undefined && query.state.data.role !== 'owner';

/** Refetch options that poll (and refetch on focus) while the data is shared with the caller. */
export const sharedRefetch = {
  refetchInterval: (query: RoleQuery) => (sharedData(query) ? SHARED_REFETCH_MS : false),
  refetchOnWindowFocus: (query: RoleQuery) => sharedData(query),
};

export function collectionQueryOptions(id: number) {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: () => getCollection(id),
    enabled: Number.isInteger(id) && id > 0,
    ...sharedRefetch,
  });
}
