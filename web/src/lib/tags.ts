import type { Paginated, Tag, TagCreateBody } from '@cw/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, asPage } from './api-client';

/** The user's tags are shared by collections and content: one cache, one way to load them. */
export const tagKeys = {
  all: ['tags'] as const,
  every: (user: number) => ['tags', 'all', user] as const,
};

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Every tag of the user (all pages), sorted by name: a picker must never hide one. */
export async function listAllTags(user: number): Promise<Tag[]> {
  const tags: Tag[] = [];
  for (let page = 1; ; page += 1) {
    const answer = asPage(
      await api.get<Paginated<Tag> | Tag[]>('/collections/tags/', {
        query: { user, page, page_size: 200 },
      }),
    );
    tags.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return tags.sort(byName);
}

export function useAllTags(user: number) {
  return useQuery({ queryKey: tagKeys.every(user), queryFn: () => listAllTags(user) });
}

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
        tags ? [...tags, tag].sort(byName) : [tag],
      );
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
