import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  tsvector,
  searchVector,
  titleVector,
  createdOn,
  updatedOn,
  deletedOn,
  trashIndexes,
  livePairsIndex,
  ownerScopedTitle,
} from './common';
import { users } from './accounts';
import { collections, tags } from './collections';

/* Content items and what hangs on them: versions, files, notes, stored bytes to remove. */

export const contents = pgTable(
  'contents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    /** idea → scripting → recording → editing → published (the board's columns). */
    status: text('status').notNull().default('idea'),
    /** The planned or actual publication day. */
    publishOn: date('publish_on', { mode: 'string' }),
    /** Shown on its collections' public pages (once published). */
    isPublic: boolean('is_public').notNull().default(false),
    /**
     * The version its public pages show (decision 229): kept when it is made public and by
     * "Update public page"; null while it is not public. Later edits stay private until then.
     */
    publishedVersionId: integer('published_version_id').references(
      (): AnyPgColumn => contentVersions.id,
      { onDelete: 'set null' },
    ),
    /** A short summary for its public page, previews and feeds (up to 300 characters). */
    summary: text('summary').notNull().default(''),
    /** One of its image attachments, shown as its public page's cover and `og:image`. */
    coverFileId: integer('cover_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    /** countWords(content), kept on every write; null only for rows written before it existed. */
    wordCount: integer('word_count'),
    /** Order inside a status column of the board; new items go to the end. */
    position: integer('position').notNull().default(0),
    /** Chapters' real starts, typed after a recording (docs/api.md, "Chapters"; decision 233). */
    chapterStarts: jsonb('chapter_starts')
      .$type<{ title: string; start: number }[]>()
      .notNull()
      .default([]),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    /** Who wrote it last (the owner or an editor of one of its collections). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    deletedOn: deletedOn(),
    search: searchVector('title', 'content', true),
    titleSearch: titleVector('title'),
    /**
     * For an item made by an import: the archive path of its file, and the SHA-256 of that file's
     * text, so importing the same archive again updates or skips it (docs/api.md, "Import").
     */
    importSource: text('import_source'),
    importHash: text('import_hash'),
  },
  (t) => [
    index('contents_user_id_idx').on(t.userId, t.id.desc()),
    index('contents_user_import_source_idx')
      .on(t.userId, t.importSource)
      .where(sql`${t.importSource} is not null`),
    ...trashIndexes('contents', t),
    index('contents_search_idx').using('gin', t.search),
    index('contents_user_status_position_idx').on(t.userId, t.status, t.position),
    index('contents_user_publish_on_idx').on(t.userId, t.publishOn),
    // A person's live items in the orders their list and dashboard read them (decision 256):
    // pages and the capped count by id (index-only, with the status for the dashboard's counts),
    // last change first, and those created since a day with their words (index-only).
    index('contents_live_user_id_idx')
      .on(t.userId, t.id.desc().nullsFirst(), t.status)
      .where(sql`${t.deletedOn} is null`),
    index('contents_live_user_changed_idx')
      .on(t.userId, sql`coalesce(${t.updatedOn}, ${t.createdOn}) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.deletedOn} is null`),
    // A person's live title matches without reading their other hits (decision 263), among
    // their own lexemes only (decision 270).
    index('contents_live_owner_title_idx')
      .using('gin', ownerScopedTitle(t.titleSearch, t.userId))
      .where(sql`${t.deletedOn} is null`),
    livePairsIndex('contents', t),
    index('contents_live_user_created_idx')
      .on(t.userId, t.createdOn, t.wordCount)
      .where(sql`${t.deletedOn} is null`),
    // The dashboard's next publications: the first rows from `today` on, in order (decision 265).
    index('contents_live_user_publish_on_idx')
      .on(t.userId, t.publishOn, t.id)
      .where(sql`${t.deletedOn} is null`),
    // The board (position order) and a list of a few statuses by last change read their first
    // rows along these, without sorting a person's every item (decision 268).
    index('contents_live_user_position_idx')
      .on(t.userId, t.position, t.id)
      .where(sql`${t.deletedOn} is null`),
    // Its last two columns order nothing (the id is unique): they are there so that the walk
    // is index-only, the sort key computed from the index (decision 271; with the expression
    // alone each row's heap page was read, 6,107 buffers for a filtered page at 1M, 312 with).
    index('contents_live_user_status_changed_idx')
      .on(
        t.userId,
        t.status,
        sql`coalesce(${t.updatedOn}, ${t.createdOn}) desc`,
        t.id.desc().nullsFirst(),
        t.updatedOn,
        t.createdOn,
      )
      .where(sql`${t.deletedOn} is null`),
    /** `[[Title]]` links find their target by title, case-insensitively (decision 211). */
    index('contents_lower_title_idx').on(sql`lower(${t.title})`),
    // The foreign key from a deleted version (trim, purge) looks its item up by this column:
    // without an index each deleted version read every item (decision 245).
    index('contents_published_version_idx')
      .on(t.publishedVersionId)
      .where(sql`${t.publishedVersionId} is not null`),
    check(
      'contents_status_check',
      sql`${t.status} in ('idea', 'scripting', 'recording', 'editing', 'published')`,
    ),
  ],
);

