import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import { noteKeys } from './notes';

export function deleteCollection(id: number) {
  return callApi('collections.remove', { params: { id } });
}

/** On success the list reloads (docs/product.md, "States and transitions"). */
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
