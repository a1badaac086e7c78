import type { CollectionScope, ContentOrdering, ContentStatus } from '@cw/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContentItem, Paginated } from '@cw/contract';
import { asPage, callApi, nextPageParam } from '../api-client';
import { collectionKeys, sharedRefetch } from './collections';
import { fileKeys } from './files';

/**
 * Query keys of content items. The first segment is the resource, so invalidating
 * `contentKeys.all` refreshes lists, pages, details and the dashboard's counts alike.
 */
export const contentKeys = {
  all: ['contents'] as const,
  list: (user: number, filters: ContentFilters = {}) =>
    ['contents', 'list', user, filters] as const,
  page: (user: number, page: number, pageSize: number, filters: ContentFilters = {}) =>
    ['contents', 'page', user, { page, page_size: pageSize, ...filters }] as const,
  detail: (id: number) => ['contents', 'detail', id] as const,
  /** Every item of a filter at once (the board and the calendar), not a page. */
  every: (user: number, filters: ContentFilters = {}) =>
    ['contents', 'every', user, filters] as const,
};

/** The list filters of docs/api.md ("Lists") that the screens use; left out = no filter. */
export interface ContentFilters {
  /** Whose items (docs/api.md, "Lists"): unset is the person's own. */
  scope?: CollectionScope;
  collection?: number;
  tag?: number;
  status?: ContentStatus;
  ordering?: ContentOrdering;
  /** `YYYY-MM-DD`: only items planned on or after that day. */
  publish_on_after?: string;
}

/** 30 cards fill whole rows of 1, 2 or 3 columns. */
export const CONTENTS_PAGE_SIZE = 30;

/**
 * One page of the user's content items (newest first unless `ordering` says), with the count.
 * `after`: the cursor of the previous page's `next` link (docs/api.md, "Lists"), so the server
 * reads this page by key instead of skipping the pages before it.
 */
export async function listContents(
  user: number,
  page: number,
  pageSize: number,
  filters: ContentFilters = {},
  after?: string,
) {
  return asPage(
    await callApi('contents.list', {
      // One status at most: the query builder writes a one-item list as `status=idea`.
      query: {
        user,
        page,
        page_size: pageSize,
        ...(after === undefined ? {} : { after }),
        ...filters,
        status: filters.status ? [filters.status] : undefined,
      },
    }),
  );
}

export function getContent(id: number) {
  return callApi('contents.get', { params: { id } });
}

/** Which page to read next: its number, and the cursor its `next` link carries (if any). */
interface ContentsPageParam {
  page: number;
  after?: string;
}

/** The page after the last one read, as its `next` link says; undefined at the end. */
export function nextContentsPage(
  last: Paginated<ContentItem>,
  pages: Paginated<ContentItem>[],
): ContentsPageParam | undefined {
  const page = nextPageParam(last, pages);
  if (page === undefined || last.next === null) return undefined;
  const after = new URL(last.next, 'http://local').searchParams.get('after');
  return after === null ? { page } : { page, after };
}

/**
 * The user's content items, filtered and sorted, one page after another ("Load more"), each
 * page after the first by the cursor of the one before (decision 264).
 */
export function contentsQueryOptions(user: number, filters: ContentFilters = {}) {
  return infiniteQueryOptions({
    queryKey: contentKeys.list(user, filters),
    queryFn: ({ pageParam }: { pageParam: ContentsPageParam }) =>
      listContents(user, pageParam.page, CONTENTS_PAGE_SIZE, filters, pageParam.after),
    initialPageParam: { page: 1 } as ContentsPageParam,
    getNextPageParam: nextContentsPage,
  });
}

/** A single page of the user's content items (e.g. the newest few and the count). */
export function contentsPageQueryOptions(
  user: number,
  page: number,
  pageSize: number,
  filters: ContentFilters = {},
) {
  return queryOptions({
    queryKey: contentKeys.page(user, page, pageSize, filters),
    queryFn: () => listContents(user, page, pageSize, filters),
  });
}

export function contentQueryOptions(id: number) {
  return queryOptions({
    queryKey: contentKeys.detail(id),
    queryFn: () => getContent(id),
    enabled: Number.isInteger(id) && id > 0,
    // An item seen through a shared collection: a removed member notices in an open tab.
    ...sharedRefetch,
  });
}

/** The largest page the API gives (docs/api.md, lists). */
const LARGEST_PAGE = 200;

/**
 * Every item of a filter: the first page says how many there are, the others are asked for
 * together (500 items are three requests), and any beyond an estimated count one by one. An item
 * that moved between pages while they were read is kept once.
 */
export async function listEveryContent(
  user: number,
  filters: ContentFilters = {},
): Promise<ContentItem[]> {
  const first = await listContents(user, 1, LARGEST_PAGE, filters);
  const pageCount = Math.ceil(first.count / LARGEST_PAGE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) =>
      listContents(user, i + 2, LARGEST_PAGE, filters),
    ),
  );
  const pages = [first, ...rest];
  // Past 10,000 items the count is an estimate (decision 256): read on while the last page
  // is full and says there is more.
  for (let last = pages[pages.length - 1]!; last.next !== null && last.results.length > 0;) {
    last = await listContents(user, pages.length + 1, LARGEST_PAGE, filters);
    pages.push(last);
  }
  const byId = new Map<number, ContentItem>();
  for (const page of pages) for (const item of page.results) byId.set(item.id, item);
  return [...byId.values()];
}

/** Every item of a filter (the board, the calendar), refreshed with the other content lists. */
export function everyContentQueryOptions(user: number, filters: ContentFilters = {}) {
  return queryOptions({
    queryKey: contentKeys.every(user, filters),
    queryFn: () => listEveryContent(user, filters),
  });
}

/**
 * Deletes a content item (to the trash, with its files): every content list, the collections'
 * counts and the file lists change, from /content and from a collection's Content tab alike.
 */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('contents.remove', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contentKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: fileKeys.all }),
      ]);
    },
  });
}
