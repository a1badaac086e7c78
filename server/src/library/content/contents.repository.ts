import { and, eq, gte, inArray, ne, sql, type Placeholder } from 'drizzle-orm';
import type { ContentOrdering, ContentStatus, CursorValue } from '@cw/contract';
import { contentCollections, contentStatusCounts, contentTags, contents } from '../../db/schema';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { cappedCount, EXACT_COUNT_MAX, estimatedMatches, settledCount } from '../../db/page';
import { unfiltered, type ContentFilters } from './content-filters';
import { ContentListQuery } from './content-list-query';
import { PreparedQueries } from '../../db/prepared';
import type { Caller } from '../../policy/caller';
import { PREPARED_CALLER, scopeOf, type ScopeSubject } from '../../policy/library.policy';

export type ContentRow = RowOf<typeof contents>;
export type { ContentFilters } from './content-filters';
const columns = rowColumns(contents);
/** The largest `position` (a PostgreSQL integer); making room never goes past it. */
const MAX_POSITION = 2 ** 31 - 1;
export interface ContentValues {
  title: string;
  content: string;
  metaData: Record<string, unknown>;
  wordCount: number;
  status: ContentStatus;
  publishOn: string | null;
  isPublic: boolean;
  position: number;
  /** Chapters' real starts (decision 233); a new item has none. */
  chapterStarts?: { title: string; start: number }[];
  summary?: string;
  coverFileId?: number | null;
}

export class ContentsRepository {
  private readonly prepared = new PreparedQueries();
  private readonly queries: ContentListQuery;

  constructor(private readonly db: Executor) {
    this.queries = new ContentListQuery(db);
  }

  /**
   * One page of the content items the caller may read, and their count (decisions 256, 268):
   * the caller's own items, whole or by status, counted as the database keeps them (exact at any
   * size); any other list exactly up to EXACT_COUNT_MAX, an estimate beyond. The owner's live
   * items are read through contents_live_user_id_idx (by id), contents_live_user_changed_idx (by
   * last change) and contents_live_user_position_idx (the board); with a tag,
   * content_tags_tag_idx; with a collection, content_collections_collection_idx. With `after` (a
   * `next` link's cursor), the page is the rows after that key, read from the index by key, and
   * `offset` only says where it lies for the count (decision 264). `lastKey` is the last row's
   * key when the page is full (the cursor of its `next`).
   */
  async list(
    caller: Caller,
    filters: ContentFilters,
    ordering: ContentOrdering,
    limit: number,
    offset: number,
    after?: readonly CursorValue[],
  ): Promise<{ rows: ContentRow[]; count: number; lastKey?: CursorValue[] }> {
    let rows: (ContentRow & { pageKey: string })[];
    let counted: { kept: boolean; count: number }[];
    if (unfiltered(filters) && after === undefined) {
      // The hot list, prepared once per ordering (decision 172): the same SQL as pageQuery's.
      const page = this.prepared.once(`contents_page_${ordering}`, (name) =>
        this.pageQuery(
          PREPARED_CALLER,
          {},
          ordering,
          sql.placeholder('limit'),
          sql.placeholder('offset'),
        ).prepare(name),
      );
      const total = this.prepared.once('contents_count_kept', (name) =>
        this.db
          .select({ count: sql<number>`coalesce(sum(${contentStatusCounts.items}), 0)::int` })
          .from(contentStatusCounts)
          .where(eq(contentStatusCounts.userId, PREPARED_CALLER.userId))
          .prepare(name),
      );
      let kept: { count: number } | undefined;
      [rows, [kept]] = await Promise.all([
        page.execute({ caller: caller.userId, limit, offset }),
        total.execute({ caller: caller.userId }),
      ]);
      counted = [{ kept: true, count: kept?.count ?? 0 }];
    } else {
      const parts = this.queries.countParts(caller, filters);
      [rows, counted] = await Promise.all([
        this.pageQuery(caller, filters, ordering, limit, offset, after),
        Promise.all(
          parts.map(async (part) => {
            const [answer] = await part.query;
            return { kept: part.kept, count: answer?.count ?? 0 };
          }),
        ),
      ]);
    }
    // Exact when every part is: kept counts always, a capped count up to EXACT_COUNT_MAX.
    const exact = counted.every((part) => part.kept || part.count <= EXACT_COUNT_MAX);
    const count = await settledCount(
      counted.reduce((sum, part) => sum + part.count, 0),
      () => estimatedMatches(this.db, contents, this.queries.where(caller, filters)),
      { rows: rows.length, limit, offset },
      exact ? Infinity : EXACT_COUNT_MAX,
    );
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return {
      rows,
      count,
      ...(last ? { lastKey: JSON.parse(last.pageKey) as CursorValue[] } : {}),
    };
  }

  /** How many items the list holds, counted up to one past EXACT_COUNT_MAX (decision 256). */
  cappedCount(caller: ScopeSubject, filters: ContentFilters) {
    return cappedCount(this.db, contents, this.queries.where(caller, filters));
  }

