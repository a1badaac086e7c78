import { useInfiniteQuery } from '@tanstack/react-query';
import {
  collectionsQueryOptions,
  sharedCollectionsQueryOptions,
} from '../../../lib/api/collections';

/** The user's collections, newest first, one page at a time ("Load more"). */
export function useCollections(user: number) {
  return useInfiniteQuery(collectionsQueryOptions(user));
}

/** The collections others shared with the user ("Shared with me"), newest first. */
export function useSharedCollections(user: number) {
  return useInfiniteQuery(sharedCollectionsQueryOptions(user));
}
