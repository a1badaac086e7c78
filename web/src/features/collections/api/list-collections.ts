import { useInfiniteQuery } from '@tanstack/react-query';
import { collectionsQueryOptions } from '../../../lib/api/collections';

/** The user's collections, newest first, one page at a time ("Load more"). */
export function useCollections(user: number) {
  return useInfiniteQuery(collectionsQueryOptions(user));
}
