import type { Collection, ContentItem, Paginated, Tag } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { api, asPage } from '../../../lib/api-client';

/** How many recent items each list contributes to "Recently changed". */
const RECENT_WINDOW = 50;

export interface RecentItem {
  kind: 'collection' | 'content';
  id: number;
  title: string;
  /** The last change: updated_on, or created_on for items never changed. */
  changedOn: string;
  edited: boolean;
  href: string;
}

/*
 * Keys start with the resource ('collections', 'contents', 'tags') so every change made on
 * the other screens (which invalidate by resource) refreshes the dashboard too.
 */
export function useCollectionsSummary(user: number) {
  return useQuery({
    queryKey: ['collections', 'summary', user],
    queryFn: async () => {
      const page = asPage(
        await api.get<Paginated<Collection> | Collection[]>('/collections/list/', {
          query: { user, page: 1, page_size: RECENT_WINDOW },
        }),
      );
      const recent: RecentItem[] = page.results.map((collection) => ({
        kind: 'collection',
        id: collection.id,
        title: collection.name,
        changedOn: collection.updated_on ?? collection.created_on,
        edited: Boolean(collection.updated_on),
        href: `/collections/${collection.id}`,
      }));
      return { count: page.count, recent };
    },
  });
}

export function useContentsSummary(user: number) {
  return useQuery({
    queryKey: ['contents', 'summary', user],
    queryFn: async () => {
      const page = asPage(
        await api.get<Paginated<ContentItem> | ContentItem[]>('/collections/contents-list/', {
          query: { user, page: 1, page_size: RECENT_WINDOW },
        }),
      );
      const recent: RecentItem[] = page.results.map((item) => ({
        kind: 'content',
        id: item.id,
        title: item.title,
        changedOn: item.updated_on ?? item.created_on,
        edited: Boolean(item.updated_on),
        href: `/content/${item.id}`,
      }));
      return { count: page.count, recent };
    },
  });
}

export function useTagCount(user: number) {
  return useQuery({
    queryKey: ['tags', 'summary', user],
    queryFn: async () =>
      asPage(
        await api.get<Paginated<Tag> | Tag[]>('/collections/tags/', {
          query: { user, page: 1, page_size: 1 },
        }),
      ).count,
  });
}

/** The most recently changed items of both lists, newest first. */
export function mergeRecent(lists: (RecentItem[] | undefined)[], limit: number): RecentItem[] {
  return lists
    .flatMap((list) => list ?? [])
    .sort((a, b) => Date.parse(b.changedOn) - Date.parse(a.changedOn))
    .slice(0, limit);
}
