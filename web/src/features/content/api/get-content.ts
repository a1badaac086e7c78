import { useQuery } from '@tanstack/react-query';
import { contentQueryOptions } from '../../../lib/api/contents';

export function useContent(id: number) {
  return useQuery(contentQueryOptions(id));
}
