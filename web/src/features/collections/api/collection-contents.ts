import { useInfiniteQuery } from '@tanstack/react-query';
import { contentsQueryOptions } from '../../../lib/api/contents';

/** The user's content items in one collection, newest first, a page at a time. */
export function useCollectionContents(user: number, collection: number) {
  return useInfiniteQuery(contentsQueryOptions(user, { collection }));
}
