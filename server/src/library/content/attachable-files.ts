import type { LibraryRepositories } from '../library-store';
import type { Caller } from '../../policy/caller';
import { requireAllLinkable } from '../shared/linked-ids';
import { quotaExceeded } from '../shared/storage-quota';

/**
 * Files to attach to an item of `ownerId`: ones the caller may change that are the owner's, or
 * the caller's own uploads (an editor attaching what they uploaded to the owner's item: those
 * become the owner's, within the owner's storage quota). Any other id is a 400. Answers the
 * ids to give to the owner once attached (`giveTo`).
 */
export async function requireAttachable(
  repos: LibraryRepositories,
  caller: Caller,
  fileIds: number[],
  ownerId: number,
  /** Most bytes of files one user may keep (STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number,
): Promise<number[]> {
  const owners = await repos.files.ownersOf(caller, fileIds);
  requireAllLinkable('files', fileIds, {
    has: (id) => owners.get(id) === ownerId || owners.get(id) === caller.userId,
  });
  const given = fileIds.filter((id) => owners.get(id) !== ownerId);
  if (given.length === 0) return given;
  await repos.files.lockOwner(ownerId);
  const used = await repos.files.usedBytes(ownerId);
  if (used + (await repos.files.bytesOf(given)) > storageQuotaBytes) {
    throw quotaExceeded(storageQuotaBytes);
  }
  return given;
}
