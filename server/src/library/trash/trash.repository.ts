import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { TrashType } from '@cw/contract';
import { collections, contents, files, notes } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { pageOfSelect } from '../../db/page';
import type { Caller } from '../../policy/caller';
import { trashScopeOf } from '../../policy/library.policy';

export interface TrashRow {
  type: TrashType;
  id: number;
  title: string;
  deletedOn: Date;
}

/** What one purge batch deleted for good, and the stored files it queued for removal. */
export interface PurgedCounts {
  collections: number;
  contents: number;
  notes: number;
  storageKeys: string[];
}

/**
 * The trash's own queries (docs/api.md, "Trash"; decision 130): the caller's trashed rows
 * through the policy's `trashScopeOf`; restore and delete for good of one object whose access
 * the service has checked (`repos.access.onTrashed`); the purge across every account.
 */
export class TrashRepository {
  constructor(private readonly db: Executor) {}

  /** A page of the caller's trash, newest first (indexes *_trash_idx). */
  async list(caller: Caller, limit: number, offset: number) {
    const rows = sql`select 'collection' as type, ${collections.id} as id, ${collections.name} as title, ${collections.deletedOn} as deleted_on from ${collections} where ${trashScopeOf(caller, 'collections')}
      union all select 'content', ${contents.id}, ${contents.title}, ${contents.deletedOn} from ${contents} where ${trashScopeOf(caller, 'contents')}
      union all select 'note', ${notes.id}, ${notes.title}, ${notes.deletedOn} from ${notes} where ${trashScopeOf(caller, 'notes')}`;
    const page = await pageOfSelect<{
      type: TrashType;
      id: number;
      title: string;
      deleted_on: Date | string;
    }>(this.db, rows, sql`deleted_on desc, type, id desc`, limit, offset);
    return {
      count: page.count,
      rows: page.rows.map((row): TrashRow => ({
        type: row.type,
        id: Number(row.id),
        title: row.title,
        deletedOn: new Date(row.deleted_on),
      })),
    };
  }

  /**
   * Takes the object out of the trash; a collection brings back the notes trashed with it (the
   * same `deleted_on`), not those trashed on their own before. False when it is not in the trash.
   */
  async restore(type: TrashType, id: number): Promise<boolean> {
    switch (type) {
      case 'collection': {
        const [row] = await this.db
          .select({ id: collections.id })
          .from(collections)
          .where(and(eq(collections.id, id), isNotNull(collections.deletedOn)))
          .for('update');
        if (!row) return false;
        // Compared in the database: a JavaScript Date would drop the microseconds.
        await this.db
          .update(notes)
          .set({ deletedOn: null })
          .where(
            and(
              eq(notes.collectionId, id),
              sql`${notes.deletedOn} = (select c.deleted_on from collections c where c.id = ${id})`,
            ),
          );
        await this.db.update(collections).set({ deletedOn: null }).where(eq(collections.id, id));
        return true;
      }
      case 'content':
        return (
          (
            await this.db
              .update(contents)
              .set({ deletedOn: null })
              .where(and(eq(contents.id, id), isNotNull(contents.deletedOn)))
              .returning({ id: contents.id })
          ).length > 0
        );
      case 'note':
        return (
          (
            await this.db
              .update(notes)
              .set({ deletedOn: null })
              .where(and(eq(notes.id, id), isNotNull(notes.deletedOn)))
              .returning({ id: notes.id })
          ).length > 0
        );
    }
  }

  /**
   * Deletes one trashed object for good and answers the storage keys of the files that went
   * with it (queue them for removal in the same transaction). A content item takes its files,
   * links and versions (ON DELETE CASCADE); a collection its notes, links and memberships, while
   * its own files stay the owner's, unattached (docs/api.md, "Files"). Null: not in the trash.
   */
  async deleteForever(type: TrashType, id: number): Promise<string[] | null> {
    switch (type) {
      case 'collection': {
        const deleted = await this.db
          .delete(collections)
          .where(and(eq(collections.id, id), isNotNull(collections.deletedOn)))
          .returning({ id: collections.id });
        return deleted.length > 0 ? [] : null;
      }
      case 'content': {
        const keys = await this.storageKeysOfContents([id]);
        const deleted = await this.db
          .delete(contents)
          .where(and(eq(contents.id, id), isNotNull(contents.deletedOn)))
          .returning({ id: contents.id });
        return deleted.length > 0 ? keys : null;
      }
      case 'note': {
        const deleted = await this.db
          .delete(notes)
          .where(and(eq(notes.id, id), isNotNull(notes.deletedOn)))
          .returning({ id: notes.id });
        return deleted.length > 0 ? [] : null;
      }
    }
  }

  /** Deletes everything in the caller's trash for good; the storage keys of the files that went. */
  async empty(caller: Caller): Promise<string[]> {
    const items = await this.db
      .select({ id: contents.id })
      .from(contents)
      .where(trashScopeOf(caller, 'contents'))
      .for('update');
    const itemIds = items.map((row) => row.id);
    const keys = await this.storageKeysOfContents(itemIds);
    if (itemIds.length > 0) await this.db.delete(contents).where(inArray(contents.id, itemIds));
    // The trashed collections take the notes inside them (cascade); then the notes trashed on
    // their own.
    await this.db.delete(collections).where(trashScopeOf(caller, 'collections'));
    await this.db.delete(notes).where(trashScopeOf(caller, 'notes'));
    return keys;
  }

  /** The storage keys of the files attached to these items (read before deleting them). */
  async storageKeysOfContents(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(inArray(files.contentId, ids));
    return rows.map((row) => row.storageKey);
  }

  /**
   * One batch of the purge: up to `batch` rows of each table trashed at or before `cutoff`,
   * locked with SKIP LOCKED (another instance purging at the same time takes other rows, and a
   * row being restored is left alone), deleted for good. Run it in a transaction.
   */
  async purgeBatch(cutoff: Date, batch: number): Promise<PurgedCounts> {
    const expired = async (table: typeof contents | typeof collections | typeof notes) => {
      const rows = await this.db
        .select({ id: table.id })
        .from(table)
        .where(and(isNotNull(table.deletedOn), lte(table.deletedOn, cutoff)))
        .orderBy(table.deletedOn)
        .limit(batch)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    };
    const itemIds = await expired(contents);
    const storageKeys = await this.storageKeysOfContents(itemIds);
    if (itemIds.length > 0) await this.db.delete(contents).where(inArray(contents.id, itemIds));
    const collectionIds = await expired(collections);
    if (collectionIds.length > 0) {
      await this.db.delete(collections).where(inArray(collections.id, collectionIds));
    }
    const noteIds = await expired(notes);
    if (noteIds.length > 0) await this.db.delete(notes).where(inArray(notes.id, noteIds));
    return {
      contents: itemIds.length,
      collections: collectionIds.length,
      notes: noteIds.length,
      storageKeys,
    };
  }
}
