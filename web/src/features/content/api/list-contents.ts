import type { ContentItem, Paginated } from '@cw/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, asPage, nextPageParam } from '../../../lib/api-client';
import { contentKeys } from './keys';

/** 30 cards fill whole rows of 1, 2 or 3 columns. */
export const CONTENTS_PAGE_SIZE = 30;

export async function listContents(user: number, page: number) {
  return asPage(
    await api.get<Paginated<ContentItem> | ContentItem[]>('/collections/contents-list/', {
      query: { user, page, page_size: CONTENTS_PAGE_SIZE },
    }),
  );
}

export function useContents(user: number) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(user),
    queryFn: ({ pageParam }) => listContents(user, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}
