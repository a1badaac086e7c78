import { isPublicImageType } from '../shared/image-types';
import { and, asc, desc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { contentCollections, files, users } from '../../db/schema';
import { rowColumns } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';
import { anyOf, PreparedQueries } from '../../db/prepared';
import type { Caller } from '../../policy/caller';
import { PREPARED_CALLER, scopeOf } from '../../policy/library.policy';
import type { FileRow } from '../shared/rows';

const columns = rowColumns(files);
export interface NewFileValues {
  contentId: number | null;
  collectionId: number | null;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  /** A raster image's size (decision 213); absent or null for anything else. */
  width?: number | null;
  height?: number | null;
}

export class FilesRepository {
  private readonly prepared = new PreparedQueries();

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
    // Without a filter, the caller's own files; an item's or a collection's, for its readers.
    const where = and(
      scopeOf(caller, 'files', content === undefined && collection === undefined ? 'own' : 'read'),
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
      this.db
        .select(columns)
        .from(files)
        .where(where)
        .orderBy(desc(files.id))
        .limit(limit)
        .offset(offset),
      files,
      where,
      { limit, offset },
    );
  }

  /**
   * Bytes of all the files `ownerId` owns (their storage quota counts these, uploads of their
   * editors to their items included).
   */
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

  async find(caller: Caller, id: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(files)
      .where(and(scopeOf(caller, 'files', 'read'), eq(files.id, id)));
    return row;
  }

  /** A file of `ownerId`: the caller, or the owner of the item or collection it goes to. */
  async insert(ownerId: number, values: NewFileValues): Promise<FileRow> {
    const [row] = await this.db
      .insert(files)
      .values({ userId: ownerId, ...values })
      .returning(columns);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  async update(
    caller: Caller,
    id: number,
    values: {
      contentId?: number | null;
      collectionId?: number | null;
      name?: string;
      isPublic?: boolean;
    },
  ): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set(values)
      .where(and(scopeOf(caller, 'files', 'write'), eq(files.id, id)))
      .returning(columns);
    return row;
  }

  /**
   * Makes file `fileId` the cover of item `contentId` (decision 231): only one of the item's own
   * images, which becomes public. Answers whether it was one.
   */
  async makeCover(contentId: number, fileId: number): Promise<boolean> {
    const [file] = await this.db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.contentId, contentId)));
    if (!file || !isPublicImageType(file.contentType)) return false;
    await this.db.update(files).set({ isPublic: true }).where(eq(files.id, fileId));
    return true;
  }

  /** The storage key of the deleted row, for removing the bytes after commit. */
  async delete(caller: Caller, id: number): Promise<string | undefined> {
    const [row] = await this.db
      .delete(files)
      .where(and(scopeOf(caller, 'files', 'write'), eq(files.id, id)))
      .returning({ storageKey: files.storageKey });
    return row?.storageKey;
  }

  /** The owners of those among `ids` the caller may change (to attach them), by id. */
  async ownersOf(caller: Caller, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: files.id, ownerId: files.userId })
      .from(files)
      .where(and(scopeOf(caller, 'files', 'write'), inArray(files.id, ids)));
    return new Map(rows.map((row) => [row.id, row.ownerId]));
  }

  /** Bytes of the files `ids` together. */
  async bytesOf(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await this.db
      .select({ bytes: sql`coalesce(sum(${files.size}), 0)::double precision`.mapWith(Number) })
      .from(files)
      .where(inArray(files.id, ids));
    return row?.bytes ?? 0;
  }

  /**
   * Makes `ownerId` the owner of the files `ids` (an editor's uploads attached to that owner's
   * item); the service has checked the caller may and the owner's quota.
   */
  async giveTo(ids: number[], ownerId: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.update(files).set({ userId: ownerId }).where(inArray(files.id, ids));
  }

  /** The attached files of a page of content items, in one query (index files_content_idx). */
  async listForContents(caller: Caller, contentIds: number[]): Promise<FileRow[]> {
    if (contentIds.length === 0) return [];
    const query = this.prepared.once('content_files', (name) =>
      this.db
        .select(columns)
        .from(files)
        .where(and(scopeOf(PREPARED_CALLER, 'files', 'read'), anyOf(files.contentId, 'ids')))
        .orderBy(asc(files.id))
        .prepare(name),
    );
    return query.execute({ caller: caller.userId, ids: contentIds });
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
          scopeOf(caller, 'files', 'write'),
          eq(files.contentId, contentId),
          fileIds.length > 0 ? notInArray(files.id, fileIds) : isNotNull(files.contentId),
        ),
      );
    if (fileIds.length > 0) {
      await this.db
        .update(files)
        .set({ contentId })
        .where(and(scopeOf(caller, 'files', 'write'), inArray(files.id, fileIds)));
    }
  }
}
