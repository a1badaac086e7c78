import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentStatus, SearchType } from '@cw/contract';
import {
  collectionTags,
  collections,
  contentCollections,
  contentTags,
  contents,
  files,
  notes,
  SEARCHED_BODY_MAX,
  OWNER_LEXEME_PREFIX,
  tags,
} from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { readScopeParts, scopeOf, sharedItemsOf } from '../../policy/library.policy';
import { quoteLexeme } from './query';
import { MARK_END, MARK_START } from './snippets';

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

const query = (tsquery: string) => sql`to_tsquery('english', ${tsquery})`;

/** The marks, removed from the text before the database adds its own. */
const unmarked = (text: SQL) => sql`translate(${text}, ${MARK_START + MARK_END}, '')`;
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=1, MaxWords=40, MinWords=20, FragmentDelimiter=" "`;
const HEADLINE_ALL = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/** Rows carrying a tag of that name (ignoring case), through a link table or a notes' array. */
function carries(type: SearchType, name: string): SQL | undefined {
  const named = sql`lower(${tags.name}) = lower(${name})`;
  switch (type) {
    case 'content':
      return sql`exists (select 1 from ${contentTags} inner join ${tags} on ${tags.id} = ${contentTags.tagId} where ${contentTags.contentId} = ${contents.id} and ${named})`;
    case 'collection':
      return sql`exists (select 1 from ${collectionTags} inner join ${tags} on ${tags.id} = ${collectionTags.tagId} where ${collectionTags.collectionId} = ${collections.id} and ${named})`;
    case 'note':
      return sql`exists (select 1 from unnest(${notes.tags}) as note_tag where lower(note_tag) = lower(${name}))`;
    case 'file':
    case 'tag':
      return undefined;
  }
}

/** Characters of a body given to ts_headline: a window, not the whole body (decision 110). */
export const HEADLINE_WINDOW = 600;
/** How much of the window lies before the first occurrence of a query word. */
const WINDOW_BEFORE = 150;

/**
 * The words to look for in a body, in lower case: the lexemes of the tsquery text, cut to their
 * first 5 characters (a stemmed lexeme such as `festiv` or `happi` shares about that much with
 * the word in the text; a prefix `scri:*` is its own start).
 */
export function searchedWords(tsquery: string): string[] {
  const words = new Set<string>();
  for (const match of tsquery.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    const lexeme = (match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1').toLowerCase();
    if (lexeme !== '') words.add(lexeme.slice(0, 5));
  }
  return [...words];
}

/**
 * A select of one `text`: about HEADLINE_WINDOW characters of `body` around the first
 * case-insensitive occurrence of one of `words` (the start when there is none), without the
 * partial words at its ends (a cut word could match a prefix query). ts_headline parses all it
 * is given: 20 whole bodies of 5,600 characters cost 31 ms, 20 windows of 1,000 characters 6 ms (600 are enough for a 240-character snippet).
 * Each step is fenced with `offset 0`: inlined, `b.body` and `w.start` were computed again at
 * every use (the body detoasted and lower-cased once per word and per use of the start), which
 * cost 44 ms for a page of 20 instead of 16 (decision 112).
 */
function bodyWindow(body: SQL, words: string[]): SQL {
  const first = sql`(select min(found) from unnest(${sql.param(words)}::text[]) as word, strpos(b.low, word) as found where found > 0)`;
  return sql`select case
      when length(b.body) <= ${HEADLINE_WINDOW} then b.body
      else regexp_replace(
        regexp_replace(substr(b.body, w.start, ${HEADLINE_WINDOW}), case when w.start > 1 then '^\S*\s+' else '^' end, ''),
        case when w.start + ${HEADLINE_WINDOW} <= length(b.body) then '\s+\S*$' else '$' end, '')
    end as text
    from (select body, lower(body) as low from (select ${body} as body offset 0) b0 offset 0) b,
      lateral (select greatest(1, coalesce(${first}, 1) - ${WINDOW_BEFORE}) as start offset 0) w`;
}

/** Which types can carry tags at all (a `#tag` or `tag=` leaves only those). */
const TAGGABLE: Record<SearchType, boolean> = {
  content: true,
  collection: true,
  note: true,
  file: false,
  tag: false,
};

/** The items of a collection, none while it is in the trash (decision 130). */
const itemsOf = (collection: number) =>
  sql`select ${contentCollections.contentId} from ${contentCollections} inner join collections items_c on items_c.id = ${contentCollections.collectionId} and items_c.deleted_on is null where ${contentCollections.collectionId} = ${collection}`;

