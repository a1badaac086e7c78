import type { Caller } from '../../policy/caller';
import type { LibraryRepositories } from '../library-store';
import type { MemberRow } from './members.repository';

/*
 * What sharing tells others, in the transaction of the change (docs/api.md, "Notifications",
 * "Activity"). Nobody is notified of their own action (the repository drops it).
 */

/** An invitation: an activity entry, and a notification if the address has an account. */
export async function recordInvitation(
  repos: LibraryRepositories,
  caller: Caller,
  row: MemberRow,
  at: Date,
): Promise<void> {
  const { collectionId, role } = row;
  await repos.activity.record({
    collectionId,
    kind: 'invited',
    actorId: caller.userId,
    member: row.email,
    role,
    at,
  });
  const recipientId = await repos.notifications.accountOf(row.email);
  if (recipientId === undefined) return;
  await repos.notifications.notify({
    kind: 'invitation',
    recipientId,
    actorId: caller.userId,
    collectionId,
    role,
    at,
  });
}

/** An accepted invitation: the new member joined. */
export async function recordJoined(
  repos: LibraryRepositories,
  caller: Caller,
  row: { collectionId: number; role: string },
  at: Date,
): Promise<void> {
  await repos.activity.record({
    collectionId: row.collectionId,
    kind: 'joined',
    actorId: caller.userId,
    role: row.role,
    at,
  });
}

/** A member's new role: they are told the collection is shared with them as that role. */
export async function recordRoleChange(
  repos: LibraryRepositories,
  caller: Caller,
  target: MemberRow,
  role: string,
  at: Date,
): Promise<void> {
  if (target.userId === null || target.status !== 'active' || target.role === role) return;
  await repos.notifications.notify({
    kind: 'shared',
    recipientId: target.userId,
    actorId: caller.userId,
    collectionId: target.collectionId,
    role,
    at,
  });
}

/** A member left, or was removed (a revoked invitation is not an entry). */
export async function recordRemoval(
  repos: LibraryRepositories,
  caller: Caller,
  target: MemberRow,
  at: Date,
): Promise<void> {
  if (target.userId === null || target.status !== 'active') return;
  const left = target.userId === caller.userId;
  const people = left ? undefined : await repos.members.people([target.userId]);
  await repos.activity.record({
    collectionId: target.collectionId,
    kind: left ? 'left' : 'removed',
    actorId: caller.userId,
    ...(people ? { member: people.get(target.userId)?.name ?? 'Someone' } : {}),
    role: target.role,
    at,
  });
}
