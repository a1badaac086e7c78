import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { collectionTags, contentTags, tags } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';
import { anyOf, PreparedQueries } from '../../db/prepared';
import type { Caller } from '../../policy/caller';
import { ownerIdFor, scopeOf } from '../../policy/library.policy';

/** A tag with its uses: the owner's content items and collections carrying it. */
export type TagRow = RowOf<typeof tags> & { usageCount: number };

/**
 * Counted through content_tags_tag_idx and collection_tags_tag_idx, each link's row looked up by
 * primary key: items and collections in the trash do not count (decision 130).
 */
// Written out with aliases: in a one-table select drizzle leaves column names unqualified, and a
// join inside the field would make `id` mean the joined table's.
const usageCount = sql<number>`((select count(*) from content_tags ct inner join contents c on c.id = ct.content_id and c.deleted_on is null where ct.tag_id = tags.id) + (select count(*) from collection_tags lt inner join collections l on l.id = lt.collection_id and l.deleted_on is null where lt.tag_id = tags.id))::int`;
const columns = { ...rowColumns(tags), usageCount };
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
  private readonly prepared = new PreparedQueries();

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
      this.db
        .select(columns)
        .from(tags)
        .where(where)
        .orderBy(desc(tags.id))
        .limit(limit)
        .offset(offset),
      tags,
      where,
      { limit, offset },
    );
  }

  async find(caller: Caller, id: number): Promise<TagRow | undefined> {
    const [row] = await this.db
      .select(columns)
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
      .returning(columns);
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
        .returning(columns);
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

  /**
   * The caller's tags among `ids`, locked until the transaction ends (FOR UPDATE, in id order),
   * so a merge cannot race a delete or another merge of the same tags.
   */
  async lockOwn(caller: Caller, ids: number[]): Promise<Map<number, TagRow>> {
    const rows = await this.db
      .select(columns)
      .from(tags)
      .where(and(scopeOf(caller, 'tags', 'write'), inArray(tags.id, ids)))
      .orderBy(asc(tags.id))
      .for('update');
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Moves every link of tag `from` to tag `into` (a collection or item carrying both keeps one
   * link). Call it only in the transaction that has locked both tags as the caller's.
   */
  async moveLinks(from: number, into: number): Promise<void> {
    await this.db.execute(sql`
      insert into ${contentTags} (content_id, tag_id)
      select ${contentTags.contentId}, ${into}::int from ${contentTags} where ${contentTags.tagId} = ${from}
      on conflict do nothing`);
    await this.db.execute(sql`
      insert into ${collectionTags} (collection_id, tag_id)
      select ${collectionTags.collectionId}, ${into}::int from ${collectionTags} where ${collectionTags.tagId} = ${from}
      on conflict do nothing`);
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
    const query = this.prepared.once('collection_tag_refs', (name) =>
      this.db
        .select({ ownerRowId: collectionTags.collectionId, id: tags.id, name: tags.name })
        .from(collectionTags)
        .innerJoin(tags, eq(tags.id, collectionTags.tagId))
        // The ids are of collections the caller may read: their tags are the owner's, and members
        // see their names (docs/api.md, "Sharing").
        .where(anyOf(collectionTags.collectionId, 'ids'))
        .orderBy(...byName)
        .prepare(name),
    );
    return query.execute({ ids: collectionIds });
  }

  /**
   * The tags of a page of content items, in one query. Each link's tag is read by primary key
   * (a lateral subquery of at most one row, which the planner keeps apart): joined as a table, a board's 200
   * items were enough for PostgreSQL to hash every tag of every person (decision 265).
   */
  async refsForContents(contentIds: number[]): Promise<TagRefRow[]> {
    if (contentIds.length === 0) return [];
    const query = this.prepared.once('content_tag_refs', (name) => {
      const tag = this.db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(eq(tags.id, contentTags.tagId))
        .limit(1)
        .as('tag');
      return (
        this.db
          .select({ ownerRowId: contentTags.contentId, id: tag.id, name: tag.name })
          .from(contentTags)
          .crossJoinLateral(tag)
          // The ids are of items the caller may read: an item's tags are its owner's, and its
          // readers see their names (docs/api.md, "Sharing").
          .where(anyOf(contentTags.contentId, 'ids'))
          .orderBy(asc(sql`lower(${tag.name})`), asc(tag.id))
          .prepare(name)
      );
    });
    return query.execute({ ids: contentIds });
  }
}