interface Branch {
  type: SearchType;
  table: typeof contents | typeof notes | typeof collections | typeof files | typeof tags;
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
      sql`select querytree(${query(tsquery)}) as tree`,
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
          : sql`${branch.titleSearch} @@ ${query(tsquery)} as in_title, case when ${branch.titleSearch} @@ ${query(tsquery)} then ts_rank_cd(${branch.titleSearch}, ${query(tsquery)}) else 0 end as rank`
      }, ${branch.changed} as changed from`;
      const match =
        terms.tsquery === null ? [] : [sql`${branch.search} @@ ${query(terms.tsquery)}`];
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
      const found = sql`(select * from ${branch.table} where ${branch.search} @@ (${query(terms.tsquery)} && ${owner}::tsquery) offset 0) ${branch.table}`;
      return [sql`${select} ${found} where ${and(branch.scopes.own, ...branch.where)}`, ...shared];
    });
    const guarded =
      guard && terms.tsquery !== null
        ? sql` where querytree(${query(terms.tsquery)}) not in ('', 'T')`
        : sql``;
    const sharesItems = branches.some(
      (branch) => branch.type === 'content' || branch.type === 'file',
    );
    const withShared = sharesItems
      ? sql`with search_shared_items as materialized (select array(${sharedItemsOf(caller)}) as ids) `
      : sql``;
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
    const headline = (text: SQL, options: string) =>
      tsquery === null
        ? sql`''`
        : sql`ts_headline('english', ${unmarked(text)}, ${query(tsquery)}, ${options})`;
    const words = tsquery === null ? [] : searchedWords(tsquery);
    const body = (text: SQL) =>
      tsquery === null
        ? sql`''`
        : sql`(select ts_headline('english', ${unmarked(sql`piece.text`)}, ${query(tsquery)}, ${HEADLINE}) from (${bodyWindow(sql`left(${text}, ${SEARCHED_BODY_MAX})`, words)}) piece)`;
    const title = (text: SQL) => headline(text, HEADLINE_ALL);
    // The parents' titles, when the caller may read them.
    const collectionTitle = (id: SQL) =>
      sql`(select ${collections.name} from ${collections} where ${collections.id} = ${id} and ${scopeOf(caller, 'collections', 'read')})`;
    const contentTitle = (id: SQL) =>
      sql`(select ${contents.title} from ${contents} where ${contents.id} = ${id} and ${scopeOf(caller, 'contents', 'read')})`;
    const select = (
      type: SearchType,
      ids: number[],
      fields: {
        table: Branch['table'];
        id: SQL;
        title: SQL;
        userId: SQL;
        changed: SQL;
        body: SQL;
        collectionId: SQL;
        contentId: SQL;
        collectionTitle: SQL;
        contentTitle: SQL;
        scope: SQL;
      },
    ) => sql`select ${type}::text as type, ${fields.id} as id, ${fields.title} as title, ${fields.userId} as "userId",
        ${fields.changed} as changed, ${fields.body} as "bodyMarked", ${title(fields.title)} as "titleMarked",
        ${fields.collectionId} as "collectionId", ${fields.contentId} as "contentId",
        ${fields.collectionTitle} as "collectionTitle", ${fields.contentTitle} as "contentTitle"
      from ${fields.table} where ${fields.scope} and ${fields.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;
    const none = sql`null::int`;
    const noTitle = sql`null::text`;
    const queries: Record<SearchType, (ids: number[]) => SQL> = {
      content: (ids) =>
        select('content', ids, {
          table: contents,
          id: sql`${contents.id}`,
          title: sql`${contents.title}`,
          userId: sql`${contents.userId}`,
          changed: sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`,
          body: body(sql`${contents.content}`),
          collectionId: none,
          contentId: none,
          collectionTitle: noTitle,
          contentTitle: noTitle,
          scope: scopeOf(caller, 'contents', 'read'),
        }),
      note: (ids) =>
        select('note', ids, {
          table: notes,
          id: sql`${notes.id}`,
          title: sql`${notes.title}`,
          userId: sql`${notes.userId}`,
          changed: sql`coalesce(${notes.updatedOn}, ${notes.createdOn})`,
          body: body(sql`${notes.content}`),
          collectionId: sql`${notes.collectionId}`,
          contentId: none,
          collectionTitle: collectionTitle(sql`${notes.collectionId}`),
          contentTitle: noTitle,
          scope: scopeOf(caller, 'notes', 'read'),
        }),
      collection: (ids) =>
        select('collection', ids, {
          table: collections,
          id: sql`${collections.id}`,
          title: sql`${collections.name}`,
          userId: sql`${collections.userId}`,
          changed: sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`,
          body: body(sql`${collections.description}`),
          collectionId: none,
          contentId: none,
          collectionTitle: noTitle,
          contentTitle: noTitle,
          scope: scopeOf(caller, 'collections', 'read'),
        }),
      file: (ids) =>
        select('file', ids, {
          table: files,
          id: sql`${files.id}`,
          title: sql`${files.name}`,
          userId: sql`${files.userId}`,
          changed: sql`${files.createdOn}`,
          body: sql`''`,
          collectionId: sql`${files.collectionId}`,
          contentId: sql`${files.contentId}`,
          collectionTitle: collectionTitle(sql`${files.collectionId}`),
          contentTitle: contentTitle(sql`${files.contentId}`),
          scope: scopeOf(caller, 'files', 'read'),
        }),
      tag: (ids) =>
        select('tag', ids, {
          table: tags,
          id: sql`${tags.id}`,
          title: sql`${tags.name}`,
          userId: sql`${tags.userId}`,
          changed: sql`${tags.createdOn}`,
          body: sql`''`,
          collectionId: none,
          contentId: none,
          collectionTitle: noTitle,
          contentTitle: noTitle,
          scope: scopeOf(caller, 'tags', 'read'),
        }),
    };
    const parts = [...byType]
      .filter(([, ids]) => ids.length > 0)
      .map(([type, ids]) => sql`(${queries[type](ids)})`);
    if (parts.length === 0) return [];
    const result = (await this.db.execute(sql.join(parts, sql` union all `))) as unknown as {
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
