import { and, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '@cw/contract';
import {
  collectionMembers,
  collections,
  contentCollections,
  contents,
  files,
  notes,
  tags,
} from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { Caller } from './caller';

/**
 * Who may read and change which library rows: the one place that knows it (docs/api.md,
 * "Access" and "Sharing"; decision 100). Services ask `requireRole`/`can` about what a request
 * wants to do with one object; repositories put `scopeOf` in the WHERE of every query, so
 * access is part of the query, never a check after loading, and lists, single reads, search
 * and exports cannot disagree.
 *
 * A collection is shared through `collection_members`: its owner has a row with role 'owner',
 * and every person who accepted an invitation a row with 'editor' or 'viewer' (a row has a
 * user only once accepted). A content item is readable through any of its collections and
 * changeable through any it may be edited in; a note and a collection's own files follow
 * their collection. Tags are per person.
 */

/**
 * What a query is for:
 * - `own`: the rows the caller owns (what a list without a collection shows: "your library");
 * - `shared`: rows shared with the caller that they do not own (collections only);
 * - `read`: every row the caller may read;
 * - `write`: rows the caller may change (owner or editor);
 * - `manage`: rows only their owner may change (a collection's settings, members, deletion;
 *   an item's tags and collections).
 */
export type Access = 'own' | 'shared' | 'read' | 'write' | 'manage';

export type LibraryResource = 'collections' | 'contents' | 'tags' | 'files' | 'notes';

/** What a role may do: read; write notes, items and files; manage the collection. */
export type Action = 'read' | 'write' | 'manage';

const ALLOWED: Record<Role, readonly Action[]> = {
  owner: ['read', 'write', 'manage'],
  editor: ['read', 'write'],
  viewer: ['read'],
};

const WRITING_ROLES: readonly Role[] = ['owner', 'editor'];

export const can = (role: Role | undefined, action: Action): boolean =>
  role !== undefined && ALLOWED[role].includes(action);

const REFUSALS: Record<Action, string> = {
  read: 'Not found.',
  write: 'Viewers can read this collection but not change it.',
  manage: 'Only the owner can do this.',
};

/**
 * The §11 table's answers: no role at all is a 404 (the object is not there, for them); a role
 * that may not do `action` is a 403.
 */
export function requireRole(role: Role | undefined, action: Action): asserts role is Role {
  if (role === undefined) throw notFound();
  if (!can(role, action)) throw forbidden(REFUSALS[action]);
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

/** The caller has a membership of the collection `collectionId` with one of `roles`. */
function memberOf(caller: Caller, collectionId: AnyColumn, roles?: readonly Role[]): SQL {
  return sql`exists (select 1 from ${collectionMembers} where ${and(
    eq(collectionMembers.collectionId, collectionId),
    eq(collectionMembers.userId, caller.userId),
    roles ? inArray(collectionMembers.role, [...roles]) : undefined,
  )})`;
}

/** The content item `contentId` sits in a collection the caller is a member of (with `roles`). */
function memberThroughItem(caller: Caller, contentId: AnyColumn, roles?: readonly Role[]): SQL {
  return sql`exists (select 1 from ${contentCollections} inner join ${collectionMembers} on ${eq(
    collectionMembers.collectionId,
    contentCollections.collectionId,
  )} where ${and(
    eq(contentCollections.contentId, contentId),
    eq(collectionMembers.userId, caller.userId),
    roles ? inArray(collectionMembers.role, [...roles]) : undefined,
  )})`;
}

/** Owned rows, plus those reachable through memberships with `roles` (any role when unset). */
const ownedOr = (owner: AnyColumn, caller: Caller, ...through: SQL[]): SQL =>
  or(eq(owner, caller.userId), ...through) as SQL;

/** "The rows this person may read (or change)" of one resource, as a WHERE condition. */
export function scopeOf(caller: Caller, resource: LibraryResource, access: Access): SQL {
  const roles = access === 'write' ? WRITING_ROLES : undefined;
  switch (resource) {
    case 'tags':
      return eq(tags.userId, caller.userId);
    case 'collections':
      if (access === 'own' || access === 'manage') return eq(collections.userId, caller.userId);
      if (access === 'shared') {
        return and(ne(collections.userId, caller.userId), memberOf(caller, collections.id)) as SQL;
      }
      return ownedOr(collections.userId, caller, memberOf(caller, collections.id, roles));
    case 'contents':
      if (access === 'own' || access === 'manage' || access === 'shared') {
        return eq(contents.userId, caller.userId);
      }
      return ownedOr(contents.userId, caller, memberThroughItem(caller, contents.id, roles));
    case 'notes':
      if (access === 'own' || access === 'manage' || access === 'shared') {
        return eq(notes.userId, caller.userId);
      }
      return ownedOr(notes.userId, caller, memberOf(caller, notes.collectionId, roles));
    case 'files':
      if (access === 'own' || access === 'manage' || access === 'shared') {
        return eq(files.userId, caller.userId);
      }
      return ownedOr(
        files.userId,
        caller,
        memberThroughItem(caller, files.contentId, roles),
        memberOf(caller, files.collectionId, roles),
      );
  }
}

/**
 * The read scope of `scopeOf(caller, resource, 'read')` as two disjoint parts: the caller's own
 * rows (`user_id = caller`, which an index on the owner serves) and the rows of others shared
 * with the caller through memberships (null when nothing of that resource is ever shared).
 * `own OR shared` is exactly the read scope; a query may run them as two branches of a
 * `UNION ALL` (search does: an OR with EXISTS makes the planner look at every user's rows).
 */
export function readScopeParts(
  caller: Caller,
  resource: LibraryResource,
): { own: SQL; shared: SQL | null } {
  // The shared part starts from the caller's memberships (a handful of collections), not from
  // the table: `id = any(array(…))` is computed once and looked up by primary key.
  const sharedCollections = sql`array(select ${collectionMembers.collectionId} from ${collectionMembers} where ${eq(collectionMembers.userId, caller.userId)})`;
  // Items of those collections, less the caller's own (a caller's items usually fill their own
  // collections: the owner's btree answers that set from the index, instead of one lookup by
  // primary key per item to find its owner).
  const sharedItems = sql`array(select ${contentCollections.contentId} from ${contentCollections} inner join ${collectionMembers} on ${eq(
    collectionMembers.collectionId,
    contentCollections.collectionId,
  )} where ${eq(collectionMembers.userId, caller.userId)} except select ${contents.id} from ${contents} where ${eq(contents.userId, caller.userId)})`;
  switch (resource) {
    case 'tags':
      return { own: eq(tags.userId, caller.userId), shared: null };
    case 'collections':
      return {
        own: eq(collections.userId, caller.userId),
        shared: sql`${collections.userId} <> ${caller.userId} and ${collections.id} = any(${sharedCollections})`,
      };
    case 'contents':
      return {
        own: eq(contents.userId, caller.userId),
        shared: sql`${contents.userId} <> ${caller.userId} and ${contents.id} = any(${sharedItems})`,
      };
    case 'notes':
      return {
        own: eq(notes.userId, caller.userId),
        shared: sql`${notes.userId} <> ${caller.userId} and ${notes.collectionId} = any(${sharedCollections})`,
      };
    case 'files':
      return {
        own: eq(files.userId, caller.userId),
        shared: sql`${files.userId} <> ${caller.userId} and (${files.contentId} = any(${sharedItems}) or ${files.collectionId} = any(${sharedCollections}))`,
      };
  }
}

/** The owner of anything a caller creates outside a shared collection is that caller. */
export const ownerIdFor = (caller: Caller): number => caller.userId;

/**
 * What a request asks for, checked before any query: a `user` filter or field may only name
 * the caller (docs/api.md §3: otherwise 403).
 */
export type Intent = { act: 'act-as'; user: number | undefined };

export function authorize(caller: Caller, intent: Intent): void {
  switch (intent.act) {
    case 'act-as':
      if (intent.user !== undefined && intent.user !== caller.userId) {
        throw forbidden('You can only see and change your own library.');
      }
      return;
  }
}
