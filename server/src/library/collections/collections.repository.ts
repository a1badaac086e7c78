import { and, asc, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CollectionOrdering, CollectionScope, CursorValue } from '@cw/contract';
import { collectionTags, collections, contentCollections, contents, notes } from '../../db/schema';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import {
  afterKey,
  cappedCount,
  cursorTimestamp,
  estimatedMatches,
  pageKeySql,
  settledCount,
  type KeyOrder,
} from '../../db/page';
import { anyOf, PreparedQueries } from '../../db/prepared';
import type { Caller } from '../../policy/caller';
import {
  ownerIdFor,
  PREPARED_CALLER,
  scopeOf,
  type Access,
  type ScopeSubject,
} from '../../policy/library.policy';

export type CollectionRow = RowOf<typeof collections>;
const columns = rowColumns(collections);
export interface CollectionValues {
  name: string;
  description: string;
  isActive: boolean;
  isPublic: boolean;
  metaData: Record<string, unknown>;
  /** Whether its feed carries whole texts (decision 231). */
  feedFullText?: boolean;
}

/** A content item's collection, for `collections_named_list`. */
export interface CollectionRefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

/**
 * Each ordering ends with the id, so pages never repeat or skip a row; each is the order of one
 * of the live-collection indexes (migration 0025, decision 260).
 */
