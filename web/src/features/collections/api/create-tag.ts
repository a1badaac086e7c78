import type { Tag, TagCreateBody } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tagKeys } from './keys';

export function createTag(user: number, name: string) {
  const body: TagCreateBody = { name: name.trim(), user };
  return api.post<Tag>('/collections/tags/', body);
}

export function useCreateTag(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createTag(user, name),
    onSuccess: (tag) => {
      queryClient.setQueryData<Tag[]>(tagKeys.every(user), (tags) =>
        tags ? [...tags, tag].sort((a, b) => a.name.localeCompare(b.name)) : [tag],
      );
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
