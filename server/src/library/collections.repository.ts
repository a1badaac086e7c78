import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CollectionOrdering } from '@cw/contract';
import { collectionTags, collections, contentCollections, contents } from '../db/schema';
import type { Executor } from '../db/executor';
import { pageWithCount } from '../db/page';
import type { Caller } from '../policy/caller';
import { ownerIdFor, scopeOf } from '../policy/library.policy';

export type CollectionRow = typeof collections.$inferSelect;
export interface CollectionValues {
  name: string;
  description: string;
  isActive: boolean;
  isPublic: boolean;
  metaData: Record<string, unknown>;
}

/** A content item's collection, for `collections_named_list`. */
export interface CollectionRefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

/** Each ordering ends with the id, so pages never repeat or skip a row. */
const ORDER_BY: Record<CollectionOrdering, SQL[]> = {
  '-created_on': [desc(collections.id)],
  '-updated_on': [
    desc(sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`),
    desc(collections.id),
  ],
  name: [asc(sql`lower(${collections.name})`), asc(collections.id)],
};

export class CollectionsRepository {
  constructor(private readonly db: Executor) {}

  /** One page of the owner's collections, newest first (index collections_user_id_idx). */
  async list(caller: Caller, ordering: CollectionOrdering, limit: number, offset: number) {
    const where = scopeOf(caller, 'collections', 'read');
    return pageWithCount(
      this.db,
      this.pageQuery(caller, ordering, limit, offset),
      collections,
      where,
    );
  }

  /** The page query on its own, so its plan can be checked (test/library-scale.test.ts). */
  pageQuery(caller: Caller, ordering: CollectionOrdering, limit: number, offset: number) {
    return this.db
      .select()
      .from(collections)
      .where(scopeOf(caller, 'collections', 'read'))
      .orderBy(...ORDER_BY[ordering])
      .limit(limit)
      .offset(offset);
  }

  async find(caller: Caller, id: number): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collections)
      .where(and(scopeOf(caller, 'collections', 'read'), eq(collections.id, id)));
    return row;
  }

  async insert(caller: Caller, values: CollectionValues): Promise<CollectionRow> {
    const [row] = await this.db
      .insert(collections)
      .values({ userId: ownerIdFor(caller), ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the owner has no such collection. */
  async update(
    caller: Caller,
    id: number,
    values: Partial<CollectionValues>,
  ): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .update(collections)
      .set({ ...values, updatedOn: sql`now()` })
      .where(and(scopeOf(caller, 'collections', 'change'), eq(collections.id, id)))
      .returning();
    return row;
  }

  /** Its tag links and notes go with it (ON DELETE CASCADE). */
  async delete(caller: Caller, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(collections)
      .where(and(scopeOf(caller, 'collections', 'change'), eq(collections.id, id)))
      .returning({ id: collections.id });
    return deleted.length > 0;
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

  /** The ids among `ids` that the caller may put content items in. */
  async linkableIds(caller: Caller, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: collections.id })
      .from(collections)
      .where(and(scopeOf(caller, 'collections', 'change'), inArray(collections.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** How many of the caller's readable content items each collection holds, for a whole page. */
  async contentCounts(caller: Caller, collectionIds: number[]): Promise<Map<number, number>> {
    if (collectionIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        collectionId: contentCollections.collectionId,
        count: sql<number>`count(*)::int`,
      })
      .from(contentCollections)
      .innerJoin(contents, eq(contents.id, contentCollections.contentId))
      .where(
        and(
          inArray(contentCollections.collectionId, collectionIds),
          scopeOf(caller, 'contents', 'read'),
        ),
      )
      .groupBy(contentCollections.collectionId);
    return new Map(rows.map((row) => [row.collectionId, row.count]));
  }

  /** The collections of a page of content items, by name, that the caller may read. */
  async refsForContents(caller: Caller, contentIds: number[]): Promise<CollectionRefRow[]> {
    if (contentIds.length === 0) return [];
    return this.db
      .select({
        ownerRowId: contentCollections.contentId,
        id: collections.id,
        name: collections.name,
      })
      .from(contentCollections)
      .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
      .where(
        and(
          scopeOf(caller, 'collections', 'read'),
          inArray(contentCollections.contentId, contentIds),
        ),
      )
      .orderBy(asc(sql`lower(${collections.name})`), asc(collections.id));
  }
}