const ORDER_BY: Record<CollectionOrdering, SQL[]> = {
  '-created_on': [desc(collections.id)],
  '-updated_on': [
    desc(sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`),
    desc(collections.id),
  ],
  name: [asc(sql`lower(${collections.name})`), asc(collections.id)],
};

const changedOn = sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`;
/** The same orders, as keyset paging reads them (decision 264). */
const KEY_ORDER: Record<CollectionOrdering, KeyOrder> = {
  '-created_on': { keys: [{ expr: collections.id, cast: 'int' }], descending: true },
  '-updated_on': {
    keys: [
      { expr: changedOn, cast: 'timestamptz', kept: cursorTimestamp(changedOn) },
      { expr: collections.id, cast: 'int' },
    ],
    descending: true,
  },
  name: {
    keys: [
      { expr: sql`lower(${collections.name})`, cast: 'text' },
      { expr: collections.id, cast: 'int' },
    ],
    descending: false,
  },
};

const LIST_ACCESS: Record<CollectionScope, Access> = { mine: 'own', shared: 'shared', all: 'read' };

export class CollectionsRepository {
  private readonly prepared = new PreparedQueries();

  constructor(private readonly db: Executor) {}

  /**
   * One page of the caller's own collections (the live-collection indexes of migration 0025,
   * one per ordering; decision 260), of those shared with them (collection_members_user_idx), or both; and
   * their count, exact up to EXACT_COUNT_MAX and an estimate beyond (decision 261). With
   * `after`, the rows after that key (decision 264); `lastKey` is a full page's last.
   */
  async list(
    caller: Caller,
    scope: CollectionScope,
    ordering: CollectionOrdering,
    limit: number,
    offset: number,
    after?: readonly CursorValue[],
  ): Promise<{ rows: CollectionRow[]; count: number; lastKey?: CursorValue[] }> {
    // Prepared once per scope and ordering (decision 172): the same SQL as pageQuery's.
    const page = this.prepared.once(`collections_page_${scope}_${ordering}`, (name) =>
      this.pageQuery(
        PREPARED_CALLER,
        scope,
        ordering,
        sql.placeholder('limit'),
        sql.placeholder('offset'),
      ).prepare(name),
    );
    const total = this.prepared.once(`collections_count_capped_${scope}`, (name) =>
      this.cappedCount(PREPARED_CALLER, scope).prepare(name),
    );
    const [rows, [counted]] = await Promise.all([
      after === undefined
        ? page.execute({ caller: caller.userId, limit, offset })
        : this.pageQuery(caller, scope, ordering, limit, offset, after),
      total.execute({ caller: caller.userId }),
    ]);
    const count = await settledCount(
      counted?.count ?? 0,
      () =>
        estimatedMatches(this.db, collections, scopeOf(caller, 'collections', LIST_ACCESS[scope])),
      { rows: rows.length, limit, offset },
    );
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return {
      rows,
      count,
      ...(last ? { lastKey: JSON.parse(last.pageKey) as CursorValue[] } : {}),
    };
  }

  /**
   * How many collections the list holds, counted up to one past EXACT_COUNT_MAX (decision 261);
   * the caller's own from an index alone (collections_live_user_id_idx).
   */
  cappedCount(caller: ScopeSubject, scope: CollectionScope) {
    return cappedCount(this.db, collections, scopeOf(caller, 'collections', LIST_ACCESS[scope]));
  }

  /**
   * The page query on its own, so its plan can be checked (test/library-scale.test.ts): the
   * page's ids first, from an index in the ordering's order (a deep page skips index entries,
   * not rows; after a cursor's key, none), then those rows by primary key with their sort key
   * (decisions 256, 260, 264).
   */
  pageQuery(
    caller: ScopeSubject,
    scope: CollectionScope,
    ordering: CollectionOrdering,
    limit: number | Placeholder,
    offset: number | Placeholder,
    after?: readonly CursorValue[],
  ) {
    const ids = this.db
      .select({ id: collections.id })
      .from(collections)
      .where(
        and(
          scopeOf(caller, 'collections', LIST_ACCESS[scope]),
          after === undefined ? undefined : afterKey(KEY_ORDER[ordering], after),
        ),
      )
      .orderBy(...ORDER_BY[ordering])
      .limit(limit)
      .offset(after === undefined ? offset : 0);
    return this.db
      .select({ ...columns, pageKey: pageKeySql(KEY_ORDER[ordering]) })
      .from(collections)
      .where(inArray(collections.id, ids))
      .orderBy(...ORDER_BY[ordering]);
  }

  async find(caller: Caller, id: number): Promise<CollectionRow | undefined> {
    const query = this.prepared.once('collection_find', (name) =>
      this.db
        .select(columns)
        .from(collections)
        .where(
          and(
            scopeOf(PREPARED_CALLER, 'collections', 'read'),
            eq(collections.id, sql.placeholder('id')),
          ),
        )
        .prepare(name),
    );
    const [row] = await query.execute({ caller: caller.userId, id });
    return row;
  }

  async insert(caller: Caller, values: CollectionValues): Promise<CollectionRow> {
    const [row] = await this.db
      .insert(collections)
      .values({ userId: ownerIdFor(caller), ...values })
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the caller does not own such a collection. */
  async update(
    caller: Caller,
    id: number,
    values: Partial<CollectionValues>,
  ): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .update(collections)
      .set({
        ...values,
        // Set Private unpublishes too (docs/api.md, "Publishing").
        ...(values.isPublic === false ? { publicId: null } : {}),
        updatedOn: sql`now()`,
      })
      .where(and(scopeOf(caller, 'collections', 'manage'), eq(collections.id, id)))
      .returning(columns);
    return row;
  }

  /**
   * Publishes the collection (docs/api.md, "Publishing"): a new public id unless it has one,
   * and `is_public` on. Publishing again keeps the link.
   */
  async publish(
    caller: Caller,
    id: number,
    newPublicId: string,
  ): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .update(collections)
      .set({ publicId: sql`coalesce(${collections.publicId}, ${newPublicId})`, isPublic: true })
      .where(and(scopeOf(caller, 'collections', 'manage'), eq(collections.id, id)))
      .returning(columns);
    return row;
  }

  /** Stops publishing: the link answers 404 from now on. */
  async unpublish(caller: Caller, id: number): Promise<boolean> {
    const rows = await this.db
      .update(collections)
      .set({ publicId: null })
      .where(and(scopeOf(caller, 'collections', 'manage'), eq(collections.id, id)))
      .returning({ id: collections.id });
    return rows.length > 0;
  }

  /**
   * Moves the collection to the trash (docs/api.md, "Trash"), and its notes with it: they get
   * the same `deleted_on` (the transaction's `now()`), which is how a restore finds them. Its
   * tag links, memberships and content links stay, unused while it is in the trash.
   */
  async trash(caller: Caller, id: number): Promise<boolean> {
    const trashed = await this.db
      .update(collections)
      .set({ deletedOn: sql`now()` })
      .where(and(scopeOf(caller, 'collections', 'manage'), eq(collections.id, id)))
      .returning({ id: collections.id });
    if (trashed.length === 0) return false;
    await this.db
      .update(notes)
      .set({ deletedOn: sql`now()` })
      .where(and(eq(notes.collectionId, id), isNull(notes.deletedOn)));
    return true;
  }

  /**
   * Replaces the collection's tags. Call it only in the transaction that has just loaded or
   * written the collection for its owner, with tag ids checked to be that owner's.
   */
  async replaceTags(collectionId: number, tagIds: number[]): Promise<void> {
    await this.db.delete(collectionTags).where(eq(collectionTags.collectionId, collectionId));
    if (tagIds.length > 0) {
      await this.db.insert(collectionTags).values(tagIds.map((tagId) => ({ collectionId, tagId })));
    }
  }

  /** The owners of those among `ids` the caller may reach with `access`, by collection id. */
  async ownersOf(caller: Caller, ids: number[], access: Access): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: collections.id, ownerId: collections.userId })
      .from(collections)
      .where(and(scopeOf(caller, 'collections', access), inArray(collections.id, ids)));
    return new Map(rows.map((row) => [row.id, row.ownerId]));
  }

  /**
   * How many content items each collection of a page holds. The page's collections are ones the
   * caller may read, and every item of a collection is readable by its members.
   */
  async contentCounts(collectionIds: number[]): Promise<Map<number, number>> {
    if (collectionIds.length === 0) return new Map();
    const query = this.prepared.once('collection_content_counts', (name) =>
      this.db
        .select({
          collectionId: contentCollections.collectionId,
          count: sql<number>`count(*)::int`,
        })
        .from(contentCollections)
        .innerJoin(contents, eq(contents.id, contentCollections.contentId))
        // Items in the trash do not count (decision 130).
        .where(and(anyOf(contentCollections.collectionId, 'ids'), isNull(contents.deletedOn)))
        .groupBy(contentCollections.collectionId)
        .prepare(name),
    );
    const rows = await query.execute({ ids: collectionIds });
    return new Map(rows.map((row) => [row.collectionId, row.count]));
  }

  /** The collections of a page of content items, by name, that the caller may read. */
  async refsForContents(caller: Caller, contentIds: number[]): Promise<CollectionRefRow[]> {
    if (contentIds.length === 0) return [];
    const query = this.prepared.once('content_collection_refs', (name) =>
      this.db
        .select({
          ownerRowId: contentCollections.contentId,
          id: collections.id,
          name: collections.name,
        })
        .from(contentCollections)
        .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
        .where(
          and(
            scopeOf(PREPARED_CALLER, 'collections', 'read'),
            anyOf(contentCollections.contentId, 'ids'),
          ),
        )
        .orderBy(asc(sql`lower(${collections.name})`), asc(collections.id))
        .prepare(name),
    );
    return query.execute({ caller: caller.userId, ids: contentIds });
  }
}
