import { useInfiniteQuery } from '@tanstack/react-query';
import { contentsQueryOptions } from '../../../lib/api/contents';

/** The user's content items, newest first, one page at a time ("Load more"). */
export function useContents(user: number) {
  return useInfiniteQuery(contentsQueryOptions(user));
}
