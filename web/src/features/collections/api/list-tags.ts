import type { Paginated, Tag } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asPage, tagKeys } from './keys';

/** Every tag of the user (all pages), sorted by name: the dropdown must never hide one. */
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
  return tags.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function useAllTags(user: number) {
  return useQuery({ queryKey: tagKeys.every(user), queryFn: () => listAllTags(user) });
}
