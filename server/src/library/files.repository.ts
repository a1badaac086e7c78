import { and, asc, desc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { contentCollections, files, users } from '../db/schema';
import type { Executor } from '../db/executor';
import { pageWithCount } from '../db/page';
import type { Caller } from '../policy/caller';
import { ownerIdFor, scopeOf } from '../policy/library.policy';

export type FileRow = typeof files.$inferSelect;
export interface NewFileValues {
  contentId: number | null;
  collectionId: number | null;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

export class FilesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One page of the caller's files, newest first: all, those attached to one item, or a
   * collection's (its own files and those of its content items).
   */
  async list(
    caller: Caller,
    filters: { content?: number; collection?: number },
    limit: number,
    offset: number,
  ) {
    const { content, collection } = filters;
    const where = and(
      scopeOf(caller, 'files', 'read'),
      content === undefined ? undefined : eq(files.contentId, content),
      collection === undefined
        ? undefined
        : or(
            eq(files.collectionId, collection),
            inArray(
              files.contentId,
              this.db
                .select({ id: contentCollections.contentId })
                .from(contentCollections)
                .where(eq(contentCollections.collectionId, collection)),
            ),
          ),
    );
    return pageWithCount(
      this.db,
      this.db.select().from(files).where(where).orderBy(desc(files.id)).limit(limit).offset(offset),
      files,
      where,
    );
  }

  /** Bytes of all the files the caller owns (their storage quota counts these). */
  async usedBytes(caller: Caller): Promise<number> {
    const [row] = await this.db
      .select({ used: sql`coalesce(sum(${files.size}), 0)::double precision`.mapWith(Number) })
      .from(files)
      .where(eq(files.userId, ownerIdFor(caller)));
    return row?.used ?? 0;
  }

  /**
   * Locks the caller's user row until the transaction ends (SELECT … FOR UPDATE), so uploads of
   * one owner that check the quota and insert their row do so one after the other.
   */
  async lockOwner(caller: Caller): Promise<void> {
    await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, ownerIdFor(caller)))
      .for('update');
  }

  async find(caller: Caller, id: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(scopeOf(caller, 'files', 'read'), eq(files.id, id)));
    return row;
  }

  async insert(caller: Caller, values: NewFileValues): Promise<FileRow> {
    const [row] = await this.db
      .insert(files)
      .values({ userId: ownerIdFor(caller), ...values })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  async update(
    caller: Caller,
    id: number,
    values: { contentId?: number | null; collectionId?: number | null; name?: string },
  ): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set(values)
      .where(and(scopeOf(caller, 'files', 'change'), eq(files.id, id)))
      .returning();
    return row;
  }

  /** The storage key of the deleted row, for removing the bytes after commit. */
  async delete(caller: Caller, id: number): Promise<string | undefined> {
    const [row] = await this.db
      .delete(files)
      .where(and(scopeOf(caller, 'files', 'change'), eq(files.id, id)))
      .returning({ storageKey: files.storageKey });
    return row?.storageKey;
  }

  /** Which of `ids` are the owner's files. */
  async linkableIds(caller: Caller, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(scopeOf(caller, 'files', 'change'), inArray(files.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The storage keys of an item's files (read before deleting the item). */
  async storageKeysOfContent(caller: Caller, contentId: number): Promise<string[]> {
    const rows = await this.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(and(scopeOf(caller, 'files', 'change'), eq(files.contentId, contentId)));
    return rows.map((row) => row.storageKey);
  }

  /** The attached files of a page of content items, in one query (index files_content_idx). */
  async listForContents(caller: Caller, contentIds: number[]): Promise<FileRow[]> {
    if (contentIds.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(and(scopeOf(caller, 'files', 'read'), inArray(files.contentId, contentIds)))
      .orderBy(asc(files.id));
  }

  /**
   * Makes exactly `fileIds` the files of an item: those are attached (moved from any other item
   * of the owner), the item's other files are detached and kept.
   */
  async replaceAttachments(caller: Caller, contentId: number, fileIds: number[]): Promise<void> {
    await this.db
      .update(files)
      .set({ contentId: null })
      .where(
        and(
          scopeOf(caller, 'files', 'change'),
          eq(files.contentId, contentId),
          fileIds.length > 0 ? notInArray(files.id, fileIds) : isNotNull(files.contentId),
        ),
      );
    if (fileIds.length > 0) {
      await this.db
        .update(files)
        .set({ contentId })
        .where(and(scopeOf(caller, 'files', 'change'), inArray(files.id, fileIds)));
    }
  }
}
