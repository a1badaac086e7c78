import type { Tag } from '@cw/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import { contentKeys } from '../../../lib/api/contents';
import { searchKeys } from '../../../lib/api/search';
import { allTagsQueryOptions, tagKeys } from '../../../lib/api/tags';

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * A tag's name and links show on cards, pickers, filters and search: after a rename, merge or
 * delete every one of those lists is asked again.
 */
function refreshEverythingTagged(queryClient: QueryClient) {
  for (const queryKey of [tagKeys.all, contentKeys.all, collectionKeys.all, searchKeys.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useRenameTag(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callApi('tags.update', { params: { id }, body: { name } }),
    onSuccess: (tag) => {
      queryClient.setQueryData(allTagsQueryOptions(user).queryKey, (tags) =>
        tags?.map((item) => (item.id === tag.id ? tag : item)).sort(byName),
      );
      refreshEverythingTagged(queryClient);
    },
  });
}

/** Moves every link of `id` to `into` and deletes `id`; the answer is tag `into`. */
export function useMergeTag(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) =>
      callApi('tags.merge', { params: { id }, body: { into } }),
    onSuccess: (tag, { id }) => {
      queryClient.setQueryData(allTagsQueryOptions(user).queryKey, (tags) =>
        tags?.filter((item) => item.id !== id).map((item) => (item.id === tag.id ? tag : item)),
      );
      refreshEverythingTagged(queryClient);
    },
  });
}

export function useDeleteTag(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('tags.remove', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(allTagsQueryOptions(user).queryKey, (tags) =>
        tags?.filter((item) => item.id !== id),
      );
      refreshEverythingTagged(queryClient);
    },
  });
}
