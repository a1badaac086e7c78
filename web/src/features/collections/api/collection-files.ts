import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../../../lib/api-client';
import { contentKeys } from '../../../lib/api/contents';
import { fileKeys } from '../../../lib/api/files';

export const COLLECTION_FILES_PAGE_SIZE = 50;

/**
 * The collection's own files and those of its content items (docs/api.md, "Lists"), newest first.
 */
export function useCollectionFiles(collection: number) {
  return useInfiniteQuery({
    queryKey: fileKeys.collection(collection),
    queryFn: async ({ pageParam }) =>
      asPage(
        await callApi('files.list', {
          query: { collection, page: pageParam, page_size: COLLECTION_FILES_PAGE_SIZE },
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Uploads one file to the collection itself (multipart fields `file` and `collection`). */
export function useUploadCollectionFile(collection: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('collection', String(collection));
      form.append('file', file, file.name);
      return callApi('files.upload', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

/** Deletes a file (its row, then its bytes); an item's attachment count changes too. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('files.remove', { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all }),
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
      ]),
  });
}
