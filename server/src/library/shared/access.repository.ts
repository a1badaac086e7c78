import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { ROLES, type Role } from '@cw/contract';
import {
  collectionMembers,
  collections,
  contentCollections,
  contents,
  files,
  notes,
} from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { bestRole } from '../../policy/library.policy';

/** A caller's role on one object, and who owns it (what they create in it belongs to them). */
export interface Access {
  role: Role;
  ownerId: number;
}

const asRole = (value: string): Role => {
  const role = ROLES.find((known) => known === value);
  if (!role) throw new Error(`unknown role in collection_members: ${value}`);
  return role;
};

/**
 * The caller's role on one object, for the policy's `requireRole` (403 or 404). With `lock`,
 * the memberships that give the role are held (`FOR SHARE`) until the transaction ends: a
 * removal of the member waits for a write under way, and a write that starts after a removal
 * finds no role (decision 100, "A removal and a write at the same time"). An object in the
 * trash, or a membership of a collection in the trash, gives no role (decision 130); only
 * `onTrashed` answers for trashed objects.
 */
export class AccessRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The owner is whoever `collections.user_id` names, as in the read rule (`READ_RULES` of the
   * policy; decision 217): never only through an owner row of `collection_members`, which a
   * collection may lack (an import before decision 217 wrote none). Others need a membership.
   */
  async onCollection(caller: Caller, id: number, lock = false): Promise<Access | undefined> {
    const [own] = await this.db
      .select({ ownerId: collections.userId })
      .from(collections)
      .where(
        and(
          eq(collections.id, id),
          eq(collections.userId, caller.userId),
          isNull(collections.deletedOn),
        ),
      );
    if (own) return { role: 'owner', ownerId: own.ownerId };
    const query = this.db
      .select({ role: collectionMembers.role, ownerId: collections.userId })
      .from(collectionMembers)
      .innerJoin(collections, eq(collections.id, collectionMembers.collectionId))
      .where(
        and(
          eq(collectionMembers.collectionId, id),
          eq(collectionMembers.userId, caller.userId),
          isNull(collections.deletedOn),
        ),
      );
    const [row] = lock ? await query.for('share', { of: collectionMembers }) : await query;
    return row ? { role: asRole(row.role), ownerId: row.ownerId } : undefined;
  }

  /** The caller's role on each of a page of collections they may read (one query, if any). */
  async onCollections(
    caller: Caller,
    rows: { id: number; userId: number }[],
  ): Promise<Map<number, Role>> {
    const roles = new Map<number, Role>();
    const others: number[] = [];
    for (const row of rows) {
      if (row.userId === caller.userId) roles.set(row.id, 'owner');
      else others.push(row.id);
    }
    if (others.length === 0) return roles;
    const found = await this.db
      .select({ id: collectionMembers.collectionId, role: collectionMembers.role })
      .from(collectionMembers)
      .where(
        and(
          inArray(collectionMembers.collectionId, others),
          eq(collectionMembers.userId, caller.userId),
        ),
      );
    for (const row of found) roles.set(row.id, asRole(row.role));
    return roles;
  }

  /** Owner of the item, or the best role of the caller's memberships of its collections. */
  async onContent(caller: Caller, id: number, lock = false): Promise<Access | undefined> {
    const [item] = await this.db
      .select({ ownerId: contents.userId })
      .from(contents)
      .where(and(eq(contents.id, id), isNull(contents.deletedOn)));
    return item ? this.throughItem(caller, id, item.ownerId, lock) : undefined;
  }

  /** The caller's role on an item owned by `ownerId`: theirs, or through live memberships. */
  private async throughItem(
    caller: Caller,
    id: number,
    ownerId: number,
    lock: boolean,
  ): Promise<Access | undefined> {
    if (ownerId === caller.userId) return { role: 'owner', ownerId };
    const query = this.db
      .select({ role: collectionMembers.role })
      .from(contentCollections)
      .innerJoin(
        collectionMembers,
        eq(collectionMembers.collectionId, contentCollections.collectionId),
      )
      .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
      .where(
        and(
          eq(contentCollections.contentId, id),
          eq(collectionMembers.userId, caller.userId),
          isNull(collections.deletedOn),
        ),
      );
    const rows = lock ? await query.for('share', { of: collectionMembers }) : await query;
    const role = bestRole(rows.map((row) => asRole(row.role)));
    return role ? { role, ownerId } : undefined;
  }

  /** The caller's role on each of a page of items they may read. */
  async onContents(
    caller: Caller,
    items: { id: number; userId: number }[],
  ): Promise<Map<number, Role>> {
    const roles = new Map<number, Role>();
    const others: number[] = [];
    for (const item of items) {
      if (item.userId === caller.userId) roles.set(item.id, 'owner');
      else others.push(item.id);
    }
    if (others.length === 0) return roles;
    const rows = await this.db
      .select({ id: contentCollections.contentId, role: collectionMembers.role })
      .from(contentCollections)
      .innerJoin(
        collectionMembers,
        eq(collectionMembers.collectionId, contentCollections.collectionId),
      )
      .innerJoin(collections, eq(collections.id, contentCollections.collectionId))
      .where(
        and(
          inArray(contentCollections.contentId, others),
          eq(collectionMembers.userId, caller.userId),
          isNull(collections.deletedOn),
        ),
      );
    for (const row of rows) {
      const role = asRole(row.role);
      const current = roles.get(row.id);
      roles.set(row.id, (current && bestRole([current, role])) ?? role);
    }
    return roles;
  }

  /** A note's role is its collection's. */
  async onNote(caller: Caller, id: number, lock = false): Promise<Access | undefined> {
    const [note] = await this.db
      .select({ collectionId: notes.collectionId })
      .from(notes)
      .where(and(eq(notes.id, id), isNull(notes.deletedOn)));
    return note ? this.onCollection(caller, note.collectionId, lock) : undefined;
  }

  /**
   * The caller's role on an object in the trash (docs/api.md, "Trash"): a collection only for
   * its owner (others lost it with the trash); a content item as `onContent` would give it; a
   * note through its collection, which must not be in the trash itself (the note comes back
   * with it). Undefined: not in the trash, or not the caller's to see (404).
   */
  async onTrashed(
    caller: Caller,
    type: 'collection' | 'content' | 'note',
    id: number,
  ): Promise<Access | undefined> {
    switch (type) {
      case 'collection': {
        const [row] = await this.db
          .select({ ownerId: collections.userId })
          .from(collections)
          .where(and(eq(collections.id, id), isNotNull(collections.deletedOn)));
        return row && row.ownerId === caller.userId
          ? { role: 'owner', ownerId: row.ownerId }
          : undefined;
      }
      case 'content': {
        const [item] = await this.db
          .select({ ownerId: contents.userId })
          .from(contents)
          .where(and(eq(contents.id, id), isNotNull(contents.deletedOn)));
        return item ? this.throughItem(caller, id, item.ownerId, true) : undefined;
      }
      case 'note': {
        const [note] = await this.db
          .select({ collectionId: notes.collectionId })
          .from(notes)
          .where(and(eq(notes.id, id), isNotNull(notes.deletedOn)));
        return note ? this.onCollection(caller, note.collectionId, true) : undefined;
      }
    }
  }

  /** Owner of the file, or the best role through its content item and its collection. */
  async onFile(caller: Caller, id: number, lock = false): Promise<Access | undefined> {
    const [file] = await this.db
      .select({
        ownerId: files.userId,
        contentId: files.contentId,
        collectionId: files.collectionId,
      })
      .from(files)
      .where(eq(files.id, id));
    if (!file) return undefined;
    if (file.ownerId === caller.userId) return { role: 'owner', ownerId: file.ownerId };
    const through = await Promise.all([
      file.contentId === null ? undefined : this.onContent(caller, file.contentId, lock),
      file.collectionId === null ? undefined : this.onCollection(caller, file.collectionId, lock),
    ]);
    const role = bestRole(through.flatMap((access) => (access ? [access.role] : [])));
    return role ? { role, ownerId: file.ownerId } : undefined;
  }
}
