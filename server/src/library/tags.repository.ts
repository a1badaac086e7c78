import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { collectionTags, contentTags, tags } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import type { Executor } from '../db/executor';
import { pageWithCount } from '../db/page';
import type { Caller } from '../policy/caller';
import { ownerIdFor, scopeOf } from '../policy/library.policy';

export type TagRow = typeof tags.$inferSelect;
/** A tag as shown inside a collection or content item, keyed by the owner row. */
export interface TagRefRow {
  ownerRowId: number;
  id: number;
  name: string;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Tag names compare ignoring case, the way the unique index tags_user_lower_name_key does. */
const sameName = (name: string) => sql`lower(${tags.name}) = lower(${name})`;

/** Tag references sort by name ignoring case, then by id, so the order is stable. */
const byName = [asc(sql`lower(${tags.name})`), asc(tags.id)];

export class TagsRepository {
  constructor(private readonly db: Executor) {}

  /** One page of the owner's tags, newest first, optionally those whose name contains text. */
  async list(caller: Caller, nameContains: string | undefined, limit: number, offset: number) {
    const where = and(
      scopeOf(caller, 'tags', 'read'),
      nameContains
        ? sql`lower(${tags.name}) like lower(${likeContains(nameContains)}) escape '\\'`
        : undefined,
    );
    return pageWithCount(
      this.db,
      this.db.select().from(tags).where(where).orderBy(desc(tags.id)).limit(limit).offset(offset),
      tags,
      where,
    );
  }

  async find(caller: Caller, id: number): Promise<TagRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tags)
      .where(and(scopeOf(caller, 'tags', 'read'), eq(tags.id, id)));
    return row;
  }

  /** Null when the owner already has a tag of that name (ignoring case). */
  async insert(caller: Caller, name: string): Promise<TagRow | null> {
    const [row] = await this.db
      .insert(tags)
      .values({ userId: ownerIdFor(caller), name })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /** 'duplicate' when another tag of the owner has that name; undefined when no such tag. */
  async rename(
    caller: Caller,
    id: number,
    name: string,
  ): Promise<TagRow | 'duplicate' | undefined> {
    const [clash] = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(scopeOf(caller, 'tags', 'write'), sameName(name), ne(tags.id, id)));
    if (clash) return 'duplicate';
    try {
      const [row] = await this.db
        .update(tags)
        .set({ name })
        .where(and(scopeOf(caller, 'tags', 'write'), eq(tags.id, id)))
        .returning();
      return row;
    } catch (error) {
      // A concurrent rename or create took the name between the check and the update.
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Links to collections and content items go with it (ON DELETE CASCADE). */
  async delete(caller: Caller, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(tags)
      .where(and(scopeOf(caller, 'tags', 'write'), eq(tags.id, id)))
      .returning({ id: tags.id });
    return deleted.length > 0;
  }

  /** Which of `ids` are the owner's tags. */
  async linkableIds(caller: Caller, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(scopeOf(caller, 'tags', 'write'), inArray(tags.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The tags of a page of collections, in one query. */
  async refsForCollections(collectionIds: number[]): Promise<TagRefRow[]> {
    if (collectionIds.length === 0) return [];
    return (
      this.db
        .select({ ownerRowId: collectionTags.collectionId, id: tags.id, name: tags.name })
        .from(collectionTags)
        .innerJoin(tags, eq(tags.id, collectionTags.tagId))
        // The ids are of collections the caller may read: their tags are the owner's, and members
        // see their names (docs/api.md, "Sharing").
        .where(inArray(collectionTags.collectionId, collectionIds))
        .orderBy(...byName)
    );
  }

  /** The tags of a page of content items, in one query. */
  async refsForContents(contentIds: number[]): Promise<TagRefRow[]> {
    if (contentIds.length === 0) return [];
    return (
      this.db
        .select({ ownerRowId: contentTags.contentId, id: tags.id, name: tags.name })
        .from(contentTags)
        .innerJoin(tags, eq(tags.id, contentTags.tagId))
        // The ids are of items the caller may read: an item's tags are its owner's, and its
        // readers see their names (docs/api.md, "Sharing").
        .where(inArray(contentTags.contentId, contentIds))
        .orderBy(...byName)
    );
  }
}
