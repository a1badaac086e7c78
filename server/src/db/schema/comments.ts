import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdOn } from './common';
import { users } from './accounts';
import { contents } from './contents';

/* Comments on content items (docs/api.md, "Comments"; decision 221). */

/**
 * A conversation about a content item: about the whole item, or anchored to a passage of its
 * shared document by two Yjs relative positions (`Y.encodeRelativePosition`, base64), with the
 * passage's text when the thread was started. Goes with the item when it is deleted for good.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** Where the passage starts and ends (null together: a comment on the whole item). */
    anchorStart: text('anchor_start'),
    anchorEnd: text('anchor_end'),
    /** The passage's text when the thread was started. */
    quote: text('quote'),
    resolvedOn: timestamp('resolved_on', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
  },
  (t) => [index('comment_threads_content_idx').on(t.contentId, t.id)],
);

/**
 * One comment of a thread, oldest first. A deleted account's comments stay, without their
 * author (decision 222). The first comment of a thread with replies is kept when deleted, its
 * body emptied (`deleted_on` set), so the replies keep their context.
 */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdOn: createdOn(),
    editedOn: timestamp('edited_on', { withTimezone: true }),
    deletedOn: timestamp('deleted_on', { withTimezone: true }),
  },
  (t) => [index('comments_thread_idx').on(t.threadId, t.id)],
);

/** The people a comment mentions (each may read the item when the comment was written). */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('comment_mentions_user_idx').on(t.userId),
  ],
);
