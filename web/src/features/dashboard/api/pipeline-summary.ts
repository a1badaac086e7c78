import type { ContentItem, ContentStatus } from '@cw/contract';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { format, startOfWeek } from 'date-fns';
import { contentsPageQueryOptions, listContents } from '../../../lib/api/contents';

export const PIPELINE_STATUSES: readonly ContentStatus[] = [
  'idea',
  'scripting',
  'recording',
  'editing',
  'published',
];

/** How many of the user's items are in each status: one count-only page per status. */
export function useStatusCounts(user: number) {
  return useQueries({
    queries: PIPELINE_STATUSES.map((status) => ({
      ...contentsPageQueryOptions(user, 1, 1, { status }),
      select: (page: { count: number }) => page.count,
    })),
  });
}

/** The next `limit` publications: items planned for today or later, soonest first. */
export function useUpcoming(user: number, today: Date, limit = 5) {
  return useQuery({
    ...contentsPageQueryOptions(user, 1, limit, {
      ordering: 'publish_on',
      publish_on_after: format(today, 'yyyy-MM-dd'),
    }),
    select: (page) => page.results,
  });
}

/** The week as the calendar shows it: from Sunday. */
export function startOfThisWeek(now: Date): Date {
  return startOfWeek(now, { weekStartsOn: 0 });
}

/**
 * Words written this week, as honestly as the API allows (decision 161): the words of the
 * user's items *started* this week (created since Sunday 00:00 local time), counted as they are
 * now. An older item grown this week is not counted: the server keeps no history of words.
 */
export function wordsStartedSince(items: readonly ContentItem[], since: Date): number {
  return items
    .filter((item) => Date.parse(item.created_on) >= since.getTime())
    .reduce((sum, item) => sum + item.word_count, 0);
}

const WEEK_PAGE = 200;

/** The user's items created since `since`: newest first, page after page until an older one. */
async function itemsCreatedSince(user: number, since: Date): Promise<ContentItem[]> {
  const found: ContentItem[] = [];
  for (let page = 1; ; page += 1) {
    const { results, next } = await listContents(user, page, WEEK_PAGE, {
      ordering: '-created_on',
    });
    const recent = results.filter((item) => Date.parse(item.created_on) >= since.getTime());
    found.push(...recent);
    if (!next || recent.length < results.length) return found;
  }
}

export function useWordsThisWeek(user: number, now: Date) {
  const since = startOfThisWeek(now);
  return useQuery(
    queryOptions({
      queryKey: ['contents', 'created-since', user, since.toISOString()] as const,
      queryFn: () => itemsCreatedSince(user, since),
      select: (items) => ({ words: wordsStartedSince(items, since), items: items.length }),
    }),
  );
}
