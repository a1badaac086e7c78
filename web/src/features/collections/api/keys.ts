/**
 * Query keys. The first segment is the resource, shared by every feature that shows it, so
 * invalidating ['collections'] refreshes lists, details and the dashboard's counts alike.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (user: number) => ['collections', 'list', user] as const,
  detail: (id: number) => ['collections', 'detail', id] as const,
};
export const noteKeys = {
  all: ['notes'] as const,
  list: (collection: number) => ['notes', collection] as const,
};
