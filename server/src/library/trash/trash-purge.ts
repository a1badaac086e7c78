import { TRASH_DAYS } from '@cw/contract';
import type { Database } from '../../db/client';
import { QueuedFileRemovals, type FileRemovals } from '../../storage/file-removals';
import { TrashRepository } from './trash.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  collections: number;
  contents: number;
  notes: number;
  /** Stored files removed from the store after the rows went. */
  files: number;
}

/**
 * Deletes for good everything that has been in any trash for TRASH_DAYS days or more, as of
 * `now()` (the app's clock), then removes the stored files of what went (docs/operations.md,
 * "Trash and purge"; decision 131). Safe to run at any time, from any number of instances at
 * once and again after a crash:
 * - each batch of up to `batch` rows per table is one transaction: its rows are locked with
 *   SKIP LOCKED (two purges take different rows), deleted, and their files' storage keys queued
 *   in `file_removals`, all or nothing;
 * - the files are removed only after that commit; keys left by a crash or a store failure are
 *   removed by the sweep at the end of this run or of a later one (`removals.sweep()`).
 *
 * The single entry point of the purge: the server runs it at start-up and every
 * PURGE_INTERVAL_MS (library.plugin.ts); a job runner may call it the same way.
 */
export async function purgeExpiredTrash(deps: {
  db: Database;
  removals: FileRemovals;
  now: () => Date;
  batch?: number;
}): Promise<PurgeResult> {
  const batch = deps.batch ?? 500;
  const cutoff = new Date(deps.now().getTime() - TRASH_DAYS * DAY_MS);
  const result: PurgeResult = { collections: 0, contents: 0, notes: 0, files: 0 };
  for (;;) {
    const purged = await deps.db.transaction(async (tx) => {
      const counts = await new TrashRepository(tx).purgeBatch(cutoff, batch);
      await new QueuedFileRemovals(tx).queue(counts.storageKeys);
      return counts;
    });
    result.collections += purged.collections;
    result.contents += purged.contents;
    result.notes += purged.notes;
    result.files += await deps.removals.removeNow(purged.storageKeys);
    if (purged.collections < batch && purged.contents < batch && purged.notes < batch) {
      break;
    }
  }
  result.files += await deps.removals.sweep();
  return result;
}

/** How often each instance runs the purge (and the sweep of stored files). */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
