import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Executor } from '../db/executor';
import { fileRemovals } from '../db/schema';
import type { FileStorage } from './file-storage';

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Stored bytes of rows deleted for good (the trash's delete forever, empty and purge, account
 * deletion; docs/operations.md "Trash and purge"; decision 131). The transaction that deletes
 * the rows writes their storage keys to `file_removals` (`queue`); once it has committed, the
 * bytes are removed and their keys forgotten (`removeNow`). A crash or a store failure in between
 * leaves the keys, which `sweep` (at start-up and every few minutes, by any instance) removes
 * later: nothing is removed before its rows are gone, and nothing is left behind for good.
 * Uploads reserve their key here before writing the bytes (decision 138), so bytes a killed
 * upload stored without a row are swept too.
 */
export class QueuedFileRemovals {
  constructor(private readonly db: Executor) {}

  /**
   * Reserves `key` before its bytes are written (committed on its own, first): if the process
   * dies before the row naming the key commits, the sweep removes the bytes once `seconds` have
   * passed (decision 138). `release` it in the transaction that inserts the row.
   */
  async reserve(key: string, seconds: number): Promise<void> {
    await this.db
      .insert(fileRemovals)
      .values({ storageKey: key, notBefore: sql`now() + make_interval(secs => ${seconds})` })
      .onConflictDoNothing();
  }

  /** The row naming `key` is being inserted in this transaction: its bytes are kept. */
  async release(key: string): Promise<void> {
    await this.db
      .delete(fileRemovals)
      .where(and(eq(fileRemovals.storageKey, key), isNotNull(fileRemovals.notBefore)));
  }

  /** Call it in the transaction that deletes the rows of these keys. */
  async queue(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .insert(fileRemovals)
      .values(keys.map((storageKey) => ({ storageKey })))
      .onConflictDoNothing();
  }
}

/** Removes queued bytes: after the commit that queued them, and in the sweep. */
export class FileRemovals {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly log: Log,
  ) {}

  /**
   * Removes the bytes of `keys` (queued and committed), then forgets the keys removed. Removing
   * bytes already gone is not an error, so two instances sweeping the same key are harmless.
   */
  async removeNow(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const outcomes = await Promise.allSettled(keys.map((key) => this.storage.remove(key)));
    const removed: string[] = [];
    outcomes.forEach((outcome, index) => {
      const key = keys[index] as string;
      if (outcome.status === 'fulfilled') removed.push(key);
      else {
        this.log.error(
          { err: outcome.reason, storageKey: key },
          'could not remove stored file bytes; the sweep will try again',
        );
      }
    });
    if (removed.length > 0) {
      await this.db.delete(fileRemovals).where(inArray(fileRemovals.storageKey, removed));
    }
    return removed.length;
  }

  /** Removes what earlier deletions left queued (oldest first, `batch` at a time). */
  async sweep(batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.db
        .select({ storageKey: fileRemovals.storageKey })
        .from(fileRemovals)
        // A reserved key (an upload under way) only once its reservation has run out.
        .where(or(isNull(fileRemovals.notBefore), lte(fileRemovals.notBefore, sql`now()`)))
        .orderBy(asc(fileRemovals.createdOn))
        .limit(batch);
      const keys = rows.map((row) => row.storageKey);
      const removed = await this.removeNow(keys);
      total += removed;
      // Stop when the queue is empty or the store keeps failing (the next sweep tries again).
      if (keys.length < batch || removed === 0) return total;
    }
  }

  /** How many keys wait (operations and tests). */
  async pending(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(fileRemovals);
    return row?.count ?? 0;
  }
}
