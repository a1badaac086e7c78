import type { CollectionCreateBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';

export interface NewCollection {
  name: string;
  description: string;
  is_active: boolean;
  is_public: boolean;
}

/**
 * docs/product.md, "Calls": {meta_data, name, description, is_active, is_public, user, tags: []}.
 */
export function createCollection(user: number, values: NewCollection) {
  const body: CollectionCreateBody = { meta_data: {}, ...values, user, tags: [] };
  return callApi('collections.create', { body });
}

export function useCreateCollection(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewCollection) => createCollection(user, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
