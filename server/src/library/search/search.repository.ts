import { and, sql, type SQL } from 'drizzle-orm';
import { SEARCH_EXACT_COUNT_MAX, type SearchType } from '@cw/contract';
import { OWNER_LEXEME_PREFIX } from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { sharedItemsOf } from '../../policy/library.policy';
import { estimatedRows, settledCount } from '../../db/page';
import { quoteLexeme, splitsIntoWords } from './query';
import { hitDetailsQuery, tsQuery } from './hit-details';
import { searchBranches, type SearchFilters, type SearchTerms } from './search-branches';

export type { SearchFilters, SearchTerms } from './search-branches';

/**
 * Search over the five searchable tables (docs/api.md, "Search"; decision 110). The page query
 * is a UNION ALL of one branch per type, each matching `search @@ query` (the GIN index of the
 * table) inside the policy's read scope; headlines are made afterwards, for the page's rows only.
 */

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
   * One page of hits, best first: rows whose title alone matches the whole query, by the
   * title's ts_rank_cd; then the others by newest change; then type and id (stable pages); and
   * the hits read, which is the count up to SEARCH_EXACT_COUNT_MAX (decision 263). Without a
   * text query (tags only): newest change first. Bodies are not ranked (decision 110).
   *
   * A page reads what its order needs, not every hit (decision 263): each part of the UNION ALL
   * (a branch's own rows, its shared rows) gives only its first `offset + limit` rows in the
   * page's order, which hold the page, and at least SEARCH_EXACT_COUNT_MAX + 1, so that the
   * parts together are the count while no part is cut (the parts are disjoint). The caller's own content items and notes are two parts:
   * the title matches, found in the title's GIN index of the owner's live rows and ranked (few
   * rows), and the other hits by newest change, which the planner serves by walking the owner's
   * live rows by change while testing `search @@ query` (a common word: a page's worth of rows)
   * or from the GIN index and a sort (a rare word: its few hits).
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
    const branches = searchBranches(caller, filters, terms);
    if (branches.length === 0) return null;
    const owner = sql`${quoteLexeme(`${OWNER_LEXEME_PREFIX}${caller.userId}`)}::tsquery`;
    const { tsquery } = terms;
    const query = tsquery === null ? null : tsQuery(tsquery);
    // A title that matches a query with an exclusion (`-word`) may belong to a body holding the
    // excluded word: only then must a title match also be tested against `search`.
    const negated = tsquery !== null && tsquery.includes('!');
    const phrase = tsquery !== null && mayBePhrase(tsquery);
    // The pairs of the phrases every match holds (decision 273), with the caller's lexeme: an
    // immutable function of bound values, which the planner computes once and reads as a
    // constant (null when they have no pair), so that it estimates the rows from the index's
    // statistics.
    const pairs =
      phrase && terms.phrases.length > 0
        ? sql`(phrase_pairs(array[${sql.join(
            terms.phrases.map((text) => sql`${text}`),
            sql`, `,
          )}]::text[]) && ${owner})`
        : null;
    const first = Math.max(offset + limit, SEARCH_EXACT_COUNT_MAX + 1);
    const pages: SQL[] = [];
    /** The common table expressions of the walks by change (decision 267). */
    const walks: SQL[] = [];
    for (const branch of branches) {
      const select = (inTitle: SQL, rank: SQL) =>
        sql`select ${branch.type}::text as type, ${branch.id} as id, ${inTitle} as in_title, ${rank} as rank, ${branch.changed} as changed from ${branch.table}`;
      const match = query === null ? [] : [sql`${branch.search} @@ ${query}`];
      const inTitle = query === null ? sql`false` : sql`${branch.titleSearch} @@ ${query}`;
      const rank =
        query === null
          ? sql`0::real`
          : sql`case when ${inTitle} then ts_rank_cd(${branch.titleSearch}, ${query}) else 0 end`;
      // One part in the page's own order, its first `first` rows.
      const ordered = (scope: SQL) => {
        const where = and(scope, ...match, ...branch.where);
        pages.push(
          sql`(${select(inTitle, rank)} where ${where} order by in_title desc, rank desc, changed desc, id desc limit ${first})`,
        );
      };
      if (branch.scopes.shared) ordered(branch.scopes.shared);
      if (query === null || !branch.ownerTitle) {
        ordered(branch.scopes.own);
        continue;
      }
      // The caller's own rows of a table whose vectors hold the owner's lexeme (decision 110).
      const own = and(branch.scopes.own, ...branch.where);
      const ownMatch = sql`${branch.search} @@ (${query} && ${owner})`;
      // Title matches: the index of the titles scoped to their owner (decision 270) finds them
      // among the caller's own lexemes, without reading the other hits or anyone else's titles.
      const titleMatch = and(
        sql`${branch.ownerTitle} @@ owner_scoped_query(${query}, ${caller.userId}::int)`,
        own,
        ...(negated ? [ownMatch] : []),
      );
      pages.push(
        sql`(${select(sql`true`, sql`ts_rank_cd(${branch.titleSearch}, ${query})`)} where ${titleMatch} order by rank desc, changed desc, id desc limit ${first})`,
      );
      // The other hits, newest change first: the order of the owner's live rows by change. A
      // phrase is tested on a row's whole vector: walking rows by change tests them in random
      // order, so its hits come from the GIN index (fenced with OFFSET 0, as in decision 110),
      // tested in the table's order, and sorted.
      const others = and(own, sql`not (${inTitle})`);
      if (phrase) {
        const hits = (candidates: SQL) =>
          sql`(${select(sql`false`, sql`0::real`)} where ${branch.id} in (${candidates}) and ${others} order by changed desc, id desc limit ${first})`;
        const byWords = sql`select ${branch.id} from ${branch.table} where ${ownMatch} offset 0`;
        if (!pairs || !branch.ownerPairs) {
          pages.push(hits(byWords));
          continue;
        }
        // Decision 273: the rows holding every pair of the phrases, from the index of the live
        // rows' pairs (fenced: nothing else can choose its path), each then looked up by primary
        // key and tested on its whole vector (a lateral part of its own, so that the planner
        // cannot read the phrase's words from the other index instead). When the phrases hold
        // no pair, the pairs are null: that part reads nothing, and the other is the rows
        // holding the words, as before.
        const { pairs: rowPairs, live } = branch.ownerPairs;
        const candidates = sql`select ${branch.id} as candidate from ${branch.table} where ${rowPairs} @@ ${pairs} and ${live} offset 0`;
        pages.push(
          sql`(select hit.* from (${candidates}) candidates cross join lateral (${select(sql`false`, sql`0::real`)} where ${branch.id} = candidates.candidate and ${ownMatch} and ${others} offset 0) hit order by hit.changed desc, hit.id desc limit ${first})`,
          sql`(${select(sql`false`, sql`0::real`)} where ${pairs} is null and ${branch.id} in (${byWords}) and ${others} order by changed desc, id desc limit ${first})`,
        );
        continue;
      }
      // A word: the owner's newest live rows, at most SEARCH_WALK_ROWS, walked by change and
      // tested in that order (a common word fills its rows within a few dozen), whatever the
      // planner estimates; only when they do not fill it, the hits older than the last of them
      // from the GIN index (a rare word: its few hits). Decision 267.
      const walked = sql.raw(`search_walk_${branch.type}`);
      const walkEnd = sql.raw(`search_walk_end_${branch.type}`);
      // Ordered by an output column, so that the walk's order is the outer query's too and its
      // LIMIT stops at the first rows that match.
      const newest = sql`select *, ${branch.changed} as walk_changed from ${branch.table} where ${own} order by walk_changed desc, ${branch.id} desc limit ${SEARCH_WALK_ROWS}`;
      walks.push(
        sql`${walked} as materialized (select ${branch.type}::text as type, ${branch.id} as id, false as in_title, 0::real as rank, walk_changed as changed from (${newest}) ${branch.table} where ${branch.search} @@ ${query} and not (${inTitle}) order by walk_changed desc, ${branch.id} desc limit ${first})`,
        sql`${walkEnd} as materialized (select ${branch.changed} as changed, ${branch.id} as id from ${branch.table} where ${own} order by changed desc, id desc offset ${SEARCH_WALK_ROWS - 1} limit 1)`,
      );
      pages.push(
        sql`(select * from ${walked})`,
        sql`(${select(sql`false`, sql`0::real`)} where (select count(*) from ${walked}) < ${first} and (${branch.changed}, ${branch.id}) < (select changed, id from ${walkEnd}) and ${and(others, ownMatch)} order by changed desc, id desc limit ${first})`,
      );
    }
    const guarded =
      guard && tsquery !== null
        ? sql` where querytree(${tsQuery(tsquery)}) not in ('', 'T')`
        : sql``;
    const sharesItems = branches.some(
      (branch) => branch.type === 'content' || branch.type === 'file',
    );
    const ctes = [
      ...(sharesItems
        ? [sql`search_shared_items as materialized (select array(${sharedItemsOf(caller)}) as ids)`]
        : []),
      ...walks,
    ];
    const withShared = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
    // The rows the parts read: the exact count while it is at most SEARCH_EXACT_COUNT_MAX (no
    // part was cut); past that, `page()` estimates (decision 263).
    return sql`${withShared}select type, id, count(*) over ()::int as total from (${sql.join(pages, sql` union all `)}) hits${guarded}
      order by in_title desc, rank desc, changed desc, type, id desc
      limit ${limit} offset ${offset}`;
  }

  /**
   * The caller's own hits, for the planner's estimate past SEARCH_EXACT_COUNT_MAX: the rows
   * shared with them are left out (a few beside a person's library), so that planning it costs
   * little (decision 263).
   */
  private ownMatchesQuery(caller: Caller, filters: SearchFilters, terms: SearchTerms): SQL {
    const query = terms.tsquery === null ? null : tsQuery(terms.tsquery);
    const parts = searchBranches(caller, filters, terms).map((branch) => {
      const match = query === null ? [] : [sql`${branch.search} @@ ${query}`];
      return sql`select 1 from ${branch.table} where ${and(branch.scopes.own, ...match, ...branch.where)}`;
    });
    return sql`select 1 from (${sql.join(parts, sql` union all `)}) matches`;
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
    let counted = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      // A page past the end: what is counted comes from the first page.
      counted = (await this.page(caller, filters, terms, 1, 0, guard)).count;
      if (counted > SEARCH_EXACT_COUNT_MAX) counted = SEARCH_EXACT_COUNT_MAX + 1;
    }
    const count = await settledCount(
      counted,
      () => estimatedRows(this.db, this.ownMatchesQuery(caller, filters, terms)),
      { rows: rows.length, limit, offset },
      SEARCH_EXACT_COUNT_MAX,
    );
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

// Search's `count` is exact up to SEARCH_EXACT_COUNT_MAX hits (@cw/contract: the web says
// "about" past it); beyond, the database's estimate (decision 263).
export { SEARCH_EXACT_COUNT_MAX };

/**
 * How many of the owner's newest live rows a word's other hits are looked for in, by change,
 * before the GIN index is asked for the older ones (decision 267).
 */
export const SEARCH_WALK_ROWS = 2000;

/**
 * Whether `to_tsquery` may read a term of this text as a phrase: a quoted term holding more than
 * word characters (`'golden hour'`, `'e-mail'`), which the database's parser splits.
 */
function mayBePhrase(tsquery: string): boolean {
  return (tsquery.match(/'(?:[^']|'')*'/g) ?? []).some((term) =>
    splitsIntoWords(term.slice(1, -1)),
  );
}
