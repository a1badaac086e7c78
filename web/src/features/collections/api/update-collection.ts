import type { CollectionPatchBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys, collectionQueryOptions } from '../../../lib/api/collections';

export function updateCollection(id: number, patch: CollectionPatchBody) {
  return callApi('collections.update', { params: { id }, body: patch });
}

/** PATCH one field; the answer (the whole collection) becomes the cached detail. */
export function useUpdateCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CollectionPatchBody) => updateCollection(id, patch),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionQueryOptions(id).queryKey, collection);
      void queryClient.invalidateQueries({
        queryKey: collectionKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
