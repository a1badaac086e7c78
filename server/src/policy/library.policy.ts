import { eq, type SQL } from 'drizzle-orm';
import { collections, contents, files, notes, tags } from '../db/schema';
import { forbidden } from '../http/errors';
import type { Caller } from './caller';

/**
 * Who may read and change which library rows: the one place that knows it (docs/api.md,
 * "Access"). Services ask `authorize` about what a request wants to do; repositories put
 * `scopeOf` in the WHERE of every query, so access is part of the query, never a check after
 * loading, and lists, single reads and writes cannot disagree.
 *
 * Today the rule is the owner's alone. Co-creators (shared collections) will widen the
 * collections, contents, files and notes scopes here with a join through memberships, and
 * every query follows without being touched.
 */

/** Reading a row, or changing it (update, delete, link to it). */
export type Access = 'read' | 'change';

export type LibraryResource = 'collections' | 'contents' | 'tags' | 'files' | 'notes';

const ownerColumn = {
  collections: collections.userId,
  contents: contents.userId,
  tags: tags.userId,
  files: files.userId,
  notes: notes.userId,
} as const;

/** "The rows this person may read (or change)" of one resource, as a WHERE condition. */
export function scopeOf(caller: Caller, resource: LibraryResource, _access: Access): SQL {
  return eq(ownerColumn[resource], caller.userId);
}

/** The owner of anything a caller creates is that caller. */
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
