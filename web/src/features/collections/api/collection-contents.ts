import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import { contentKeys, contentsQueryOptions } from '../../../lib/api/contents';
import { fileKeys } from '../../../lib/api/files';

/** The user's content items in one collection, newest first, a page at a time. */
export function useCollectionContents(user: number, collection: number) {
  return useInfiniteQuery(contentsQueryOptions(user, { collection }));
}

/** Deletes a content item (and its files); the collection's count and file list change too. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('contents.remove', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contentKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: fileKeys.all }),
      ]);
    },
  });
}
