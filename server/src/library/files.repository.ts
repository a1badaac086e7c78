import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { files, users } from '../db/schema';
import type { Executor } from './library-store';

export type FileRow = typeof files.$inferSelect;
export interface NewFileValues {
  contentId: number | null;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

export class FilesRepository {
  constructor(private readonly db: Executor) {}

  /** One page of the owner's files, newest first, optionally those attached to one item. */
  async listForOwner(
    ownerId: number,
    contentId: number | undefined,
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(files.userId, ownerId),
      contentId === undefined ? undefined : eq(files.contentId, contentId),
    );
    const [rows, [total]] = await Promise.all([
      this.db.select().from(files).where(where).orderBy(desc(files.id)).limit(limit).offset(offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(files)
        .where(where),
    ]);
    return { rows, count: total?.count ?? 0 };
  }

  /** Bytes of all the owner's files. */
  async usedBytes(ownerId: number): Promise<number> {
    const [row] = await this.db
      .select({ used: sql`coalesce(sum(${files.size}), 0)::double precision`.mapWith(Number) })
      .from(files)
      .where(eq(files.userId, ownerId));
    return row?.used ?? 0;
  }

  /**
   * Locks the owner's user row until the transaction ends (SELECT … FOR UPDATE), so uploads of
   * one owner that check the quota and insert their row do so one after the other.
   */
  async lockOwner(ownerId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  }

  async findForOwner(ownerId: number, id: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, ownerId), eq(files.id, id)));
    return row;
  }

  async insert(ownerId: number, values: NewFileValues): Promise<FileRow> {
    const [row] = await this.db
      .insert(files)
      .values({ userId: ownerId, ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  async update(
    ownerId: number,
    id: number,
    values: { contentId?: number | null; name?: string },
  ): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set(values)
      .where(and(eq(files.userId, ownerId), eq(files.id, id)))
      .returning();
    return row;
  }

  /** The storage key of the deleted row, for removing the bytes after commit. */
  async deleteForOwner(ownerId: number, id: number): Promise<string | undefined> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.userId, ownerId), eq(files.id, id)))
      .returning({ storageKey: files.storageKey });
    return row?.storageKey;
  }

  /** Which of `ids` are the owner's files. */
  async ownedIds(ownerId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.userId, ownerId), inArray(files.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The storage keys of an item's files (read before deleting the item). */
  async storageKeysOfContent(ownerId: number, contentId: number): Promise<string[]> {
    const rows = await this.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(and(eq(files.userId, ownerId), eq(files.contentId, contentId)));
    return rows.map((row) => row.storageKey);
  }

  /** The attached files of a page of content items, in one query (index files_content_idx). */
  async listForContents(ownerId: number, contentIds: number[]): Promise<FileRow[]> {
    if (contentIds.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, ownerId), inArray(files.contentId, contentIds)))
      .orderBy(asc(files.id));
  }

  /**
   * Makes exactly `fileIds` the files of an item: those are attached (moved from any other item
   * of the owner), the item's other files are detached and kept.
   */
  async replaceAttachments(ownerId: number, contentId: number, fileIds: number[]): Promise<void> {
    await this.db
      .update(files)
      .set({ contentId: null })
      .where(
        and(
          eq(files.userId, ownerId),
          eq(files.contentId, contentId),
          fileIds.length > 0 ? notInArray(files.id, fileIds) : isNotNull(files.contentId),
        ),
      );
    if (fileIds.length > 0) {
      await this.db
        .update(files)
        .set({ contentId })
        .where(and(eq(files.userId, ownerId), inArray(files.id, fileIds)));
    }
  }
}
