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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const updatedOn = () => timestamp('updated_on', { withTimezone: true });

/* ---------------- accounts ---------------- */

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored trimmed and lower-cased: emails compare case-insensitively. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    profilePic: text('profile_pic'),
    isVerified: boolean('is_verified').notNull().default(false),
    isMfaActivated: boolean('is_mfa_activated').notNull().default(false),
    onFreeTrial: boolean('on_free_trial').notNull().default(true),
    /** Speaking pace for speaking times and the teleprompter (docs/api.md §2: 60–250). */
    wordsPerMinute: integer('words_per_minute').notNull().default(150),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_words_per_minute_check', sql`${t.wordsPerMinute} between 60 and 250`),
  ],
);

/** Refresh tokens are kept only as hashes; a family is one sign-in and all its rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdOn: createdOn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The pair this token was exchanged for, sealed (AES-256-GCM) with a key derived from this
     * token, which is not stored: only its holder can open it, to get the same pair again within
     * the 30-second grace (two tabs refreshing at once; decision 029).
     */
    successorSealed: text('successor_sealed'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** One-time codes, stored as keyed hashes (HMAC with the server secret). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify_email' | 'login' | 'reset_password' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdOn: createdOn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.id)],
);

/** Fixed-window counters for rate limits that must hold across processes (failed logins, codes). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_buckets_reset_idx').on(t.resetAt)],
);

/**
 * Code mails waiting to go out (decision 029): a call answers first, a worker sends after. The
 * row names only the address and the purpose; the code is made when the mail is sent, so no
 * code is ever stored in clear. Rows are deleted once sent or given up.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The address as typed (normalised); it may have no account: the worker then sends nothing. */
    recipient: text('recipient').notNull(),
    /** 'verify_email' | 'login' | 'reset_password' */
    purpose: text('purpose').notNull(),
    /** Tries so far, counted when a worker claims the row. */
    attempts: integer('attempts').notNull().default(0),
    /** What the mail is about, by purpose: the membership id of an 'invitation'. */
    subjectId: integer('subject_id'),
    /** Not tried before this time (retries back off). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    /** A worker's claim: other workers leave the row alone until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (t) => [index('mail_queue_run_after_idx').on(t.runAfter, t.id)],
);

/* ---------------- library ---------------- */

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdOn: createdOn(),
  },
  (t) => [
    uniqueIndex('tags_user_lower_name_key').on(t.userId, sql`lower(${t.name})`),
    index('tags_user_id_idx').on(t.userId, t.id.desc()),
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
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [index('collections_user_id_idx').on(t.userId, t.id.desc())],
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
    /** countWords(content), kept on every write; null only for rows written before it existed. */
    wordCount: integer('word_count'),
    /** Order inside a status column of the board; new items go to the end. */
    position: integer('position').notNull().default(0),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    /** Who wrote it last (the owner or an editor of one of its collections). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contents_user_id_idx').on(t.userId, t.id.desc()),
    index('contents_user_status_position_idx').on(t.userId, t.status, t.position),
    index('contents_user_publish_on_idx').on(t.userId, t.publishOn),
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
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.collectionId] }),
    index('content_collections_collection_idx').on(t.collectionId, t.contentId),
  ],
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
    createdOn: createdOn(),
  },
  (t) => [
    index('files_user_id_idx').on(t.userId, t.id.desc()),
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
  },
  (t) => [
    index('notes_collection_idx').on(t.collectionId, t.id.desc()),
    index('notes_user_id_idx').on(t.userId, t.id.desc()),
  ],
);
