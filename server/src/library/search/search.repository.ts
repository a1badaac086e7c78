import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentStatus, SearchType } from '@cw/contract';
import {
  collectionTags,
  collections,
  contentTags,
  contents,
  files,
  notes,
  OWNER_LEXEME_PREFIX,
  tags,
} from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { readScopeParts, sharedItemsOf } from '../../policy/library.policy';
import { quoteLexeme } from './query';
import { hitDetailsQuery, tsQuery, type SearchTable } from './hit-details';
import { carries, itemsOf, TAGGABLE } from './search-filters';

/**
 * Search over the five searchable tables (docs/api.md, "Search"; decision 110). The page query
 * is a UNION ALL of one branch per type, each matching `search @@ query` (the GIN index of the
 * table) inside the policy's read scope; headlines are made afterwards, for the page's rows only.
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
}

export interface Hit {
  type: SearchType;
  id: number;
}

export interface HitDetails {
  type: SearchType;
  id: number;
  title: string;
  /** The owner's user id (role: owner, or through a membership). */
  userId: number;
  changed: Date;
  /** ts_headline of the body with matches marked; '' when there is no body or no text query. */
  bodyMarked: string;
  /** ts_headline of the title with every match marked; '' without a text query. */
  titleMarked: string;
  /** A note's collection; a file's content item and collection. */
  collectionId: number | null;
  contentId: number | null;
  /** Titles of those, when the caller may read them (else null). */
  collectionTitle: string | null;
  contentTitle: string | null;
}

interface Branch {
  type: SearchType;
  table: SearchTable;
  search: SQL;
  /** The title-only vector (`title_search`; `search` itself where there is no body). */
  titleSearch: SQL;
  id: SQL;
  changed: SQL;
  /** The read scope as the policy splits it: own rows, and rows shared with the caller. */
  scopes: { own: SQL; shared: SQL | null };
  /** `search` holds the owner's lexeme (schema.ts, OWNER_LEXEME_PREFIX): contents and notes. */
  ownerLexeme?: boolean;
  where: SQL[];
}

export class SearchRepository {
  constructor(private readonly db: Executor) {}

  /** False when the text query has nothing an index can look up (only stop words or exclusions). */
  async indexable(tsquery: string): Promise<boolean> {
    const result = (await this.db.execute(
      sql`select querytree(${tsQuery(tsquery)}) as tree`,
    )) as unknown as { rows: { tree: string }[] };
    const tree = result.rows[0]?.tree ?? '';
    return tree !== '' && tree !== 'T';
  }

