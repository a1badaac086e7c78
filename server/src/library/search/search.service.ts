import type { z } from 'zod';
import {
  SEARCH_TYPES,
  SNIPPET_MAX,
  type Role,
  type SearchResult,
  type SearchType,
  type searchQuerySchema,
} from '@cw/contract';
import { notFound } from '../../http/errors';
import { pageWindow, type Page } from '../../http/pagination';
import type { Caller } from '../../policy/caller';
import { bestRole } from '../../policy/library.policy';
import { parseSearch } from './query';
import { plainMarkdown } from './plain-markdown';
import { cut, rangesIn, unmark } from './snippets';
import type { LibraryStore } from '../library-store';
import type { Hit, HitDetails } from './search.repository';

type SearchQueryInput = z.output<typeof searchQuerySchema>;

/**
 * Search (docs/api.md, "Search"; decision 110): what the caller may read, best match first.
 * Rows in the trash are left out by the policy's read scope in every branch of the repository's
 * page query and in its detail queries (decision 130); nothing here filters them.
 */
export class SearchService {
  constructor(private readonly store: LibraryStore) {}

  async search(caller: Caller, query: SearchQueryInput): Promise<Page<SearchResult>> {
    const repos = this.store.repos;
    if (
      query.collection !== undefined &&
      !(await repos.collections.find(caller, query.collection))
    ) {
      throw notFound('Collection not found.');
    }
    const parsed = parseSearch(query.q);
    if (!parsed) return { results: [], count: 0 };
    // Only exclusions, or only stop words: nothing an index can find. Tags can still narrow it.
    // Without tags, the page query checks that itself (one round trip less); with tags, the
    // answer decides whether the text counts at all.
    const guard = parsed.tags.length === 0;
    const textFinds =
      parsed.tsquery !== null &&
      parsed.hasPositiveText &&
      (guard || (await repos.search.indexable(parsed.tsquery)));
    if (!textFinds && parsed.tags.length === 0) return { results: [], count: 0 };
    const tsquery = textFinds || parsed.tags.length > 0 ? parsed.tsquery : null;

    const { limit, offset } = pageWindow(query);
    const terms = {
      tsquery,
      tags: parsed.tags,
      excludedTags: parsed.excludedTags,
      phrases: parsed.phrases,
    };
    const { hits, count } = await repos.search.page(
      caller,
      {
        types: query.type && query.type.length > 0 ? query.type : SEARCH_TYPES,
        collection: query.collection,
        tag: query.tag,
        statuses: query.status,
      },
      terms,
      limit,
      offset,
      guard,
    );
    // The text of the headlines: only positive text counts (a query of tags and exclusions
    // marks nothing).
    const headlineQuery = textFinds ? tsquery : null;
    const details = await this.details(caller, hits, headlineQuery);
    const roles = await this.roles(caller, details);
    const results: SearchResult[] = [];
    for (const hit of hits) {
      const row = details.get(keyOf(hit));
      // Gone between the two queries (deleted, or access removed): left out of the page.
      if (!row) continue;
      const role = roles.get(keyOf(hit));
      if (!role) continue;
      results.push(present(hit.type, row, role));
    }
    return { results, count };
  }

  /** The page's rows with their details, by `type:id` (one query for every type). */
  private async details(caller: Caller, hits: Hit[], tsquery: string | null) {
    const byType = new Map<SearchType, number[]>();
    for (const hit of hits) byType.set(hit.type, [...(byType.get(hit.type) ?? []), hit.id]);
    const rows = await this.store.repos.search.details(caller, byType, tsquery);
    return new Map(rows.map((row) => [keyOf(row), row]));
  }

  /** The caller's role on each row: owner, or through the memberships the policy knows. */
  private async roles(caller: Caller, details: Map<string, HitDetails>) {
    const access = this.store.repos.access;
    const roles = new Map<string, Role>();
    const of = (type: SearchType) =>
      [...details].filter(([key]) => key.startsWith(`${type}:`)).map(([, row]) => row);
    const contentRoles = await access.onContents(
      caller,
      of('content').map((row) => ({ id: row.id, userId: row.userId })),
    );
    for (const [id, role] of contentRoles) roles.set(`content:${id}`, role);
    const collectionRows = [
      ...of('collection').map((row) => ({ id: row.id, userId: row.userId })),
      ...of('note').map((row) => ({ id: row.collectionId ?? 0, userId: row.userId })),
    ];
    const collectionRoles = await access.onCollections(caller, collectionRows);
    for (const row of of('collection')) {
      const role = collectionRoles.get(row.id);
      if (role) roles.set(`collection:${row.id}`, role);
    }
    for (const row of of('note')) {
      const role =
        row.userId === caller.userId ? 'owner' : collectionRoles.get(row.collectionId ?? 0);
      if (role) roles.set(`note:${row.id}`, role);
    }
    for (const row of of('tag')) roles.set(`tag:${row.id}`, 'owner');
    for (const row of of('file')) {
      if (row.userId === caller.userId) {
        roles.set(`file:${row.id}`, 'owner');
        continue;
      }
      const role = bestRole(
        [(await access.onFile(caller, row.id))?.role].filter((r): r is Role => r !== undefined),
      );
      if (role) roles.set(`file:${row.id}`, role);
    }
    return roles;
  }
}

const keyOf = (hit: Hit) => `${hit.type}:${hit.id}`;

/** A note's collection, or a file's content item (else its collection), when readable. */
function parentOf(type: SearchType, row: HitDetails): SearchResult['parent'] {
  if (type !== 'note' && type !== 'file') return null;
  if (type === 'file' && row.contentId !== null && row.contentTitle !== null) {
    return { type: 'content', id: row.contentId, title: row.contentTitle };
  }
  if (row.collectionId !== null && row.collectionTitle !== null) {
    return { type: 'collection', id: row.collectionId, title: row.collectionTitle };
  }
  return null;
}

function present(type: SearchType, row: HitDetails, role: Role): SearchResult {
  const titleHighlights = row.titleMarked ? rangesIn(row.title, row.titleMarked) : [];
  // Bodies are markdown: the snippet shows the words, not the syntax (decision 218).
  const body = unmark(plainMarkdown(row.bodyMarked));
  // A body without a mark did not match: the title did (or only tags were asked for).
  const snippet = body.ranges.length > 0 ? cut(body.text, body.ranges, SNIPPET_MAX) : null;
  return {
    type,
    id: row.id,
    title: row.title,
    snippet: snippet?.text ?? '',
    highlights: snippet?.ranges ?? titleHighlights,
    title_highlights: titleHighlights,
    collection: type === 'note' ? row.collectionId : null,
    parent: parentOf(type, row),
    updated_on: row.changed.toISOString(),
    role,
  };
}
