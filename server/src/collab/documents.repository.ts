import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type * as Y from 'yjs';
import { contentDocumentUpdates, contentDocuments, contents } from '../db/schema';
import type { Executor } from '../db/executor';
import { documentOf } from './documents';

/** A document as stored: its compacted state and the updates stored after it, oldest first. */
export interface StoredDocument {
  state: Uint8Array;
  updates: { id: number; update: Uint8Array; userId: number | null }[];
}

/** node-postgres sends a Buffer as bytea; a Buffer is a Uint8Array, so PGlite takes it too. */
const asBytes = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The stored shared documents of content items (docs/api.md, "Writing together"; decision 187):
 * a compacted state per item, and the updates stored since, each before it is acknowledged.
 * Callers check access first; this repository knows no caller.
 */
export class DocumentsRepository {
  constructor(private readonly db: Executor) {}

  /** The document of item `contentId`, or undefined when it has none yet. */
  async load(contentId: number, lock = false): Promise<StoredDocument | undefined> {
    const stateQuery = this.db
      .select({ state: contentDocuments.state })
      .from(contentDocuments)
      .where(eq(contentDocuments.contentId, contentId));
    const [row] = await (lock ? stateQuery.for('update') : stateQuery);
    if (!row) return undefined;
    const updates = await this.db
      .select({
        id: contentDocumentUpdates.id,
        update: contentDocumentUpdates.update,
        userId: contentDocumentUpdates.userId,
      })
      .from(contentDocumentUpdates)
      .where(eq(contentDocumentUpdates.contentId, contentId))
      .orderBy(contentDocumentUpdates.id);
    return { state: row.state, updates };
  }

  /** Whether item `contentId` has a document yet (no lock: a cheap first look). */
  async exists(contentId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ contentId: contentDocuments.contentId })
      .from(contentDocuments)
      .where(eq(contentDocuments.contentId, contentId));
    return row !== undefined;
  }

  /** The live document of a stored one. */
  static documentOf(stored: StoredDocument): Y.Doc {
    return documentOf(
      stored.state,
      stored.updates.map((row) => row.update),
    );
  }

  /**
   * The item's text and whether it is live (not in the trash), its row locked until the
   * transaction ends: a document is made, and a REST save writes, one at a time per item.
   * `for no key update`, not `for update`: storing a client's update (an insert whose foreign
   * key takes a key-share lock on this row) must not wait for a settle to commit, or under many
   * editors the waiting inserts hold the pool's connections and every keystroke queues
   * (bench/README.md, "Live co-editing").
   */
  async lockItem(
    contentId: number,
    { trashedToo = false } = {},
  ): Promise<{ content: string; userId: number; title: string } | undefined> {
    const [row] = await this.db
      .select({ content: contents.content, userId: contents.userId, title: contents.title })
      .from(contents)
      .where(
        trashedToo
          ? eq(contents.id, contentId)
          : and(eq(contents.id, contentId), isNull(contents.deletedOn)),
      )
      .for('no key update');
    return row;
  }

  /**
   * What follows the document (docs/api.md, "Writing together"): the item's text, word count
   * (and so its search vector), `updated_on`, and `updated_by` when the writer is known.
   */
  async writeText(
    contentId: number,
    text: string,
    wordCount: number,
    userId: number | null,
  ): Promise<void> {
    await this.db
      .update(contents)
      .set({
        content: text,
        wordCount,
        updatedOn: sql`now()`,
        updatedBy: userId === null ? sql`${contents.updatedBy}` : userId,
      })
      .where(eq(contents.id, contentId));
  }

  /** Stores the first state of an item's document, unless another instance stored one first. */
  async create(contentId: number, state: Uint8Array): Promise<void> {
    await this.db
      .insert(contentDocuments)
      .values({ contentId, state: asBytes(state), updatedOn: sql`now()` })
      .onConflictDoNothing();
  }

  /** Stores one update of the item's document (by `userId`, null for the server's own). */
  async append(contentId: number, update: Uint8Array, userId: number | null): Promise<void> {
    await this.db
      .insert(contentDocumentUpdates)
      .values({ contentId, update: asBytes(update), userId });
  }

  /**
   * Folds the updates `ids` into the document's new `state` (made from the state and exactly
   * those updates, read under the state row's lock): updates stored meanwhile stay rows.
   */
  async compact(contentId: number, state: Uint8Array, ids: number[]): Promise<void> {
    await this.db
      .update(contentDocuments)
      .set({ state: asBytes(state), updatedOn: sql`now()` })
      .where(eq(contentDocuments.contentId, contentId));
    if (ids.length > 0) {
      await this.db
        .delete(contentDocumentUpdates)
        .where(
          and(
            eq(contentDocumentUpdates.contentId, contentId),
            inArray(contentDocumentUpdates.id, ids),
          ),
        );
    }
  }
}
