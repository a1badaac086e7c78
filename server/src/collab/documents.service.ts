import * as Y from 'yjs';
import { countWords } from '@cw/contract';
import type { LibraryRepositories, LibraryStore } from '../library/library-store';
import { DocumentsRepository } from './documents.repository';
import { documentWith, replaceText, textOf } from './documents';

/** Stored updates of one document past which settling it also compacts them into its state. */
export const COMPACT_AFTER = 100;

/**
 * The stored side of shared documents (docs/api.md, "Writing together"; decision 187): making an
 * item's document from its text, settling the item's text on its document, and REST writes of
 * the text as edits of the document. Every read of a document comes from the database (its
 * state and the updates after it), so all instances agree on it.
 */
export class DocumentsService {
  constructor(
    private readonly store: LibraryStore,
    private readonly now: () => Date,
  ) {}

  /**
   * The document of live item `contentId`, made from its text the first time (one instance
   * wins; the others read what it stored). Undefined when the item is gone or in the trash.
   */
  async open(contentId: number): Promise<Y.Doc | undefined> {
    const stored =
      (await this.store.repos.documents.load(contentId)) ??
      (await this.store.transaction(async (repos) => {
        const item = await repos.documents.lockItem(contentId);
        if (!item) return undefined;
        const existing = await repos.documents.load(contentId);
        if (existing) return existing;
        const state = Y.encodeStateAsUpdate(documentWith(item.content));
        await repos.documents.create(contentId, state);
        return { state, updates: [] };
      }));
    return stored && DocumentsRepository.documentOf(stored);
  }

  /** Stores an update a client sent (checked by the caller) before it is acknowledged. */
  append(contentId: number, update: Uint8Array, userId: number | null): Promise<void> {
    return this.store.repos.documents.append(contentId, update, userId);
  }

  /** `settleIn` in a transaction of its own. */
  settle(contentId: number): Promise<Y.Doc | undefined> {
    return this.store.transaction((repos) => this.settleIn(repos, contentId));
  }

  /**
   * Brings the item's text, word count, search vector and `updated_by`/`updated_on` to its
   * stored document, keeping the text it replaces as a version by the autosave rule (docs/api.md,
   * "Versions"), and folds the updates into the state once there are COMPACT_AFTER of them.
   * Answers the document (undefined when the item has none). The item's and the document's rows
   * stay locked until the transaction ends, so making the document, settling, compacting and
   * REST saves of one item go one at a time.
   */
  async settleIn(repos: LibraryRepositories, contentId: number): Promise<Y.Doc | undefined> {
    // An item never opened live has no document: nothing to settle, and nothing locked, so its
    // REST saves go exactly as before live editing (writeIn looks again once the item's row is
    // held, for a document made meanwhile).
    if (!(await repos.documents.exists(contentId))) return undefined;
    // The item's row first, then its document's: every path takes them in this order (making a
    // document, settling, a REST save), so none waits on another in a circle.
    const item = await repos.documents.lockItem(contentId, { trashedToo: true });
    if (!item) return undefined;
    const stored = await repos.documents.load(contentId, true);
    if (!stored) return undefined;
    const doc = DocumentsRepository.documentOf(stored);
    const text = textOf(doc);
    if (text !== item.content) {
      await repos.versions.keepBeforeSave(contentId, { content: text }, this.now());
      const writer = stored.updates.findLast((row) => row.userId !== null)?.userId ?? null;
      await repos.documents.writeText(contentId, text, countWords(text), writer);
      // Its `[[…]]` links, resolved as the last writer reads (the owner, for the server's own).
      await repos.links.derive({ userId: writer ?? item.userId }, contentId, text);
      // Typed live: an 'edited' entry of its collections' activity, folded per 5 minutes.
      if (writer !== null) {
        const edit = { actorId: writer, contentId, contentTitle: item.title, at: this.now() };
        await repos.activity.recordForItem({ ...edit, kind: 'edited' });
      }
    }
    if (stored.updates.length >= COMPACT_AFTER) {
      await repos.documents.compact(
        contentId,
        Y.encodeStateAsUpdate(doc),
        stored.updates.map((row) => row.id),
      );
    }
    return doc;
  }

  /**
   * A REST write of the item's text (a save, a restore) as an edit of its document, in the
   * caller's transaction after `settleIn` and after the item's row is written: the smallest change from the document's text to
   * `next`, stored as an update by `userId`. Answers whether the document changed (then the open
   * editors are told once the transaction commits).
   */
  async writeIn(
    repos: LibraryRepositories,
    contentId: number,
    doc: Y.Doc | undefined,
    next: string,
    userId: number,
  ): Promise<boolean> {
    // No document when the save began: one may have been made since (opened by someone). Once
    // the save has written the item's row (held to the end of its transaction), a document made
    // before is visible here, and one made after starts from the saved text.
    const live =
      doc ??
      (await repos.documents
        .load(contentId)
        .then((stored) => (stored ? DocumentsRepository.documentOf(stored) : undefined)));
    if (!live) return false;
    const update = replaceText(live, next);
    if (!update) return false;
    await repos.documents.append(contentId, update, userId);
    return true;
  }
}
