/** Query keys; the first segment is the resource, shared with other features' caches. */
export const contentKeys = {
  all: ['contents'] as const,
  list: (user: number) => ['contents', 'list', user] as const,
  detail: (id: number) => ['contents', 'detail', id] as const,
};
