import type { ContentItem } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { contentKeys } from '../../../lib/api/contents';

/** What the board and the calendar change on an item: its column, place or day. */
export interface ItemChange {
  id: number;
  /** Shown in the failure message. */
  title: string;
  body: Pick<Partial<ContentItem>, 'status' | 'position' | 'publish_on'>;
  /** The list as it will be after the change (the optimistic update). */
  apply: (items: readonly ContentItem[]) => ContentItem[];
}

type EveryKey = ReturnType<typeof contentKeys.every>;

/**
 * Saves a move at once and shows it before the server answers: every cached board/calendar list
 * gets `apply`, and gets its old value back when the request fails (`onFailure` tells the user).
 * Afterwards the content lists refresh from the server.
 */
export function useItemChange(onFailure: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ItemChange) =>
      callApi('contents.update', { params: { id: change.id }, body: change.body }),
    onMutate: async (change) => {
      const prefix = ['contents', 'every'] as const;
      await queryClient.cancelQueries({ queryKey: prefix });
      const before = queryClient.getQueriesData<ContentItem[]>({ queryKey: prefix });
      for (const [key, items] of before) {
        if (items) queryClient.setQueryData<ContentItem[]>(key, change.apply(items));
      }
      return { before: before as [EveryKey, ContentItem[] | undefined][] };
    },
    onError: (error, change, context) => {
      for (const [key, items] of context?.before ?? []) queryClient.setQueryData(key, items);
      onFailure(`Could not move “${change.title}”: ${error.message}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
