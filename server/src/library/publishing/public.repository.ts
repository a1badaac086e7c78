import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { PUBLISHED_VERSION_LABEL } from '@cw/contract';
import type { Executor } from '../../db/executor';
import { PreparedQueries } from '../../db/prepared';
import {
  collectionTags,
  collections,
  contentLinks,
  contents,
  contentVersions,
  files,
  tags,
  users,
} from '../../db/schema';
import { publicCollectionScope, publicItemScope } from '../../policy/library.policy';

/** The most public items one page, feed or answer shows (docs/api.md, "Publishing"). */
export const PUBLIC_ITEMS_MAX = 200;

/**
 * How much of each item's text the page and the feed read: their excerpts never need more
 * (public-html.ts, `excerpt`), so a page of 200 items of 1,000,000 characters reads 200 KB, not
 * 200 MB.
 */
export const ITEM_START_CHARS = 1000;

/**
 * The most text `GET /api/public/{id}/` carries (UTF-8 bytes of `content`, summed over its
 * items, newest first; the newest item always comes whole): the answer stays small enough to
 * keep in memory and to send to anyone (docs/api.md, "Publishing"; decision 181).
 */
export const PUBLIC_API_CONTENT_BYTES = 2_000_000;

/** What a public address shows, in one cheap row: see `version`. */
export interface PublicVersionRow {
  /** A digest of everything the public answers of the collection show, except the texts. */
  version: string;
  /** Whether the content item asked about (if any) is one of its public items. */
  item: boolean;
}

export interface PublicCollectionRow {
  id: number;
  name: string;
  description: string;
  feedFullText: boolean;
  ownerFirstName: string;
  ownerLastName: string;
}

/** A public item as its public pages show it: the title and text of its published version. */
export interface PublicItemRow {
  id: number;
  title: string;
  content: string;
  summary: string;
  coverFileId: number | null;
  publishOn: string | null;
  createdOn: Date;
  updatedOn: Date | null;
  /** When it was first published (its oldest version labelled Published), else its creation. */
  firstPublishedOn: Date;
}

export interface PublicFileRow {
  id: number;
  contentId: number | null;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  width: number | null;
  height: number | null;
}

const order = [
  desc(sql`coalesce(${contents.publishOn}::timestamptz, ${contents.createdOn})`),
  desc(contents.id),
];

const itemColumns = {
  id: contents.id,
  title: contentVersions.title,
  content: contentVersions.content,
  summary: contents.summary,
  coverFileId: contents.coverFileId,
  publishOn: contents.publishOn,
  createdOn: contents.createdOn,
  updatedOn: contentVersions.createdOn,
  firstPublishedOn:
    sql<Date>`coalesce((select min(v.created_on) from content_versions v where v.content_id = ${contents.id} and v.label = ${PUBLISHED_VERSION_LABEL}), ${contents.createdOn})`.mapWith(
      contents.createdOn,
    ),
};
/** Public items are read with their published version (decision 229). */
const publishedVersion = eq(contentVersions.id, contents.publishedVersionId);
const fileColumns = {
  id: files.id,
  contentId: files.contentId,
  name: files.name,
  size: files.size,
  contentType: files.contentType,
  storageKey: files.storageKey,
  width: files.width,
  height: files.height,
};

/**
 * Reads of published collections, for anyone with the link: every query is scoped by the
 * policy's `publicCollectionScope` / `publicItemScope`, never by a caller.
 */
export class PublicRepository {
  private readonly prepared = new PreparedQueries();

  constructor(private readonly db: Executor) {}

