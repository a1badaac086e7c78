import type { Collection } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './keys';

export function getCollection(id: number) {
  return api.get<Collection>(`/collections/list/${id}/`);
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: collectionKeys.detail(id),
    queryFn: () => getCollection(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
