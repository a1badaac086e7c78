import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Role } from '@cw/contract';
import {
  collectionMembers,
  collections,
  contentCollections,
  contents,
  files,
  notes,
  tags,
  templates,
} from '../db/schema';
import { forbidden } from '../http/errors';
import type { Caller } from './caller';

export { bestRole, can, onlyTheOwner, requireAuthor, requireRole, type Action } from './roles';

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
 *
 * The trash (docs/api.md, "Trash"; decision 130): a collection, content item or note with a
 * `deleted_on` is in its owner's trash. Every scope below leaves such rows out, and a membership
 * gives access only through a collection that is not in the trash, so a trashed object is a 404
 * everywhere and its links stop counting, with no query having to remember it. Only
 * `trashScopeOf` reaches trashed rows.
 */

/**
 * Who a scope is for: the caller of a request, or, in a query prepared once and run for every
 * caller (a named prepared statement: bench/README.md, "Floors"; decision 172), the placeholder
 * `caller`, which the query binds to the caller's id on each run. The scope is the same SQL
 * either way: the policy stays the one place that writes it.
 */
export type ScopeSubject = Pick<Caller, 'userId'> | PreparedCaller;
export interface PreparedCaller {
  readonly userId: Placeholder<'caller'>;
}
/** The subject of prepared scopes; run the query with `{ caller: caller.userId }`. */
export const PREPARED_CALLER: PreparedCaller = { userId: sql.placeholder('caller') };

/** Rows not in the trash. */
const notTrashed = (deletedOn: AnyColumn): SQL => isNull(deletedOn);

/** The caller's memberships of collections not in the trash (alias `live_c`: any outer query may be on collections). */
const liveMembership = sql`inner join collections live_c on live_c.id = ${collectionMembers.collectionId} and live_c.deleted_on is null`;

/** A file attached to a content item in the trash goes with it (it comes back with the item). */
const notOfTrashedItem = (): SQL =>
  sql`not exists (select 1 from contents trashed_item where trashed_item.id = ${files.contentId} and trashed_item.deleted_on is not null)`;

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

const WRITING_ROLES: readonly Role[] = ['owner', 'editor'];

/**
 * The caller has a membership of the collection `collectionId` with one of `roles`, and the
 * collection is not in the trash (`live`: false where the query is on that collection itself and
 * checks its `deleted_on` already).
 */
function memberOf(
  caller: ScopeSubject,
  collectionId: AnyColumn,
  roles?: readonly Role[],
  live = true,
): SQL {
  return sql`exists (select 1 from ${collectionMembers} ${live ? liveMembership : sql``} where ${and(
    eq(collectionMembers.collectionId, collectionId),
    eq(collectionMembers.userId, caller.userId),
    roles ? inArray(collectionMembers.role, [...roles]) : undefined,
  )})`;
}

/** The content item `contentId` sits in a collection the caller is a member of (with `roles`). */
function memberThroughItem(
  caller: ScopeSubject,
  contentId: AnyColumn,
  roles?: readonly Role[],
): SQL {
  return sql`exists (select 1 from ${contentCollections} inner join ${collectionMembers} on ${eq(
    collectionMembers.collectionId,
    contentCollections.collectionId,
  )} ${liveMembership} where ${and(
    eq(contentCollections.contentId, contentId),
    eq(collectionMembers.userId, caller.userId),
    roles ? inArray(collectionMembers.role, [...roles]) : undefined,
  )})`;
}

/**
 * The read rule, once: for each resource, who owns a row, when the row is live (not in the
 * trash), and through which collections a membership lends it: the collection the row is in
 * (`collection`; `self` when the row is that collection) and the collections of the content item
 * it belongs to (`item`). `scopeOf` and `readScopeParts` are two spellings of this one table,
 * made for different plans (EXISTS for lists and single reads, arrays for search's UNION ALL).
 */
interface ReadRule {
  owner: AnyColumn;
  live: () => SQL;
  collection?: AnyColumn;
  /** The row is the collection itself: its own `deleted_on` is checked by `live`. */
  self?: boolean;
  item?: AnyColumn;
}