  /** The page query on its own, so its plan can be checked (test/library-scale.test.ts). */
  pageQuery(
    caller: ScopeSubject,
    filters: ContentFilters,
    ordering: ContentOrdering,
    limit: number | Placeholder,
    offset: number | Placeholder,
    after?: readonly CursorValue[],
  ) {
    return this.queries.pageQuery(caller, filters, ordering, limit, offset, after);
  }

  async find(caller: Caller, id: number): Promise<ContentRow | undefined> {
    const query = this.prepared.once('content_find', (name) =>
      this.db
        .select(columns)
        .from(contents)
        .where(
          and(scopeOf(PREPARED_CALLER, 'contents', 'read'), eq(contents.id, sql.placeholder('id'))),
        )
        .prepare(name),
    );
    const [row] = await query.execute({ caller: caller.userId, id });
    return row;
  }

  /** The owners of those among `ids` the caller may change (to attach files to), by id. */
  async ownersOf(caller: Caller, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: contents.id, ownerId: contents.userId })
      .from(contents)
      .where(and(scopeOf(caller, 'contents', 'write'), inArray(contents.id, ids)));
    return new Map(rows.map((row) => [row.id, row.ownerId]));
  }

  /**
   * The position after the last item of the `status` column of `ownerId`'s board (the service
   * has checked the caller may write there).
   */
  async endOfColumn(ownerId: number, status: ContentStatus): Promise<number> {
    const [row] = await this.db
      .select({ next: sql<number>`coalesce(max(${contents.position}) + 1, 0)::int` })
      .from(contents)
      .where(and(eq(contents.userId, ownerId), eq(contents.status, status)));
    return row?.next ?? 0;
  }

  /**
   * A new item of `ownerId`: the caller, or the owner of the shared collection the caller
   * writes it in (the service decides, docs/api.md "Sharing"); the caller is its last editor.
   */
  async insert(caller: Caller, ownerId: number, values: ContentValues): Promise<ContentRow> {
    const [row] = await this.db
      .insert(contents)
      .values({ userId: ownerId, updatedBy: caller.userId, ...values })
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /**
   * Makes room at `position` of the `status` column of `ownerId`'s board for the item `id` just
   * put there: when another item holds that position, it and every later one the caller may
   * change move down by one. Their `updated_on` stays (a board move is no edit of theirs).
   */
  async makeRoom(
    caller: Caller,
    ownerId: number,
    status: ContentRow['status'],
    position: number,
    id: number,
  ): Promise<void> {
    const column = and(
      scopeOf(caller, 'contents', 'write'),
      eq(contents.userId, ownerId),
      eq(contents.status, status),
      ne(contents.id, id),
    );
    const [taken] = await this.db
      .select({ id: contents.id })
      .from(contents)
      .where(and(column, eq(contents.position, position)))
      .limit(1);
    if (!taken) return;
    await this.db
      .update(contents)
      .set({ position: sql`least(${contents.position}, ${MAX_POSITION - 1}) + 1` })
      .where(and(column, gte(contents.position, position)));
  }

  /** Every change stamps updated_on. Undefined when the caller may not change such an item. */
  async update(
    caller: Caller,
    id: number,
    values: Partial<ContentValues>,
  ): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .update(contents)
      .set({
        ...values,
        // Off the public pages, it has no published version; back on, it gets a new one.
        ...(values.isPublic === false ? { publishedVersionId: null } : {}),
        updatedOn: sql`now()`,
        updatedBy: caller.userId,
      })
      .where(and(scopeOf(caller, 'contents', 'write'), eq(contents.id, id)))
      .returning(columns);
    return row;
  }

  /**
   * Moves the item to the trash (docs/api.md, "Trash"): its tag and collection links and its
   * files stay, unused until it is restored or deleted for good.
   */
  async trash(caller: Caller, id: number): Promise<boolean> {
    const trashed = await this.db
      .update(contents)
      .set({ deletedOn: sql`now()` })
      .where(and(scopeOf(caller, 'contents', 'write'), eq(contents.id, id)))
      .returning({ id: contents.id });
    return trashed.length > 0;
  }

  /**
   * Replaces the item's tags. Call it only in the transaction that has just loaded or written
   * the item for the caller, with tag ids checked to be linkable by the caller.
   */
  async replaceTags(contentId: number, tagIds: number[]): Promise<void> {
    await this.db.delete(contentTags).where(eq(contentTags.contentId, contentId));
    if (tagIds.length > 0) {
      await this.db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId, tagId })));
    }
  }

  /** Replaces the item's collections; the same conditions as replaceTags. */
  async replaceCollections(contentId: number, collectionIds: number[]): Promise<void> {
    await this.db.delete(contentCollections).where(eq(contentCollections.contentId, contentId));
    if (collectionIds.length > 0) {
      await this.db
        .insert(contentCollections)
        .values(collectionIds.map((collectionId) => ({ contentId, collectionId })));
    }
  }
}
