import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../api-client';

/**
 * Links between items (docs/api.md, "Links between items"; decision 211). Keys sit under
 * `contentKeys.all` (`'contents'`), so a save anywhere refreshes links and backlinks too.
 */
export const linkKeys = {
  links: (contentId: number) => ['contents', 'links', contentId] as const,
  backlinks: (contentId: number) => ['contents', 'backlinks', contentId] as const,
};

/** How often the writing page asks again for the links of the text being written. */
const LIVE_LINKS_MS = 5000;

/** The most backlinks the page lists at once (one page of the API's). */
export const BACKLINKS_SHOWN = 50;

export const itemLinksQueryOptions = (contentId: number) =>
  queryOptions({
    queryKey: linkKeys.links(contentId),
    queryFn: ({ signal }) => callApi('links.list', { params: { id: contentId }, signal }),
  });

export const backlinksQueryOptions = (contentId: number) =>
  queryOptions({
    queryKey: linkKeys.backlinks(contentId),
    queryFn: ({ signal }) =>
      callApi('links.backlinks', {
        params: { id: contentId },
        query: { page: 1, page_size: BACKLINKS_SHOWN },
        signal,
      }),
  });

/**
 * Where each `[[…]]` of item `contentId` leads for the signed-in person: a lookup by the
 * written text (normalised), and the address that makes a missing item (the writing page,
 * titled: decision 199).
 */
export function useWikilinks(contentId: number | null, { live = false } = {}) {
  const links = useQuery({
    ...itemLinksQueryOptions(contentId ?? 0),
    enabled: contentId !== null,
    // While the text is written, its links are derived as it settles: asked again now and then.
    refetchInterval: live ? LIVE_LINKS_MS : false,
  });
  const data = links.data;
  return useMemo(() => {
    const targets = new Map(
      (data?.results ?? []).flatMap((link) =>
        link.target
          ? [[link.text, { href: `/content/${link.target.id}`, title: link.target.title }] as const]
          : [],
      ),
    );
    return {
      resolve: (text: string) => targets.get(text) ?? null,
      missing: (title: string) => `/content/create?title=${encodeURIComponent(title)}`,
    };
  }, [data]);
}

/** The most titles the editor's `[[` list shows. */
const LINK_TITLES = 20;

/**
 * Titles of the items the person may read for the editor's `[[` list (decision 211): the
 * search's content items for what was typed (shared items included), or their most recently
 * changed items before anything is typed.
 */
export async function findLinkTitles(query: string, signal: AbortSignal): Promise<string[]> {
  if (query === '') {
    const page = await callApi('contents.list', {
      query: { page: 1, page_size: LINK_TITLES, ordering: '-updated_on' },
      signal,
    });
    return page.results.map((item) => item.title);
  }
  const found = await callApi('search.query', {
    query: { q: query, type: ['content'], page: 1, page_size: LINK_TITLES },
    signal,
  });
  return found.results.map((result) => result.title);
}