  /**
   * One branch per type. Rows in the trash are left out by the policy's scopes
   * (`readScopeParts`, `scopeOf`; decision 130), so they are never found (docs/api.md, "Search").
   */
  private branches(caller: Caller, filters: SearchFilters, terms: SearchTerms): Branch[] {
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
        ownerLexeme: true,
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
        ownerLexeme: true,
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

  /**
   * One page of hits, best first: rows whose title alone matches the whole query, by the
   * title's ts_rank_cd; then the others by newest change; then type and id (stable pages); and
   * the total. The rank is computed for the title matches only (decision 112).
   * Without a text query (tags only): newest change first. Bodies are not ranked (decision
   * 110): ranking by them reads the whole `search` vector of every match.
   *
   * Each branch is two parts, the caller's own rows and the rows shared with them (the policy's
   * split of the read scope), so the own part is served by the indexes.
   * `guard`: the query is answered only when the text query has something an index can look up
   * (querytree not empty), evaluated once (the `indexable()` check without its round trip).
   */
  pageQuery(
    caller: Caller,
    filters: SearchFilters,
    terms: SearchTerms,
    limit: number,
    offset: number,
    guard = false,
  ): SQL | null {
    const branches = this.branches(caller, filters, terms);
    if (branches.length === 0) return null;
    const owner = quoteLexeme(`${OWNER_LEXEME_PREFIX}${caller.userId}`);
    const parts = branches.flatMap((branch) => {
      // The title's rank orders the title matches only; the others go by newest change (the
      // rank of a title that matches part of the query is not computed: decision 112).
      const tsquery = terms.tsquery;
      const select = sql`select ${branch.type}::text as type, ${branch.id} as id, ${
        tsquery === null
          ? sql`false as in_title, 0::real as rank`
          : sql`${branch.titleSearch} @@ ${tsQuery(tsquery)} as in_title, case when ${branch.titleSearch} @@ ${tsQuery(tsquery)} then ts_rank_cd(${branch.titleSearch}, ${tsQuery(tsquery)}) else 0 end as rank`
      }, ${branch.changed} as changed from`;
      const match =
        terms.tsquery === null ? [] : [sql`${branch.search} @@ ${tsQuery(terms.tsquery)}`];
      const shared = branch.scopes.shared
        ? [
            sql`${select} ${branch.table} where ${and(branch.scopes.shared, ...match, ...branch.where)}`,
          ]
        : [];
      if (terms.tsquery === null || !branch.ownerLexeme) {
        return [
          sql`${select} ${branch.table} where ${and(branch.scopes.own, ...match, ...branch.where)}`,
          ...shared,
        ];
      }
      // The own rows: the GIN index alone finds `query & '~<caller>'` (no vector is read); the
      // OFFSET 0 keeps the planner from walking the owner's btree and testing every row's vector
      // instead. The policy's own scope is then applied to what the index found.
      const found = sql`(select * from ${branch.table} where ${branch.search} @@ (${tsQuery(terms.tsquery)} && ${owner}::tsquery) offset 0) ${branch.table}`;
      return [sql`${select} ${found} where ${and(branch.scopes.own, ...branch.where)}`, ...shared];
    });
    const guarded =
      guard && terms.tsquery !== null
        ? sql` where querytree(${tsQuery(terms.tsquery)}) not in ('', 'T')`
        : sql``;
    const sharesItems = branches.some(
      (branch) => branch.type === 'content' || branch.type === 'file',
    );
    const withShared = sharesItems
      ? sql`with search_shared_items as materialized (select array(${sharedItemsOf(caller)}) as ids) `
      : sql``;
    // The total stays exact past EXACT_COUNT_MAX (decision 261): the order (rank, last change,
    // over a union of types) reads and sorts every hit whatever the page, and `count(*) over ()`
    // counts the rows that sort holds; an estimate would read nothing less.
    return sql`${withShared}select type, id, count(*) over ()::int as total from (${sql.join(parts, sql` union all `)}) hits${guarded}
      order by in_title desc, rank desc, changed desc, type, id desc
      limit ${limit} offset ${offset}`;
  }

  /**
   * Runs `text` with the planner settings of search (decision 110), in a transaction so that
   * `set local` ends with it: no JIT (on PostgreSQL compiling the plan cost more than running
   * it; PGlite has no JIT and accepts the setting), and no sequential scans. The GIN cost
   * estimate counts the whole posting list of the owner's lexeme (every row of a user who
   * owns them all), while the index answers `query & '~<caller>'` in a few milliseconds; a
   * sequential scan would read every row's vector.
   */
  async withPlannerSettings<T>(text: SQL): Promise<T[]> {
    return this.db.transaction(async (tx) => {
      // One round trip for both settings (`set_config(…, true)` is `set local`).
      await tx.execute(
        sql`select set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true)`,
      );
      return ((await tx.execute(text)) as unknown as { rows: T[] }).rows;
    });
  }

  async page(
    caller: Caller,
    filters: SearchFilters,
    terms: SearchTerms,
    limit: number,
    offset: number,
    guard = false,
  ): Promise<{ hits: Hit[]; count: number }> {
    const pageQuery = this.pageQuery(caller, filters, terms, limit, offset, guard);
    if (!pageQuery) return { hits: [], count: 0 };
    const rows = await this.withPlannerSettings<{ type: SearchType; id: number; total: number }>(
      pageQuery,
    );
    let count = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      // A page past the end: the total comes from the first page.
      count = (await this.page(caller, filters, terms, 1, 0, guard)).count;
    }
    return { hits: rows.map((row) => ({ type: row.type, id: Number(row.id) })), count };
  }

  /**
   * Titles, owners, dates, headlines and readable parents of the page's rows, every type in one
   * query (read scope again): one round trip instead of one per type and two for the parents'
   * titles (decision 112).
   */
  async details(
    caller: Caller,
    byType: ReadonlyMap<SearchType, number[]>,
    tsquery: string | null,
  ): Promise<HitDetails[]> {
    const detailsQuery = hitDetailsQuery(caller, byType, tsquery);
    if (detailsQuery === null) return [];
    const result = (await this.db.execute(detailsQuery)) as unknown as {
      rows: (Omit<HitDetails, 'changed'> & { changed: Date | string })[];
    };
    return result.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      userId: Number(row.userId),
      changed: new Date(row.changed),
      collectionId: row.collectionId === null ? null : Number(row.collectionId),
      contentId: row.contentId === null ? null : Number(row.contentId),
    }));
  }
}
