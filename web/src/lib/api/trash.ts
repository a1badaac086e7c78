import type { TrashType } from '@cw/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../api-client';

/** Query keys of the trash (docs/product.md, "Trash"). */
export const trashKeys = {
  all: ['trash'] as const,
  list: (user: number) => ['trash', 'list', user] as const,
};

const TRASH_PAGE_SIZE = 50;

/** The caller's trash, newest first, page by page (Load more). */
export function trashQueryOptions(user: number) {
  return infiniteQueryOptions({
    queryKey: trashKeys.list(user),
    queryFn: async ({ pageParam }) =>
      asPage(
        await callApi('trash.list', { query: { page: pageParam, page_size: TRASH_PAGE_SIZE } }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Brings an object back from the trash (the toast's Undo, the trash screen's Restore). */
export const restoreFromTrash = (type: TrashType, id: number) =>
  callApi('trash.restore', { params: { type, id } });

export const deleteForever = (type: TrashType, id: number) =>
  callApi('trash.remove', { params: { type, id } });

export const emptyTrash = () => callApi('trash.empty', {});
