import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdOn } from './common';
import { users } from './accounts';
import { collections } from './collections';
import { contents } from './contents';

/* Notifications and a collection's activity (docs/api.md, "Notifications"; decision 225). */

/** Every kind a notification may be, the comment ones included (written by the comments code). */
export const NOTIFICATION_KINDS_SQL = `'mention', 'reply', 'comment', 'invitation', 'shared', 'status'`;
/** Every kind of a collection's activity entry. */
export const ACTIVITY_KINDS_SQL = `'created', 'edited', 'status', 'published', 'unpublished', 'invited', 'joined', 'left', 'removed', 'comment'`;

/**
 * What happened that concerns one person, newest first in their bell. Written in the
 * transaction of the change it records; `data` keeps what the entry shows when its subject is
 * gone (titles, names, the status moved from and to).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose bell it is in. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'mention' | 'reply' | 'comment' | 'invitation' | 'shared' | 'status' */
    kind: text('kind').notNull(),
    /** Who did it (null once that account is gone). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    collectionId: integer('collection_id').references(() => collections.id, {
      onDelete: 'cascade',
    }),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    /** The comment a comment kind is about (the comments code's own id; no reference here). */
    commentId: integer('comment_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdOn: createdOn(),
    readOn: timestamp('read_on', { withTimezone: true }),
    /** When a mail told of it; null while not (yet) mailed, or never to be mailed. */
    mailedOn: timestamp('mailed_on', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readOn} is null`),
    check('notifications_kind_check', sql.raw(`kind in (${NOTIFICATION_KINDS_SQL})`)),
  ],
);

/**
 * One person's notification mail: the kinds they do not want mailed (in-app is always on) and
 * when the last mail went (at most one per 10 minutes; decision 225). No row: every kind mailed.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailOff: text('mail_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lastMailedOn: timestamp('last_mailed_on', { withTimezone: true }),
});

/**
 * What happened in a collection, with who and when (docs/api.md, "Activity"): written in the
 * transaction of the change. Edits fold like versions: one entry per person per item per 5
 * minutes, its `updated_on` moved on by each further edit.
 */
export const collectionActivity = pgTable(
  'collection_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdOn: createdOn(),
    /** The last edit folded into an 'edited' entry; its creation otherwise. */
    updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_activity_collection_idx').on(t.collectionId, t.id),
    index('collection_activity_fold_idx').on(t.collectionId, t.contentId, t.actorId, t.kind),
    check('collection_activity_kind_check', sql.raw(`kind in (${ACTIVITY_KINDS_SQL})`)),
  ],
);
