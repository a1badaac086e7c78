import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { contentTags, contents } from '../db/schema';
import type { Executor } from '../db/executor';

export type ContentRow = typeof contents.$inferSelect;
export interface ContentValues {
  title: string;
  content: string;
  metaData: Record<string, unknown>;
}

export class ContentsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One page of the owner's content items, newest first, optionally only those carrying a tag
   * (index contents_user_id_idx; with a tag, content_tags_tag_idx finds the items).
   */
  async listForOwner(ownerId: number, tagId: number | undefined, limit: number, offset: number) {
    const where = this.listWhere(ownerId, tagId);
    const [rows, [total]] = await Promise.all([
      this.pageQuery(ownerId, tagId, limit, offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(contents)
        .where(where),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  private listWhere(ownerId: number, tagId: number | undefined) {
    return and(
      eq(contents.userId, ownerId),
      tagId === undefined
        ? undefined
        : inArray(
            contents.id,
            this.db
              .select({ id: contentTags.contentId })
              .from(contentTags)
              .where(eq(contentTags.tagId, tagId)),
          ),
    );
  }

  /** The page query on its own, so its plan can be checked (test/library-scale.test.ts). */
  pageQuery(ownerId: number, tagId: number | undefined, limit: number, offset: number) {
    return this.db
      .select()
      .from(contents)
      .where(this.listWhere(ownerId, tagId))
      .orderBy(desc(contents.id))
      .limit(limit)
      .offset(offset);
  }

  async findForOwner(ownerId: number, id: number): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contents)
      .where(and(eq(contents.userId, ownerId), eq(contents.id, id)));
    return row;
  }

  async insert(ownerId: number, values: ContentValues): Promise<ContentRow> {
    const [row] = await this.db
      .insert(contents)
      .values({ userId: ownerId, ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  /** Every change stamps updated_on. Undefined when the owner has no such item. */
  async update(
    ownerId: number,
    id: number,
    values: Partial<ContentValues>,
  ): Promise<ContentRow | undefined> {
    const [row] = await this.db
      .update(contents)
      .set({ ...values, updatedOn: sql`now()` })
      .where(and(eq(contents.userId, ownerId), eq(contents.id, id)))
      .returning();
    return row;
  }

  /** Its tag links and file rows go with it (ON DELETE CASCADE). */
  async deleteForOwner(ownerId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(contents)
      .where(and(eq(contents.userId, ownerId), eq(contents.id, id)))
      .returning({ id: contents.id });
    return deleted.length > 0;
  }

  /**
   * Replaces the item's tags. Call it only in the transaction that has just loaded or written
   * the item for its owner, with tag ids checked to be that owner's.
   */
  async replaceTags(contentId: number, tagIds: number[]): Promise<void> {
    await this.db.delete(contentTags).where(eq(contentTags.contentId, contentId));
    if (tagIds.length > 0) {
      await this.db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId, tagId })));
    }
  }
}
