import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../storage/file-storage';

/**
 * Removes bytes whose rows are already gone (committed). A failure here cannot undo the delete
 * the user asked for, so it is logged and the orphaned bytes stay for an operator to sweep.
 */
export async function removeStoredBytes(
  storage: FileStorage,
  keys: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const outcomes = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      log.error(
        { err: outcome.reason, storageKey: keys[index] },
        'could not remove stored file bytes',
      );
    }
  });
}