const READ_RULES: Record<Exclude<LibraryResource, 'tags'>, ReadRule> = {
  collections: {
    owner: collections.userId,
    live: () => notTrashed(collections.deletedOn),
    collection: collections.id,
    self: true,
  },
  contents: {
    owner: contents.userId,
    live: () => notTrashed(contents.deletedOn),
    item: contents.id,
  },
  notes: {
    owner: notes.userId,
    live: () => notTrashed(notes.deletedOn),
    collection: notes.collectionId,
  },
  files: {
    owner: files.userId,
    live: notOfTrashedItem,
    item: files.contentId,
    collection: files.collectionId,
  },
};

/** The memberships (with `roles`; any role when unset) that lend a row of `rule` to the caller. */
function throughMemberships(caller: ScopeSubject, rule: ReadRule, roles?: readonly Role[]): SQL[] {
  const through: SQL[] = [];
  if (rule.item) through.push(memberThroughItem(caller, rule.item, roles));
  if (rule.collection) through.push(memberOf(caller, rule.collection, roles, !rule.self));
  return through;
}

/**
 * The rows of a resource that are one person's alone and never shared (their templates,
 * docs/api.md "Templates"): read, changed and deleted by that person only.
 */
export function personalScopeOf(caller: ScopeSubject, resource: 'templates'): SQL {
  switch (resource) {
    case 'templates':
      return eq(templates.userId, caller.userId);
  }
}

/** "The rows this person may read (or change)" of one resource, as a WHERE condition. */
export function scopeOf(caller: ScopeSubject, resource: LibraryResource, access: Access): SQL {
  if (resource === 'tags') return eq(tags.userId, caller.userId);
  const rule = READ_RULES[resource];
  const owned = eq(rule.owner, caller.userId);
  switch (access) {
    case 'own':
    case 'manage':
      return and(rule.live(), owned) as SQL;
    case 'shared':
      // Shared with the caller and not theirs: collections only (a shared collection's items,
      // notes and files are listed through it); for the others, what they own.
      if (resource !== 'collections') return and(rule.live(), owned) as SQL;
      return and(
        rule.live(),
        ne(rule.owner, caller.userId),
        ...throughMemberships(caller, rule),
      ) as SQL;
    case 'read':
    case 'write': {
      const roles = access === 'write' ? WRITING_ROLES : undefined;
      return and(rule.live(), or(owned, ...throughMemberships(caller, rule, roles))) as SQL;
    }
  }
}

/** What goes to the trash: the words of the trash's `type` (docs/api.md, "Trash"). */
export type TrashableResource = 'collections' | 'contents' | 'notes';

/**
 * The caller's own trash (docs/api.md, "Trash"): the trashed rows they own, whoever moved them
 * there. A note trashed with its collection is part of the collection's entry, not one of its own.
 */
export function trashScopeOf(caller: Caller, resource: TrashableResource): SQL {
  switch (resource) {
    case 'collections':
      return and(eq(collections.userId, caller.userId), isNotNull(collections.deletedOn)) as SQL;
    case 'contents':
      return and(eq(contents.userId, caller.userId), isNotNull(contents.deletedOn)) as SQL;
    case 'notes':
      return and(
        eq(notes.userId, caller.userId),
        isNotNull(notes.deletedOn),
        sql`exists (select 1 from collections note_c where note_c.id = ${notes.collectionId} and note_c.deleted_on is null)`,
      ) as SQL;
  }
}

/** The collections the caller is a member of, in the trash or not: an array of ids. */
const membershipsOf = (caller: ScopeSubject): SQL =>
  sql`array(select ${collectionMembers.collectionId} from ${collectionMembers} where ${eq(collectionMembers.userId, caller.userId)})`;

/**
 * The live collections the caller is a member of (`othersOnly`: less the caller's own), an
 * array of ids looked up by primary key from the caller's memberships (decision 271): a join
 * let the planner hash every person's collections to find them (12.8 ms at 1,000,000 items for
 * an owner of 800 collections, whose memberships were all of their own).
 */
const liveCollectionsOf = (caller: ScopeSubject, options: { othersOnly: boolean }): SQL => {
  const others = options.othersOnly ? sql` and live_c.user_id <> ${caller.userId}` : sql``;
  return sql`array(select live_c.id from collections live_c where live_c.id = any(${membershipsOf(caller)}) and live_c.deleted_on is null${others})`;
};

