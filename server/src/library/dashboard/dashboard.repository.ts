import { and, asc, desc, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { collections, contentStatusCounts, contents, tags } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { cappedCount, EXACT_COUNT_MAX, estimatedMatches } from '../../db/page';
import type { Caller } from '../../policy/caller';
import { scopeOf } from '../../policy/library.policy';

export interface RecentRow {
  kind: 'collection' | 'content';
  id: number;
  title: string;
  createdOn: Date;
  updatedOn: Date | null;
}

export interface UpcomingRow {
  id: number;
  title: string;
  status: string;
  publishOn: string;
}

/** The last change of a row: its `updated_on`, else its `created_on`. */
const changedOn = (table: typeof collections | typeof contents) =>
  sql`coalesce(${table.updatedOn}, ${table.createdOn})`;

/**
 * The dashboard's figures (docs/api.md, "Dashboard"): the caller's own live rows only, each
 * figure one small query on the owner's indexes, so the answer costs what its largest part does;
 * none reads more than EXACT_COUNT_MAX index entries, however large the library (decisions 256,
 * 261), and the items per status are the database's kept counts (decision 265).
 */
export class DashboardRepository {
  constructor(private readonly db: Executor) {}

  /** The caller's live collections: exact up to EXACT_COUNT_MAX, an estimate beyond (decision 261). */
  collectionCount(caller: Caller): Promise<number> {
    return this.countUpTo(collections, scopeOf(caller, 'collections', 'own'));
  }

  /** The caller's tags, likewise. */
  tagCount(caller: Caller): Promise<number> {
    return this.countUpTo(tags, scopeOf(caller, 'tags', 'read'));
  }

  /** Counted up to one past EXACT_COUNT_MAX, from the owner's index; beyond, the estimate. */
  private async countUpTo(table: typeof collections | typeof tags, where: SQL): Promise<number> {
    const [row] = await cappedCount(this.db, table, where);
    const counted = row?.count ?? 0;
    if (counted <= EXACT_COUNT_MAX) return counted;
    return Math.max(await estimatedMatches(this.db, table, where), EXACT_COUNT_MAX + 1);
  }

  /**
   * How many of the caller's live items are in each status: the counts the database keeps
   * (content_status_counts, decision 265), exact at any size, five rows by primary key.
   */
  statusCounts(caller: Caller): Promise<{ status: string; count: number }[]> {
    return this.db
      .select({ status: contentStatusCounts.status, count: contentStatusCounts.items })
      .from(contentStatusCounts)
      .where(and(eq(contentStatusCounts.userId, caller.userId), gt(contentStatusCounts.items, 0)));
  }

  /** The words and number of the caller's items created since `since`. */
  async startedSince(caller: Caller, since: Date): Promise<{ words: number; items: number }> {
    const [row] = await this.db
      .select({
        words: sql<number>`coalesce(sum(${contents.wordCount}), 0)::int`,
        items: sql<number>`count(*)::int`,
      })
      .from(contents)
      .where(and(scopeOf(caller, 'contents', 'own'), gte(contents.createdOn, since)));
    return { words: row?.words ?? 0, items: row?.items ?? 0 };
  }

  /**
   * The caller's next `limit` items with a publish date of `today` or later, soonest first: the
   * first entries of contents_live_user_publish_on_idx from `today` on (decision 265).
   */
  upcoming(caller: Caller, today: string, limit: number): Promise<UpcomingRow[]> {
    return this.db
      .select({
        id: contents.id,
        title: contents.title,
        status: contents.status,
        publishOn: sql<string>`${contents.publishOn}::text`,
      })
      .from(contents)
      .where(and(scopeOf(caller, 'contents', 'own'), gte(contents.publishOn, today)))
      .orderBy(asc(contents.publishOn), asc(contents.id))
      .limit(limit);
  }

  /** The caller's `limit` most recently changed collections and items, newest change first. */
  async recent(caller: Caller, limit: number): Promise<RecentRow[]> {
    const [ofCollections, ofContents] = await Promise.all([
      this.db
        .select({
          id: collections.id,
          title: collections.name,
          createdOn: collections.createdOn,
          updatedOn: collections.updatedOn,
        })
        .from(collections)
        .where(scopeOf(caller, 'collections', 'own'))
        .orderBy(desc(changedOn(collections)), desc(collections.id))
        .limit(limit),
      this.db
        .select({
          id: contents.id,
          title: contents.title,
          createdOn: contents.createdOn,
          updatedOn: contents.updatedOn,
        })
        .from(contents)
        .where(scopeOf(caller, 'contents', 'own'))
        .orderBy(desc(changedOn(contents)), desc(contents.id))
        .limit(limit),
    ]);
    const last = (row: RecentRow) => (row.updatedOn ?? row.createdOn).getTime();
    return [
      ...ofCollections.map((row) => ({ ...row, kind: 'collection' as const })),
      ...ofContents.map((row) => ({ ...row, kind: 'content' as const })),
    ]
      .sort((a, b) => last(b) - last(a))
      .slice(0, limit);
  }
}
