import type { Collection, CollectionPatchBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './keys';

export function updateCollection(id: number, patch: CollectionPatchBody) {
  return api.patch<Collection>(`/collections/list/${id}/`, patch);
}

/** PATCH one field; the answer (the whole collection) becomes the cached detail. */
export function useUpdateCollection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CollectionPatchBody) => updateCollection(id, patch),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(id), collection);
      void queryClient.invalidateQueries({
        queryKey: collectionKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
