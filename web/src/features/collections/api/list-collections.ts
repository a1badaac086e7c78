import type { Collection, Paginated } from '@cw/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, asPage, nextPageParam } from '../../../lib/api-client';
import { collectionKeys } from './keys';

/** 30 cards fill whole rows of 1, 2 or 3 columns. */
export const COLLECTIONS_PAGE_SIZE = 30;

export async function listCollections(user: number, page: number) {
  return asPage(
    await api.get<Paginated<Collection> | Collection[]>('/collections/list/', {
      query: { user, page, page_size: COLLECTIONS_PAGE_SIZE },
    }),
  );
}

/** The user's collections, newest first, one page at a time ("Load more"). */
export function useCollections(user: number) {
  return useInfiniteQuery({
    queryKey: collectionKeys.list(user),
    queryFn: ({ pageParam }) => listCollections(user, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}
