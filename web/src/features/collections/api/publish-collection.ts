import type { Collection } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys, collectionQueryOptions } from '../../../lib/api/collections';

/**
 * Publish to the web and stop publishing (docs/product.md, "Publishing"): the answer becomes the
 * cached collection and the lists reload (their cards carry the On the web badge).
 */
export function usePublishing(collection: Collection) {
  const queryClient = useQueryClient();
  const detailKey = collectionQueryOptions(collection.id).queryKey;
  const refreshLists = () =>
    queryClient.invalidateQueries({
      queryKey: collectionKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  const publish = useMutation({
    mutationFn: () => callApi('collections.publish', { params: { id: collection.id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailKey, answer);
      void refreshLists();
    },
  });
  const unpublish = useMutation({
    mutationFn: () => callApi('collections.unpublish', { params: { id: collection.id } }),
    onSuccess: () => {
      queryClient.setQueryData(detailKey, { ...collection, public_id: null, public_url: null });
      void refreshLists();
    },
  });
  /** Whole texts in the feed (decision 231), the owner's. */
  const feedFullText = useMutation({
    mutationFn: (on: boolean) =>
      callApi('collections.update', {
        params: { id: collection.id },
        body: { feed_full_text: on },
      }),
    onSuccess: (answer) => queryClient.setQueryData(detailKey, answer),
  });
  return { publish, unpublish, feedFullText };
}
