import type { Collection, ContentItem, Note, Restored, TrashItem, TrashType } from '@cw/contract';
import { TRASH_DAYS } from '@cw/contract';
import { notFound } from '../../http/errors';
import { pageWindow, type Page, type PageParams } from '../../http/pagination';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { FileRemovals } from '../../storage/file-removals';
import type { LibraryStore } from '../library-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an object trashed at `deletedOn` is purged (docs/api.md, "Trash"). */
export const purgeOn = (deletedOn: Date): Date =>
  new Date(deletedOn.getTime() + TRASH_DAYS * DAY_MS);

/**
 * How a restored object is shown: as its own feature answers a GET of it (the collections,
 * contents and notes services, given by library.plugin.ts).
 */
export interface RestoredPresenters {
  collections: { get(caller: Caller, id: number): Promise<Collection> };
  contents: { get(caller: Caller, id: number): Promise<ContentItem> };
  notes: { get(caller: Caller, id: number): Promise<Note> };
}

/**
 * The caller's trash (docs/api.md, "Trash"; decision 130). Who may do what:
 * - the list shows what the caller owns, whoever moved it there;
 * - restore: whoever may write the object (the owner, or an editor of a collection the item or
 *   note is in, so an editor's Undo works); a collection only by its owner;
 * - delete for good and empty: the owner only (an editor gets 403).
 */
export class TrashService {
  constructor(
    private readonly store: LibraryStore,
    private readonly removals: FileRemovals,
    private readonly present: RestoredPresenters,
  ) {}

  async list(caller: Caller, query: PageParams): Promise<Page<TrashItem>> {
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.trash.list(caller, limit, offset);
    return {
      count,
      results: rows.map((row) => ({
        type: row.type,
        id: row.id,
        title: row.title,
        deleted_on: row.deletedOn.toISOString(),
        purge_on: purgeOn(row.deletedOn).toISOString(),
      })),
    };
  }

  async restore(caller: Caller, type: TrashType, id: number): Promise<Restored> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onTrashed(caller, type, id))?.role, 'write');
      if (!(await repos.trash.restore(type, id))) throw notFound();
    });
    switch (type) {
      case 'collection':
        return this.present.collections.get(caller, id);
      case 'content':
        return this.present.contents.get(caller, id);
      case 'note':
        return this.present.notes.get(caller, id);
    }
  }

  async remove(caller: Caller, type: TrashType, id: number): Promise<void> {
    const keys = await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onTrashed(caller, type, id))?.role, 'manage');
      const gone = await repos.trash.deleteForever(type, id);
      if (gone === null) throw notFound();
      await repos.fileRemovals.queue(gone);
      return gone;
    });
    await this.removals.removeNow(keys);
  }

  async empty(caller: Caller): Promise<void> {
    const keys = await this.store.transaction(async (repos) => {
      const gone = await repos.trash.empty(caller);
      await repos.fileRemovals.queue(gone);
      return gone;
    });
    await this.removals.removeNow(keys);
  }
}
