import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { collections } from './collections';
import { contents } from './contents';
import { createdOn } from './common';

/* Followers by email of a published collection (docs/api.md, "Followers"; decision 247). */

/**
 * A visitor who asked to follow a collection with their address: pending until they open the
 * confirmation link (`confirmed_on`), then mailed once for each newly published item. The row
 * is deleted when they unsubscribe, and a pending row is forgotten after its link expires.
 * `email_hash` (SHA-256 of the normalised address) finds a follower without comparing
 * addresses; `email` is kept only because mail must be sent to it.
 */
export const collectionFollowers = pgTable(
  'collection_followers',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    emailHash: text('email_hash').notNull(),
    createdOn: createdOn(),
    /** When the last confirmation mail was queued (a repeat follow within a window sends none). */
    confirmSentOn: timestamp('confirm_sent_on', { withTimezone: true }),
    confirmedOn: timestamp('confirmed_on', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collection_followers_address_idx').on(t.collectionId, t.emailHash),
    index('collection_followers_confirmed_idx')
      .on(t.collectionId, t.id)
      .where(sql`${t.confirmedOn} is not null`),
  ],
);

/**
 * An item newly published in a collection with followers: one row per item and collection,
 * ever, so an item is announced once. `last_follower_id` is how far the mails have been queued
 * (batches of followers by id); `done_on` when every follower's mail is queued.
 */
export const followerAnnouncements = pgTable(
  'follower_announcements',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    createdOn: createdOn(),
    lastFollowerId: integer('last_follower_id').notNull().default(0),
    doneOn: timestamp('done_on', { withTimezone: true }),
  },
  (t) => [uniqueIndex('follower_announcements_item_idx').on(t.collectionId, t.contentId)],
);
