import { useQuery } from '@tanstack/react-query';
import { collectionQueryOptions } from '../../../lib/api/collections';

export function useCollection(id: number) {
  return useQuery(collectionQueryOptions(id));
}
