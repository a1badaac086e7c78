import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { collectionTags, collections, contents, files, tags, users } from '../db/schema';
import { publicCollectionScope, publicItemScope } from '../policy/library.policy';

/** The most public items one page, feed or answer shows (docs/api.md, "Publishing"). */
export const PUBLIC_ITEMS_MAX = 200;

export interface PublicCollectionRow {
  id: number;
  name: string;
  description: string;
  ownerFirstName: string;
  ownerLastName: string;
}

export interface PublicItemRow {
  id: number;
  title: string;
  content: string;
  publishOn: string | null;
  createdOn: Date;
  updatedOn: Date | null;
}

export interface PublicFileRow {
  id: number;
  contentId: number | null;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

const itemColumns = {
  id: contents.id,
  title: contents.title,
  content: contents.content,
  publishOn: contents.publishOn,
  createdOn: contents.createdOn,
  updatedOn: contents.updatedOn,
};
const fileColumns = {
  id: files.id,
  contentId: files.contentId,
  name: files.name,
  size: files.size,
  contentType: files.contentType,
  storageKey: files.storageKey,
};

/**
 * Reads of published collections, for anyone with the link: every query is scoped by the
 * policy's `publicCollectionScope` / `publicItemScope`, never by a caller.
 */
export class PublicRepository {
  constructor(private readonly db: Executor) {}

  async collection(publicId: string): Promise<PublicCollectionRow | undefined> {
    const [row] = await this.db
      .select({
        id: collections.id,
        name: collections.name,
        description: collections.description,
        ownerFirstName: users.firstName,
        ownerLastName: users.lastName,
      })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.userId))
      .where(publicCollectionScope(publicId))
      .limit(1);
    return row;
  }

  async tagNames(collectionId: number): Promise<string[]> {
    const rows = await this.db
      .select({ name: tags.name })
      .from(collectionTags)
      .innerJoin(tags, eq(tags.id, collectionTags.tagId))
      .where(eq(collectionTags.collectionId, collectionId))
      .orderBy(sql`lower(${tags.name})`, asc(tags.id));
    return rows.map((row) => row.name);
  }

  /** Newest `publish_on` (else `created_on`) first. */
  items(collectionId: number): Promise<PublicItemRow[]> {
    return this.db
      .select(itemColumns)
      .from(contents)
      .where(publicItemScope(collectionId))
      .orderBy(
        desc(sql`coalesce(${contents.publishOn}::timestamptz, ${contents.createdOn})`),
        desc(contents.id),
      )
      .limit(PUBLIC_ITEMS_MAX);
  }

  async item(collectionId: number, contentId: number): Promise<PublicItemRow | undefined> {
    const [row] = await this.db
      .select(itemColumns)
      .from(contents)
      .where(and(publicItemScope(collectionId), eq(contents.id, contentId)))
      .limit(1);
    return row;
  }

  filesOf(contentIds: number[]): Promise<PublicFileRow[]> {
    if (contentIds.length === 0) return Promise.resolve([]);
    return this.db
      .select(fileColumns)
      .from(files)
      .where(inArray(files.contentId, contentIds))
      .orderBy(asc(files.id));
  }

  /** A file of a public item of the collection. */
  async file(collectionId: number, fileId: number): Promise<PublicFileRow | undefined> {
    const [row] = await this.db
      .select(fileColumns)
      .from(files)
      .innerJoin(contents, eq(contents.id, files.contentId))
      .where(and(eq(files.id, fileId), publicItemScope(collectionId)))
      .limit(1);
    return row;
  }
}