/** A content item may sit in any number of its owner's collections. */
export const contentCollections = pgTable(
  'content_collections',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /**
     * The item's owner is not the collection's owner. The API writes no such row today (an
     * item's collections are its owner's), but the read scope allows them. Set by the database
     * on every insert and update (trigger of migration 0011, from the two rows' `user_id`, which
     * never change), never by the application. Search finds the items shared with a caller from
     * it without going through every item of the caller's own collections (decision 112).
     */
    foreignOwner: boolean('foreign_owner').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.collectionId] }),
    index('content_collections_collection_idx').on(t.collectionId, t.contentId),
    index('content_collections_foreign_idx')
      .on(t.collectionId, t.contentId)
      .where(sql`${t.foreignOwner}`),
  ],
);

/**
 * How many live items (not in the trash) each person has in each status, kept by the database
 * itself: statement triggers on `contents` add each statement's net change (migration 0026,
 * decision 265), so no write path can forget it. The dashboard reads its figures here, exact at
 * any size of the library, instead of counting the items.
 */
export const contentStatusCounts = pgTable(
  'content_status_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

export const contentTags = pgTable(
  'content_tags',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.tagId] }),
    index('content_tags_tag_idx').on(t.tagId, t.contentId),
  ],
);

/**
 * Earlier texts of a content item (docs/api.md, "Versions"): kept by a save when the newest
 * version is older than 5 minutes, by a named save, and before a restore. They go with their
 * item (a trashed item keeps them; deleting it for good removes them).
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** A named save's label; null for a version kept by saving or restoring. */
    label: text('label'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    wordCount: integer('word_count').notNull(),
    createdOn: createdOn(),
    /** Who made the version (a named save or a restore); null when kept by a save. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('content_versions_content_idx').on(t.contentId, t.id.desc())],
);

export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Deleting a content item deletes its files (the service also removes the bytes). */
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    /**
     * A collection's own file (its Files & Attachments tab). Deleting the collection keeps the
     * file in the owner's files, unattached, rather than deleting bytes nobody chose to delete.
     */
    collectionId: integer('collection_id').references(() => collections.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** Key of the bytes in the storage backend (a relative path on disk today). */
    storageKey: text('storage_key').notNull(),
    /** For a file made by an import: its archive path (docs/api.md, "Import"). */
    importSource: text('import_source'),
    /**
     * Width and height in pixels of a raster image (PNG, JPEG, GIF, WebP, AVIF), read from its
     * bytes on upload (decision 213); null for anything else and for files uploaded before.
     */
    width: integer('width'),
    height: integer('height'),
    /**
     * Served on the public pages of its item (decision 230); private by default, even when
     * the item is public.
     */
    isPublic: boolean('is_public').notNull().default(false),
    createdOn: createdOn(),
    /** The name whole (`notes.txt`) and in parts (`notes`, `txt`): the parser keeps a file name as one token. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('english'::regconfig, name) || to_tsvector('english'::regconfig, translate(name, '._-', '   ')), 'A')`,
        ),
      ),
  },
  (t) => [
    // NULLS FIRST, as `ORDER BY id DESC` sorts: an index the list's page can walk in order
    // (decision 260; with NULLS LAST the primary key was walked back past others' rows).
    index('files_user_id_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('files_search_idx').using('gin', t.search),
    index('files_content_idx').on(t.contentId),
    index('files_collection_idx').on(t.collectionId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    /** Who wrote it last (the owner or an editor of its collection). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A note trashed with its collection gets the collection's `deleted_on` (to the
     * microsecond): restoring the collection brings back exactly those (docs/api.md, "Trash").
     */
    deletedOn: deletedOn(),
    search: searchVector('title', 'content', true),
    titleSearch: titleVector('title'),
    /** For a note made by an import: its archive path (docs/api.md, "Import"). */
    importSource: text('import_source'),
  },
  (t) => [
    index('notes_collection_idx').on(t.collectionId, t.id.desc()),
    ...trashIndexes('notes', t),
    // NULLS FIRST, as `ORDER BY id DESC` sorts: an index the list's page can walk in order
    // (decision 260; with NULLS LAST the primary key was walked back past others' rows).
    index('notes_user_id_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notes_search_idx').using('gin', t.search),
    // Search's parts of a person's notes (decision 263), as for content items.
    index('notes_live_owner_title_idx')
      .using('gin', ownerScopedTitle(t.titleSearch, t.userId))
      .where(sql`${t.deletedOn} is null`),
    livePairsIndex('notes', t),
    index('notes_live_user_changed_idx')
      .on(t.userId, sql`coalesce(${t.updatedOn}, ${t.createdOn}) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.deletedOn} is null`),
  ],
);

/**
 * Stored bytes whose rows are gone for good, waiting to be removed from the file store
 * (decision 131): written in the transaction that deletes the rows, removed after it commits,
 * and swept at start-up and every few minutes, so a crash between the two leaves no orphan.
 */
export const fileRemovals = pgTable('file_removals', {
  storageKey: text('storage_key').primaryKey(),
  createdOn: createdOn(),
  /**
   * Set for a key reserved before its bytes are written (an upload; decision 138): the sweep
   * leaves it alone until then, and the transaction that inserts the file's row deletes it.
   */
  notBefore: timestamp('not_before', { withTimezone: true }),
});
