import type { Tag, TagCreateBody } from '@cw/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asPage, callApi } from '../api-client';

/**
 * Query keys of the user's tags, shared by collections, content and the dashboard:
 * invalidating `tagKeys.all` refreshes every picker and count.
 */
export const tagKeys = {
  all: ['tags'] as const,
  every: (user: number) => ['tags', 'all', user] as const,
  page: (user: number, page: number, pageSize: number) =>
    ['tags', 'page', user, { page, page_size: pageSize }] as const,
};

/** The API's largest page. */
const ALL_TAGS_PAGE_SIZE = 200;

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** One page of the user's tags, newest first, with the total count. */
export async function listTags(user: number, page: number, pageSize: number) {
  return asPage(await callApi('tags.list', { query: { user, page, page_size: pageSize } }));
}

/** Every tag of the user (all pages), sorted by name: a picker must never hide one. */
export async function listAllTags(user: number): Promise<Tag[]> {
  const tags: Tag[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listTags(user, page, ALL_TAGS_PAGE_SIZE);
    tags.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return tags.sort(byName);
}

export function allTagsQueryOptions(user: number) {
  return queryOptions({ queryKey: tagKeys.every(user), queryFn: () => listAllTags(user) });
}

/** A single page of the user's tags (e.g. page size 1 for the count alone). */
export function tagsPageQueryOptions(user: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: tagKeys.page(user, page, pageSize),
    queryFn: () => listTags(user, page, pageSize),
  });
}

export function useAllTags(user: number) {
  return useQuery(allTagsQueryOptions(user));
}

export function createTag(user: number, name: string) {
  const body: TagCreateBody = { name: name.trim(), user };
  return callApi('tags.create', { body });
}

/** Collections and content both create tags from their pickers. */
export function useCreateTag(user: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createTag(user, name),
    onSuccess: (tag) => {
      queryClient.setQueryData(allTagsQueryOptions(user).queryKey, (tags) =>
        tags ? [...tags, tag].sort(byName) : [tag],
      );
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
