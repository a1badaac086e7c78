import {
  and,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { CollectionScope, ContentOrdering, ContentStatus, CursorValue } from '@cw/contract';
import { collections, contentCollections, contentTags, contents } from '../../db/schema';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { afterKey, cappedCount, estimatedMatches, pageKeySql, settledCount } from '../../db/page';
import { KEY_ORDER, ORDER_BY, unfiltered, type ContentFilters } from './content-filters';
import { PreparedQueries } from '../../db/prepared';
import type { Caller } from '../../policy/caller';
import {
  PREPARED_CALLER,
  readScopeParts,
  scopeOf,
  type ScopeSubject,
} from '../../policy/library.policy';

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

  constructor(private readonly db: Executor) {}

  /**
   * One page of the content items the caller may read, and their count: exact up to
   * EXACT_COUNT_MAX, an estimate beyond (decision 256). The owner's live items are read through
   * contents_live_user_id_idx (by id) and contents_live_user_changed_idx (by last change); with
   * a tag, content_tags_tag_idx; with a collection, content_collections_collection_idx. With
   * `after` (a `next` link's cursor), the page is the rows after that key, read from the index
   * by key, and `offset` only says where it lies for the count (decision 264). `lastKey` is the
   * last row's key when the page is full (the cursor of its `next`).
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
    let counted: { count: number } | undefined;
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
      const total = this.prepared.once('contents_count_capped', (name) =>
        this.cappedCount(PREPARED_CALLER, {}).prepare(name),
      );
      [rows, [counted]] = await Promise.all([
        page.execute({ caller: caller.userId, limit, offset }),
        total.execute({ caller: caller.userId }),
      ]);
    } else {
      [rows, [counted]] = await Promise.all([
        this.pageQuery(caller, filters, ordering, limit, offset, after),
        this.cappedCount(caller, filters),
      ]);
    }
    const count = await settledCount(
      counted?.count ?? 0,
      () => estimatedMatches(this.db, contents, this.listWhere(caller, filters)),
      { rows: rows.length, limit, offset },
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
    return cappedCount(this.db, contents, this.listWhere(caller, filters));
  }

  /**
   * Without a collection, the caller's own items ("your content"); with one, its items, which
   * its members may read (docs/api.md, "Sharing").
   */
  private listWhere(caller: ScopeSubject, filters: ContentFilters) {
    const { scope, tag, collection, statuses, isPublic, publishOnAfter, publishOnBefore } = filters;
    return and(
      this.scopeWhere(caller, scope, collection),
      tag === undefined
        ? undefined
        : inArray(
            contents.id,
            this.db
              .select({ id: contentTags.contentId })
              .from(contentTags)
              .where(eq(contentTags.tagId, tag)),
          ),
      collection === undefined
        ? undefined
        : inArray(
            contents.id,
            this.db
              .select({ id: contentCollections.contentId })
              .from(contentCollections)
              .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
              // A collection in the trash holds nothing while it is there (decision 130).
              .where(
                and(eq(contentCollections.collectionId, collection), isNull(collections.deletedOn)),
              ),
          ),
      statuses && statuses.length > 0 ? inArray(contents.status, statuses) : undefined,
      isPublic === undefined ? undefined : eq(contents.isPublic, isPublic),
      publishOnAfter === undefined ? undefined : gte(contents.publishOn, publishOnAfter),
      publishOnBefore === undefined ? undefined : lte(contents.publishOn, publishOnBefore),
    );
  }

  /**
   * Whose items a list holds (decision 220): `mine` the caller's own; `shared` the items of
   * others they read through a membership; `all` both. Each is the policy's read scope, narrowed
   * (`shared` leaves the caller's own out), so a scope never widens what the caller may read.
   * Unset: the caller's own, or with a collection everything of it they may read.
   */
  private scopeWhere(
    caller: ScopeSubject,
    scope: CollectionScope | undefined,
    collection: number | undefined,
  ): SQL {
    switch (scope) {
      case undefined:
        return scopeOf(caller, 'contents', collection === undefined ? 'own' : 'read');
      case 'mine':
        return scopeOf(caller, 'contents', 'own');
      // The read scope as its two disjoint parts (decision 244): the caller's own items through
      // the owner index, and others' through the array of their memberships' items, so that a
      // board of everything never reads every person's items (`own OR EXISTS (…)` did: a
      // sequential scan of the whole table at 100,000 items).
      case 'shared':
        return readScopeParts(caller, 'contents').shared ?? sql`false`;
      case 'all': {
        const { own, shared } = readScopeParts(caller, 'contents');
        return shared ? (or(own, shared) as SQL) : own;
      }
    }
  }

  /**
   * The page query on its own, so its plan can be checked (test/library-scale.test.ts): the
   * page's ids first, from an index alone where one holds the order (a deep page skips index
   * entries, not rows; after a cursor's key it skips none), then those rows by primary key
   * (decisions 256, 264), each with its sort key (`pageKey`, what a cursor is made of).
   */
  pageQuery(
    caller: ScopeSubject,
    filters: ContentFilters,
    ordering: ContentOrdering,
    limit: number | Placeholder,
    offset: number | Placeholder,
    after?: readonly CursorValue[],
  ) {
    const keyed = after === undefined ? undefined : afterKey(KEY_ORDER[ordering], after);
    const ids = this.db
      .select({ id: contents.id })
      .from(contents)
      .where(and(this.listWhere(caller, filters), keyed))
      .orderBy(...ORDER_BY[ordering])
      .limit(limit)
      .offset(after === undefined ? offset : 0);
    return this.db
      .select({ ...columns, pageKey: pageKeySql(KEY_ORDER[ordering]) })
      .from(contents)
      .where(inArray(contents.id, ids))
      .orderBy(...ORDER_BY[ordering]);
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