/**
 * The ids of the content items of others that the caller reads through a membership, as a
 * select of one `int` column: the items of the live collections of others the caller is a
 * member of (a few, usually), less the caller's own; and the items of others in the caller's
 * own collections, which `content_collections.foreign_owner` marks (set by the database,
 * decision 112) and a partial index lists, so that the caller's own items, which usually fill
 * their collections, are never gone through (a set difference over them cost 7–15 ms a search).
 * `readScopeParts` uses it as an array; search computes it once for its two branches that need
 * it (content items and files) and passes it as `options.sharedItems`.
 */
export function sharedItemsOf(caller: ScopeSubject): SQL {
  const member = sql`inner join ${collectionMembers} on ${eq(
    collectionMembers.collectionId,
    contentCollections.collectionId,
  )} ${liveMembership}`;
  const othersCollections = liveCollectionsOf(caller, { othersOnly: true });
  return sql`select ${contentCollections.contentId} from ${contentCollections} where ${contentCollections.collectionId} = any(${othersCollections}) and not exists (select 1 from ${contents} mine where mine.id = ${contentCollections.contentId} and mine.user_id = ${caller.userId})
    union all select ${contentCollections.contentId} from ${contentCollections} ${member} where ${eq(collectionMembers.userId, caller.userId)} and live_c.user_id = ${caller.userId} and ${contentCollections.foreignOwner}`;
}

/**
 * The read scope of `scopeOf(caller, resource, 'read')` as two disjoint parts: the caller's own
 * rows (`user_id = caller`, which an index on the owner serves) and the rows of others shared
 * with the caller through memberships (null when nothing of that resource is ever shared).
 * `own OR shared` is exactly the read scope; a query may run them as two branches of a
 * `UNION ALL` (search does: an OR with EXISTS makes the planner look at every user's rows).
 */
export function readScopeParts(
  caller: ScopeSubject,
  resource: LibraryResource,
  options: { sharedItems?: SQL } = {},
): { own: SQL; shared: SQL | null } {
  // The shared part starts from the caller's memberships (a handful of collections), not from
  // the table: `id = any(array(…))` is computed once and looked up by primary key.
  const sharedCollections = liveCollectionsOf(caller, { othersOnly: false });
  const sharedItems = options.sharedItems ?? sql`array(${sharedItemsOf(caller)})`;
  if (resource === 'tags') return { own: eq(tags.userId, caller.userId), shared: null };
  const rule = READ_RULES[resource];
  const lent: SQL[] = [];
  if (rule.item) lent.push(sql`${rule.item} = any(${sharedItems})`);
  if (rule.collection) lent.push(sql`${rule.collection} = any(${sharedCollections})`);
  return {
    own: sql`${rule.owner} = ${caller.userId} and ${rule.live()}`,
    shared: sql`${rule.owner} <> ${caller.userId} and ${rule.live()} and (${sql.join(lent, sql` or `)})`,
  };
}

/** The owner of anything a caller creates outside a shared collection is that caller. */
export const ownerIdFor = (caller: Caller): number => caller.userId;

/**
 * What a request asks for, checked before any query: a `user` filter or field may only name
 * the caller (docs/api.md, "Rules shared by every resource": otherwise 403).
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

/**
 * What anyone may read through a published collection's link (docs/api.md, "Publishing";
 * decision 180): the collection whose `public_id` it is, unless it is in the trash.
 */
export const publicCollectionScope = (publicId: string | SQLWrapper): SQL =>
  and(eq(collections.publicId, publicId), notTrashed(collections.deletedOn))!;

/**
 * …and of it, only the content items switched "Show on public page", not in the trash and
 * linked to it. Notes, private items and files of other items never show. `collectionId` may be
 * a column (the public repository's version query correlates it with the collection's row).
 */
export const publicItemScope = (collectionId: number | SQLWrapper): SQL =>
  and(
    eq(contents.isPublic, true),
    // What shows is its published version (decision 229): none, nothing shows.
    sql`${contents.publishedVersionId} is not null`,
    notTrashed(contents.deletedOn),
    sql`exists (select 1 from ${contentCollections} where ${contentCollections.contentId} = ${contents.id} and ${contentCollections.collectionId} = ${collectionId})`,
  )!;
