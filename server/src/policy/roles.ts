import type { Role } from '@cw/contract';
import { forbidden, notFound } from '../http/errors';
import type { Caller } from './caller';

/*
 * What each role may do with one object, and the answers when it may not: the per-object half of
 * the library's policy (library.policy.ts, which re-exports these, writes the scopes of queries).
 */

/**
 * What a role may do: read; comment on items (docs/api.md, "Comments": every role); write
 * notes, items and files; manage the collection.
 */
export type Action = 'read' | 'comment' | 'write' | 'manage';

const ALLOWED: Record<Role, readonly Action[]> = {
  owner: ['read', 'comment', 'write', 'manage'],
  editor: ['read', 'comment', 'write'],
  viewer: ['read', 'comment'],
};

export const can = (role: Role | undefined, action: Action): boolean =>
  role !== undefined && ALLOWED[role].includes(action);

const REFUSALS: Record<Action, string> = {
  read: 'Not found.',
  comment: 'Not found.',
  write: 'Viewers can read this collection but not change it.',
  manage: 'Only the owner can do this.',
};

/**
 * The answers of the roles table in docs/api.md, "Sharing a collection": no role at all is a 404
 * (the object is not there, for them); a role that may not do `action` is a 403.
 */
export function requireRole(role: Role | undefined, action: Action): asserts role is Role {
  if (role === undefined) throw notFound();
  if (!can(role, action)) throw forbidden(REFUSALS[action]);
}

/**
 * A comment is changed or deleted only by its author (docs/api.md, "Comments"; decision 221),
 * whatever their role: an owner may not put words in a viewer's mouth. `authorId` null: the
 * author's account is gone, and no one may change it.
 */
export function requireAuthor(caller: Caller, authorId: number | null): void {
  if (authorId !== caller.userId) throw forbidden('Only its author can change a comment.');
}

/** An editor changing what only an item's owner may (its tags and collections). */
export const onlyTheOwner = (what: string) => forbidden(`Only the owner can change ${what}.`);

/** The better of two roles (an item readable through several collections takes the best). */
export function bestRole(roles: Iterable<Role>): Role | undefined {
  let best: Role | undefined;
  for (const role of roles) {
    if (role === 'owner') return role;
    if (role === 'editor' || best === undefined) best = role;
  }
  return best;
}
