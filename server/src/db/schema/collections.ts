import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchVector, titleVector, createdOn, updatedOn, deletedOn, trashIndexes } from './common';
import { users } from './accounts';

/* Collections, their members and tags. */

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdOn: createdOn(),
    search: searchVector('name'),
  },
  (t) => [
    uniqueIndex('tags_user_lower_name_key').on(t.userId, sql`lower(${t.name})`),
    // NULLS FIRST, as `ORDER BY id DESC` sorts: an index the list's page can walk in order
    // (decision 260; with NULLS LAST the primary key was walked back past others' rows).
    index('tags_user_id_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('tags_search_idx').using('gin', t.search),
  ],
);

export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isPublic: boolean('is_public').notNull().default(true),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Set while the collection is published to the web (docs/api.md, "Publishing"): 128 random
     * bits, base64url. Unpublishing clears it; publishing again makes a new one.
     */
    publicId: text('public_id'),
    /** Whether its feed carries each public item's whole text (`content:encoded`), not an excerpt. */
    feedFullText: boolean('feed_full_text').notNull().default(false),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    deletedOn: deletedOn(),
    search: searchVector('name', 'description'),
    titleSearch: titleVector('name'),
    /** For a collection made by an import: its folder's archive path (docs/api.md, "Import"). */
    importSource: text('import_source'),
  },
  (t) => [
    index('collections_user_id_idx').on(t.userId, t.id.desc()),
    // A person's live collections in the list's three orders (decision 260): newest first (and
    // the capped count, from the index alone), last change first, by name.
    index('collections_live_user_id_idx')
      .on(t.userId, t.id.desc().nullsFirst())
      .where(sql`${t.deletedOn} is null`),
    index('collections_live_user_changed_idx')
      .on(t.userId, sql`coalesce(${t.updatedOn}, ${t.createdOn}) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.deletedOn} is null`),
    index('collections_live_user_name_idx')
      .on(t.userId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedOn} is null`),
    index('collections_search_idx').using('gin', t.search),
    uniqueIndex('collections_public_id_idx').on(t.publicId),
    ...trashIndexes('collections', t),
  ],
);

/**
 * Who can see a collection (docs/api.md, "Sharing"): one row for its owner (role 'owner',
 * written with the collection), one per person it is shared with, and one per pending
 * invitation (status 'invited', no user yet). The access policy reads it in every query
 * (server/src/policy/library.policy.ts; decision 100).
 */
export const collectionMembers = pgTable(
  'collection_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** Null until the invitation is accepted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The invited address, normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    /** 'owner' | 'editor' | 'viewer' */
    role: text('role').notNull(),
    /** 'invited' | 'active' */
    status: text('status').notNull(),
    /** Who invited (null for the owner's own row, or once that account is gone). */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * SHA-256 of the invitation link's token, made when the mail is sent (so no token is stored
     * in clear); null before the first mail and after acceptance.
     */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** When the last invitation mail was asked for (the resend cool-down). */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdOn: createdOn(),
    acceptedOn: timestamp('accepted_on', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collection_members_collection_email_key').on(t.collectionId, t.email),
    uniqueIndex('collection_members_collection_user_key').on(t.collectionId, t.userId),
    index('collection_members_user_idx').on(t.userId, t.collectionId),
    uniqueIndex('collection_members_token_key').on(t.tokenHash),
    check('collection_members_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
    check('collection_members_status_check', sql`${t.status} in ('invited', 'active')`),
    check(
      'collection_members_active_user_check',
      sql`(${t.status} = 'active') = (${t.userId} is not null)`,
    ),
  ],
);

export const collectionTags = pgTable(
  'collection_tags',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.tagId] }),
    index('collection_tags_tag_idx').on(t.tagId, t.collectionId),
  ],
);
