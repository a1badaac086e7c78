import type { ContentStatus, SearchResult, SearchType } from '@cw/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../api-client';

/**
 * Query keys of search answers. Every key holds the query text, so an answer is only ever
 * shown for the text it was asked for: an older answer arriving late fills its own entry and
 * never replaces a newer one. Changing any library object invalidates `searchKeys.all`.
 */
export const searchKeys = {
  all: ['search'] as const,
  palette: (user: number, q: string) => ['search', 'palette', user, q] as const,
  list: (user: number, q: string, filters: SearchFilters) =>
    ['search', 'list', user, q, filters] as const,
};

/** The filters of the /search page (docs/api.md, "Search"); left out = no filter. */
export interface SearchFilters {
  type?: SearchType;
  collection?: number;
  tag?: number;
  status?: ContentStatus;
}

/** The palette shows the best 20; the /search page loads 20 a page ("Load more"). */
export const SEARCH_PAGE_SIZE = 20;

/** One page of results, best match first. */
export async function search(
  q: string,
  page: number,
  pageSize: number,
  filters: SearchFilters = {},
  signal?: AbortSignal,
) {
  return asPage(
    await callApi('search.query', {
      // One type and one status at most: a one-item list is written as `type=note`.
      query: {
        q,
        page,
        page_size: pageSize,
        collection: filters.collection,
        tag: filters.tag,
        type: filters.type ? [filters.type] : undefined,
        status: filters.status ? [filters.status] : undefined,
      },
      signal,
    }),
  );
}

/** The palette's answer for `q` (already trimmed; an empty `q` is never asked). */
export function paletteSearchQueryOptions(user: number, q: string) {
  return queryOptions({
    queryKey: searchKeys.palette(user, q),
    queryFn: ({ signal }) => search(q, 1, SEARCH_PAGE_SIZE, {}, signal),
    enabled: q !== '',
    staleTime: 30_000,
  });
}

/** The /search page's results, one page after another. */
export function searchQueryOptions(user: number, q: string, filters: SearchFilters = {}) {
  return infiniteQueryOptions({
    queryKey: searchKeys.list(user, q, filters),
    queryFn: ({ pageParam, signal }) => search(q, pageParam, SEARCH_PAGE_SIZE, filters, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: q !== '',
  });
}

export type { SearchResult };
