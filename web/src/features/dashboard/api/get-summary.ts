import type { Collection, ContentItem, Paginated } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { collectionsPageQueryOptions } from '../../../lib/api/collections';
import { contentsPageQueryOptions } from '../../../lib/api/contents';
import { tagsPageQueryOptions } from '../../../lib/api/tags';

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

export interface Summary {
  count: number;
  recent: RecentItem[];
}

interface Changed {
  id: number;
  created_on: string;
  updated_on: string | null;
}

/** A list's count and its rows as "Recently changed" entries of one kind. */
function summaryOf<T extends Changed>(
  page: Paginated<T>,
  kind: RecentItem['kind'],
  title: (row: T) => string,
  href: (id: number) => string,
): Summary {
  return {
    count: page.count,
    recent: page.results.map((row) => ({
      kind,
      id: row.id,
      title: title(row),
      changedOn: row.updated_on ?? row.created_on,
      edited: Boolean(row.updated_on),
      href: href(row.id),
    })),
  };
}

const collectionsSummary = (page: Paginated<Collection>) =>
  summaryOf(
    page,
    'collection',
    (collection) => collection.name,
    (id) => `/collections/${id}`,
  );

const contentsSummary = (page: Paginated<ContentItem>) =>
  summaryOf(
    page,
    'content',
    (item) => item.title,
    (id) => `/content/${id}`,
  );

/*
 * The dashboard reads the first page of each list through the resources' own query options,
 * so every change made on the other screens (which invalidate by resource) refreshes it too.
 */
export function useCollectionsSummary(user: number) {
  return useQuery({
    ...collectionsPageQueryOptions(user, 1, RECENT_WINDOW),
    select: collectionsSummary,
  });
}

export function useContentsSummary(user: number) {
  return useQuery({
    ...contentsPageQueryOptions(user, 1, RECENT_WINDOW),
    select: contentsSummary,
  });
}

export function useTagCount(user: number) {
  return useQuery({ ...tagsPageQueryOptions(user, 1, 1), select: (page) => page.count });
}

/** The most recently changed items of both lists, newest first. */
export function mergeRecent(lists: (RecentItem[] | undefined)[], limit: number): RecentItem[] {
  return lists
    .flatMap((list) => list ?? [])
    .sort((a, b) => Date.parse(b.changedOn) - Date.parse(a.changedOn))
    .slice(0, limit);
}
