import type { Paginated } from '@cw/contract';

/** Query keys; the first segment is the resource, shared with other features' caches. */
export const contentKeys = {
  all: ['contents'] as const,
  list: (user: number) => ['contents', 'list', user] as const,
  detail: (id: number) => ['contents', 'detail', id] as const,
};
export const tagKeys = {
  all: ['tags'] as const,
  every: (user: number) => ['tags', 'all', user] as const,
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
