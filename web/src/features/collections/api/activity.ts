import { infiniteQueryOptions } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../../../lib/api-client';

const ACTIVITY_PAGE_SIZE = 10;

export const activityKeys = {
  list: (collectionId: number) => ['collections', 'activity', collectionId] as const,
};

/** A collection's activity, newest first, page by page (Load more); fresh every 30 s. */
export function activityQueryOptions(collectionId: number) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(collectionId),
    queryFn: async ({ pageParam }) =>
      asPage(
        await callApi('activity.list', {
          params: { id: collectionId },
          query: { page: pageParam, page_size: ACTIVITY_PAGE_SIZE },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    refetchInterval: 30_000,
  });
}
