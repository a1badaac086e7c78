import type { Caller } from '../../policy/caller';
import type { LibraryRepositories } from '../library-store';
import type { ContentRow } from './contents.repository';

/**
 * What a change of an item tells others, in the change's transaction (docs/api.md,
 * "Notifications", "Activity"): a move to another board column is an activity entry in each of
 * its collections and, by someone else, a notification to its owner; a new title or text is an
 * 'edited' entry, folded per person per 5 minutes.
 */
export async function recordItemChange(
  repos: LibraryRepositories,
  caller: Caller,
  change: { fromStatus: string | undefined; row: ContentRow; edited: boolean; at: Date },
): Promise<void> {
  const { row, at } = change;
  const about = { actorId: caller.userId, contentId: row.id, contentTitle: row.title, at };
  if (change.fromStatus !== undefined && change.fromStatus !== row.status) {
    const move = { fromStatus: change.fromStatus, toStatus: row.status };
    await repos.activity.recordForItem({ ...about, ...move, kind: 'status' });
    await repos.notifications.notify({
      ...about,
      ...move,
      kind: 'status',
      recipientId: row.userId,
    });
  }
  if (change.edited) await repos.activity.recordForItem({ ...about, kind: 'edited' });
}
