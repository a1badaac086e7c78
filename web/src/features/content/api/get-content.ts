import type { ContentItem } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentKeys } from './keys';

export function getContent(id: number) {
  return api.get<ContentItem>(`/collections/contents-list/${id}/`);
}

export function useContent(id: number) {
  return useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: () => getContent(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
