import { and, desc, eq, sql } from 'drizzle-orm';
import { collectionTags, collections } from '../db/schema';
import type { Executor } from '../db/executor';
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

export class CollectionsRepository {
  constructor(private readonly db: Executor) {}

  /** One page of the owner's collections, newest first (index collections_user_id_idx). */
  async list(caller: Caller, limit: number, offset: number) {
    const where = scopeOf(caller, 'collections', 'read');
    const [rows, [total]] = await Promise.all([
      this.pageQuery(caller, limit, offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(collections)
        .where(where),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  /** The page query on its own, so its plan can be checked (test/library-scale.test.ts). */
  pageQuery(caller: Caller, limit: number, offset: number) {
    return this.db
      .select()
      .from(collections)
      .where(scopeOf(caller, 'collections', 'read'))
      .orderBy(desc(collections.id))
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
}
