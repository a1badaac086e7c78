import type { Paginated } from '@cw/contract';

/**
 * Query keys. The first segment is the resource, shared by every feature that shows it, so
 * invalidating ['collections'] refreshes lists, details and the dashboard's counts alike.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (user: number) => ['collections', 'list', user] as const,
  detail: (id: number) => ['collections', 'detail', id] as const,
};
export const tagKeys = {
  all: ['tags'] as const,
  every: (user: number) => ['tags', 'all', user] as const,
};
export const noteKeys = {
  all: ['notes'] as const,
  list: (collection: number) => ['notes', collection] as const,
};

/** Lists answer a paged object; the spec also allows a plain array (one page, nothing more). */
export function asPage<T>(answer: Paginated<T> | T[]): Paginated<T> {
  return Array.isArray(answer)
    ? { count: answer.length, next: null, previous: null, results: answer }
    : answer;
}

export function nextPageParam<T>(last: Paginated<T>, pages: Paginated<T>[]): number | undefined {
  return last.next ? pages.length + 1 : undefined;
}
