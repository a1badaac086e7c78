import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentStatus, SearchType } from '@cw/contract';
import {
  collectionTags,
  collections,
  contentTags,
  contents,
  files,
  notes,
  tags,
  ownerPairs,
  ownerScopedTitle,
} from '../../db/schema';
import type { Caller } from '../../policy/caller';
import { readScopeParts } from '../../policy/library.policy';
import type { SearchTable } from './hit-details';
import { carries, itemsOf, TAGGABLE } from './search-filters';

/**
 * The branches of search's page query, one per searchable type (docs/api.md, "Search"; decision
 * 110), with the filters of a request: what search.repository.ts makes its parts of.
 */

export interface SearchFilters {
  types: readonly SearchType[];
  collection?: number;
  tag?: number;
  statuses?: ContentStatus[];
}

export interface SearchTerms {
  /** to_tsquery text (a bound parameter), or null for a query of tags only. */
  tsquery: string | null;
  tags: string[];
  excludedTags: string[];
  /** The phrases every match holds (query.ts, ParsedSearch): their word pairs (decision 273). */
  phrases: string[];
}

export interface Branch {
  type: SearchType;
  table: SearchTable;
  search: SQL;
  /** The title-only vector (`title_search`; `search` itself where there is no body). */
  titleSearch: SQL;
  id: SQL;
  changed: SQL;
  /** The read scope as the policy splits it: own rows, and rows shared with the caller. */
  scopes: { own: SQL; shared: SQL | null };
  /**
   * Where `search` holds the owner's lexeme (schema.ts, OWNER_LEXEME_PREFIX): the title's vector
   * scoped to its owner, as its index holds it (decision 270). Contents and notes.
   */
  ownerTitle?: SQL;
  /**
   * The word pairs of `search` with the owner's lexeme, and the live rows their index holds
   * (decision 273). Contents and notes.
   */
  ownerPairs?: { pairs: SQL; live: SQL };
  where: SQL[];
}

/**
 * One branch per type. Rows in the trash are left out by the policy's scopes
 * (`readScopeParts`, `scopeOf`; decision 130), so they are never found (docs/api.md, "Search").
 */
export function searchBranches(
  caller: Caller,
  filters: SearchFilters,
  terms: SearchTerms,
): Branch[] {
  const { collection, tag, statuses } = filters;
  // The items shared with the caller, computed once by the page query's `search_shared_items`
  // (content items and files both need them; decision 112).
  const shared = { sharedItems: sql`(select ids from search_shared_items)::int[]` };
  const all: Branch[] = [
    {
      type: 'content',
      table: contents,
      search: sql`${contents.search}`,
      titleSearch: sql`${contents.titleSearch}`,
      id: sql`${contents.id}`,
      changed: sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`,
      scopes: readScopeParts(caller, 'contents', shared),
      ownerTitle: ownerScopedTitle(contents.titleSearch, contents.userId),
      ownerPairs: {
        pairs: ownerPairs(contents.search, contents.userId),
        live: sql`${contents.deletedOn} is null`,
      },
      where: [
        ...(collection === undefined ? [] : [sql`${contents.id} in (${itemsOf(collection)})`]),
        ...(tag === undefined
          ? []
          : [
              sql`exists (select 1 from ${contentTags} where ${contentTags.contentId} = ${contents.id} and ${contentTags.tagId} = ${tag})`,
            ]),
        ...(statuses && statuses.length > 0 ? [inArray(contents.status, statuses)] : []),
      ],
    },
    {
      type: 'note',
      table: notes,
      search: sql`${notes.search}`,
      titleSearch: sql`${notes.titleSearch}`,
      id: sql`${notes.id}`,
      changed: sql`coalesce(${notes.updatedOn}, ${notes.createdOn})`,
      scopes: readScopeParts(caller, 'notes'),
      ownerTitle: ownerScopedTitle(notes.titleSearch, notes.userId),
      ownerPairs: {
        pairs: ownerPairs(notes.search, notes.userId),
        live: sql`${notes.deletedOn} is null`,
      },
      where: [...(collection === undefined ? [] : [eq(notes.collectionId, collection)])],
    },
    {
      type: 'collection',
      table: collections,
      search: sql`${collections.search}`,
      titleSearch: sql`${collections.titleSearch}`,
      id: sql`${collections.id}`,
      changed: sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`,
      scopes: readScopeParts(caller, 'collections'),
      where: [
        ...(collection === undefined ? [] : [eq(collections.id, collection)]),
        ...(tag === undefined
          ? []
          : [
              sql`exists (select 1 from ${collectionTags} where ${collectionTags.collectionId} = ${collections.id} and ${collectionTags.tagId} = ${tag})`,
            ]),
      ],
    },
    {
      type: 'file',
      table: files,
      search: sql`${files.search}`,
      titleSearch: sql`${files.search}`,
      id: sql`${files.id}`,
      changed: sql`${files.createdOn}`,
      scopes: readScopeParts(caller, 'files', shared),
      where: [
        ...(collection === undefined
          ? []
          : [
              or(
                eq(files.collectionId, collection),
                sql`${files.contentId} in (${itemsOf(collection)})`,
              ) as SQL,
            ]),
      ],
    },
    {
      type: 'tag',
      table: tags,
      search: sql`${tags.search}`,
      titleSearch: sql`${tags.search}`,
      id: sql`${tags.id}`,
      changed: sql`${tags.createdOn}`,
      scopes: readScopeParts(caller, 'tags'),
      where: [],
    },
  ];
  return all
    .filter((branch) => filters.types.includes(branch.type))
    .filter((branch) => collection === undefined || branch.type !== 'tag')
    .filter(
      (branch) => tag === undefined || branch.type === 'content' || branch.type === 'collection',
    )
    .filter(
      (branch) => statuses === undefined || statuses.length === 0 || branch.type === 'content',
    )
    .filter((branch) => terms.tags.length === 0 || TAGGABLE[branch.type])
    .map((branch) => ({
      ...branch,
      where: [
        ...branch.where,
        ...terms.tags.flatMap((name) => carries(branch.type, name) ?? []),
        ...terms.excludedTags.flatMap((name) => {
          const carrying = carries(branch.type, name);
          return carrying ? [sql`not ${carrying}`] : [];
        }),
      ],
    }));
}
