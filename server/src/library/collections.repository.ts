import { and, desc, eq, sql } from 'drizzle-orm';
import { collectionTags, collections } from '../db/schema';
import type { Executor } from '../db/executor';

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
  async listForOwner(ownerId: number, limit: number, offset: number) {
    const where = eq(collections.userId, ownerId);
    const [rows, [total]] = await Promise.all([
      this.pageQuery(ownerId, limit, offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(collections)
        .where(where),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  /** The page query on its own, so its plan can be checked (test/library-scale.test.ts). */
  pageQuery(ownerId: number, limit: number, offset: number) {
    return this.db
      .select()
      .from(collections)
      .where(eq(collections.userId, ownerId))
      .orderBy(desc(collections.id))
      .limit(limit)
      .offset(offset);
  }

  async findForOwner(ownerId: number, id: number): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collections)
      .where(and(eq(collections.userId, ownerId), eq(collections.id, id)));
    return row;
  }

  async insert(ownerId: number, values: CollectionValues): Promise<CollectionRow> {
    const [row] = await this.db
      .insert(collections)
      .values({ userId: ownerId, ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the owner has no such collection. */
  async update(
    ownerId: number,
    id: number,
    values: Partial<CollectionValues>,
  ): Promise<CollectionRow | undefined> {
    const [row] = await this.db
      .update(collections)
      .set({ ...values, updatedOn: sql`now()` })
      .where(and(eq(collections.userId, ownerId), eq(collections.id, id)))
      .returning();
    return row;
  }

  /** Its tag links and notes go with it (ON DELETE CASCADE). */
  async deleteForOwner(ownerId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(collections)
      .where(and(eq(collections.userId, ownerId), eq(collections.id, id)))
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
