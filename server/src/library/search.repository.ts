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
  tags,
} from '../db/schema';
import type { Executor } from '../db/executor';
import type { Caller } from '../policy/caller';
import { scopeOf } from '../policy/library.policy';
import { MARK_END, MARK_START } from '../search/snippets';

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

/** Which types can carry tags at all (a `#tag` or `tag=` leaves only those). */
const TAGGABLE: Record<SearchType, boolean> = {
  content: true,
  collection: true,
  note: true,
  file: false,
  tag: false,
};

const itemsOf = (collection: number) =>
  sql`select ${contentCollections.contentId} from ${contentCollections} where ${contentCollections.collectionId} = ${collection}`;

interface Branch {
  type: SearchType;
  table: typeof contents | typeof notes | typeof collections | typeof files | typeof tags;
  search: SQL;
  id: SQL;
  changed: SQL;
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
   * One branch per type. Trash (issue 14): "not in the trash" goes into each branch's `where`
   * here and into `details`, so trashed rows are never found (docs/api.md, "Search").
   */
  private branches(caller: Caller, filters: SearchFilters, terms: SearchTerms): Branch[] {
    const { collection, tag, statuses } = filters;
    const all: Branch[] = [
      {
        type: 'content',
        table: contents,
        search: sql`${contents.search}`,
        id: sql`${contents.id}`,
        changed: sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`,
        where: [
          scopeOf(caller, 'contents', 'read'),
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
        id: sql`${notes.id}`,
        changed: sql`coalesce(${notes.updatedOn}, ${notes.createdOn})`,
        where: [
          scopeOf(caller, 'notes', 'read'),
          ...(collection === undefined ? [] : [eq(notes.collectionId, collection)]),
        ],
      },
      {
        type: 'collection',
        table: collections,
        search: sql`${collections.search}`,
        id: sql`${collections.id}`,
        changed: sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`,
        where: [
          scopeOf(caller, 'collections', 'read'),
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
        id: sql`${files.id}`,
        changed: sql`${files.createdOn}`,
        where: [
          scopeOf(caller, 'files', 'read'),
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
        id: sql`${tags.id}`,
        changed: sql`${tags.createdOn}`,
        where: [scopeOf(caller, 'tags', 'read')],
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
          ...(terms.tsquery === null ? [] : [sql`${branch.search} @@ ${query(terms.tsquery)}`]),
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
   * One page of hits, best first: rows whose title alone matches the whole query, then by
   * ts_rank_cd, then the newest change, then type and id (stable pages); and the total.
   * Without a text query (tags only): newest change first.
   */
  pageQuery(
    caller: Caller,
    filters: SearchFilters,
    terms: SearchTerms,
    limit: number,
    offset: number,
  ): SQL | null {
    const branches = this.branches(caller, filters, terms);
    if (branches.length === 0) return null;
    const parts = branches.map((branch) => {
      const ranking =
        terms.tsquery === null
          ? sql`false as in_title, 0::real as rank`
          : sql`ts_filter(${branch.search}, '{a}') @@ ${query(terms.tsquery)} as in_title, ts_rank_cd(${branch.search}, ${query(terms.tsquery)}) as rank`;
      return sql`select ${branch.type}::text as type, ${branch.id} as id, ${ranking}, ${branch.changed} as changed from ${branch.table} where ${and(...branch.where)}`;
    });
    return sql`select type, id, count(*) over ()::int as total from (${sql.join(parts, sql` union all `)}) hits
      order by in_title desc, rank desc, changed desc, type, id desc
      limit ${limit} offset ${offset}`;
  }

  async page(
    caller: Caller,
    filters: SearchFilters,
    terms: SearchTerms,
    limit: number,
    offset: number,
  ): Promise<{ hits: Hit[]; count: number }> {
    const pageQuery = this.pageQuery(caller, filters, terms, limit, offset);
    if (!pageQuery) return { hits: [], count: 0 };
    const result = (await this.db.execute(pageQuery)) as unknown as {
      rows: { type: SearchType; id: number; total: number }[];
    };
    const rows = result.rows;
    let count = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      // A page past the end: the total comes from the first page.
      count = (await this.page(caller, filters, terms, 1, 0)).count;
    }
    return { hits: rows.map((row) => ({ type: row.type, id: Number(row.id) })), count };
  }

  /** Titles, owners, dates and headlines of the page's rows of one type (read scope again). */
  async details(
    caller: Caller,
    type: SearchType,
    ids: number[],
    tsquery: string | null,
  ): Promise<HitDetails[]> {
    if (ids.length === 0) return [];
    const headline = (text: SQL, options: string) =>
      tsquery === null
        ? sql`''`
        : sql`ts_headline('english', ${unmarked(text)}, ${query(tsquery)}, ${options})`;
    const body = (text: SQL) => headline(sql`left(${text}, ${SEARCHED_BODY_MAX})`, HEADLINE);
    const title = (text: SQL) => headline(text, HEADLINE_ALL);
    const select = (fields: {
      table: Branch['table'];
      id: SQL;
      title: SQL;
      userId: SQL;
      changed: SQL;
      body: SQL;
      collectionId: SQL;
      contentId: SQL;
      scope: SQL;
    }) => sql`select ${fields.id} as id, ${fields.title} as title, ${fields.userId} as "userId",
        ${fields.changed} as changed, ${fields.body} as "bodyMarked", ${title(fields.title)} as "titleMarked",
        ${fields.collectionId} as "collectionId", ${fields.contentId} as "contentId"
      from ${fields.table} where ${fields.scope} and ${fields.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;
    const none = sql`null::int`;
    const queries: Record<SearchType, SQL> = {
      content: select({
        table: contents,
        id: sql`${contents.id}`,
        title: sql`${contents.title}`,
        userId: sql`${contents.userId}`,
        changed: sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`,
        body: body(sql`${contents.content}`),
        collectionId: none,
        contentId: none,
        scope: scopeOf(caller, 'contents', 'read'),
      }),
      note: select({
        table: notes,
        id: sql`${notes.id}`,
        title: sql`${notes.title}`,
        userId: sql`${notes.userId}`,
        changed: sql`coalesce(${notes.updatedOn}, ${notes.createdOn})`,
        body: body(sql`${notes.content}`),
        collectionId: sql`${notes.collectionId}`,
        contentId: none,
        scope: scopeOf(caller, 'notes', 'read'),
      }),
      collection: select({
        table: collections,
        id: sql`${collections.id}`,
        title: sql`${collections.name}`,
        userId: sql`${collections.userId}`,
        changed: sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`,
        body: body(sql`${collections.description}`),
        collectionId: none,
        contentId: none,
        scope: scopeOf(caller, 'collections', 'read'),
      }),
      file: select({
        table: files,
        id: sql`${files.id}`,
        title: sql`${files.name}`,
        userId: sql`${files.userId}`,
        changed: sql`${files.createdOn}`,
        body: sql`''`,
        collectionId: sql`${files.collectionId}`,
        contentId: sql`${files.contentId}`,
        scope: scopeOf(caller, 'files', 'read'),
      }),
      tag: select({
        table: tags,
        id: sql`${tags.id}`,
        title: sql`${tags.name}`,
        userId: sql`${tags.userId}`,
        changed: sql`${tags.createdOn}`,
        body: sql`''`,
        collectionId: none,
        contentId: none,
        scope: scopeOf(caller, 'tags', 'read'),
      }),
    };
    const result = (await this.db.execute(queries[type])) as unknown as {
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

  /** Titles of the readable ones among `ids` (parents of a page's notes and files). */
  async titles(caller: Caller, type: 'content' | 'collection', ids: number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows =
      type === 'content'
        ? await this.db
            .select({ id: contents.id, title: contents.title })
            .from(contents)
            .where(and(scopeOf(caller, 'contents', 'read'), inArray(contents.id, ids)))
        : await this.db
            .select({ id: collections.id, title: collections.name })
            .from(collections)
            .where(and(scopeOf(caller, 'collections', 'read'), inArray(collections.id, ids)));
    return new Map(rows.map((row) => [row.id, row.title]));
  }
}
