import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys, noteKeys } from './keys';

export function deleteCollection(id: number) {
  return api.delete(`/collections/list/${id}/`);
}

/** On success the list reloads (docs/product.md §4). */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id) });
      queryClient.removeQueries({ queryKey: noteKeys.list(id) });
      return queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