  async collection(publicId: string): Promise<PublicCollectionRow | undefined> {
    const [row] = await this.db
      .select({
        id: collections.id,
        name: collections.name,
        description: collections.description,
        feedFullText: collections.feedFullText,
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

  /**
   * The version of everything a published collection's public answers show, in one query that
   * reads no text of any item (decision 181): the collection's name and description, the
   * owner's name, the tag names, whether the feed carries whole texts, each public item's id,
   * published version, publish date, cover and summary (decision 229: an edit that is not
   * published changes nothing public), and the id, item, name and size of their public files. Any change of those gives another digest; the same data, the same
   * digest, on every instance. Undefined when the id is not a published collection's.
   */
  async version(publicId: string, contentId?: number): Promise<PublicVersionRow | undefined> {
    // Prepared once per variant (decision 172): every public answer asks for it first, and
    // building this SQL again cost the page a tenth of its CPU (bench/README.md, "Floors").
    const item = contentId !== undefined;
    const query = this.prepared.once(item ? 'public_version_item' : 'public_version', (name) =>
      this.versionQuery(item).prepare(name),
    );
    const [row] = await query.execute({ publicId, contentId });
    return row;
  }

  /** `version`'s query, with the placeholders `publicId` (and `contentId` when `item`). */
  private versionQuery(item: boolean) {
    const scope = publicItemScope(collections.id);
    return this.db
      .select({
        version: sql<string>`md5(concat_ws(chr(31),
          ${collections.id}::text, ${collections.name}, ${collections.description},
          ${users.firstName}, ${users.lastName},
          coalesce((select string_agg(${tags.name}, chr(30) order by ${tags.id}) from ${collectionTags} inner join ${tags} on ${tags.id} = ${collectionTags.tagId} where ${collectionTags.collectionId} = ${collections.id}), ''),
          ${collections.feedFullText}::text,
          coalesce((select string_agg(concat_ws(':', ${contents.id}, ${contents.publishedVersionId}, ${contents.publishOn}, ${contents.coverFileId}, md5(${contents.summary})), ',' order by ${contents.id}) from ${contents} where ${scope}), ''),
          coalesce((select string_agg(${files.id}::text || ':' || ${files.contentId}::text || ':' || ${files.size}::text || ':' || ${files.name}, chr(30) order by ${files.id}) from ${files} inner join ${contents} on ${contents.id} = ${files.contentId} where ${scope} and ${files.isPublic}), '')
        ))`,
        item: item
          ? sql<boolean>`exists (select 1 from ${contents} where ${scope} and ${contents.id} = ${sql.placeholder('contentId')})`
          : sql<boolean>`true`,
      })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.userId))
      .where(publicCollectionScope(sql.placeholder('publicId')))
      .limit(1);
  }

  /**
   * Newest `publish_on` (else `created_on`) first, each with only the start of its text
   * (`ITEM_START_CHARS`): what the page and the feed show.
   */
  itemStarts(collectionId: number): Promise<PublicItemRow[]> {
    return this.db
      .select({
        ...itemColumns,
        content: sql<string>`substr(${contentVersions.content}, 1, ${ITEM_START_CHARS})`,
      })
      .from(contents)
      .innerJoin(contentVersions, publishedVersion)
      .where(publicItemScope(collectionId))
      .orderBy(...order)
      .limit(PUBLIC_ITEMS_MAX);
  }

  /**
   * The items of `GET /api/public/{id}/`, whole: newest first, as many as fit in
   * `PUBLIC_API_CONTENT_BYTES` (at least one). The sizes come first, without reading any text.
   */
  async wholeItems(collectionId: number): Promise<PublicItemRow[]> {
    const sizes = await this.db
      .select({
        id: contents.id,
        bytes: sql<number>`octet_length(${contentVersions.content})`.mapWith(Number),
      })
      .from(contents)
      .innerJoin(contentVersions, publishedVersion)
      .where(publicItemScope(collectionId))
      .orderBy(...order)
      .limit(PUBLIC_ITEMS_MAX);
    const ids: number[] = [];
    let total = 0;
    for (const { id, bytes } of sizes) {
      total += bytes;
      if (ids.length > 0 && total > PUBLIC_API_CONTENT_BYTES) break;
      ids.push(id);
    }
    if (ids.length === 0) return [];
    return this.db
      .select(itemColumns)
      .from(contents)
      .innerJoin(contentVersions, publishedVersion)
      .where(and(publicItemScope(collectionId), inArray(contents.id, ids)))
      .orderBy(...order);
  }

  async item(collectionId: number, contentId: number): Promise<PublicItemRow | undefined> {
    const [row] = await this.db
      .select(itemColumns)
      .from(contents)
      .innerJoin(contentVersions, publishedVersion)
      .where(and(publicItemScope(collectionId), eq(contents.id, contentId)))
      .limit(1);
    return row;
  }

  /**
   * The `[[…]]` links of public item `sourceId` whose target is itself a public item of the
   * collection (decision 211): its written text, the target's id and current title.
   */
  linkTargets(
    collectionId: number,
    sourceId: number,
  ): Promise<{ text: string; id: number; title: string }[]> {
    return this.db
      .select({ text: contentLinks.targetText, id: contents.id, title: contentVersions.title })
      .from(contentLinks)
      .innerJoin(contents, eq(contents.id, contentLinks.targetId))
      .innerJoin(contentVersions, publishedVersion)
      .where(and(eq(contentLinks.sourceId, sourceId), publicItemScope(collectionId)));
  }

  filesOf(contentIds: number[]): Promise<PublicFileRow[]> {
    if (contentIds.length === 0) return Promise.resolve([]);
    return this.db
      .select(fileColumns)
      .from(files)
      .where(and(inArray(files.contentId, contentIds), eq(files.isPublic, true)))
      .orderBy(asc(files.id));
  }

  /** A file of a public item of the collection. */
  async file(collectionId: number, fileId: number): Promise<PublicFileRow | undefined> {
    const [row] = await this.db
      .select(fileColumns)
      .from(files)
      .innerJoin(contents, eq(contents.id, files.contentId))
      .where(and(eq(files.id, fileId), eq(files.isPublic, true), publicItemScope(collectionId)))
      .limit(1);
    return row;
  }
}
