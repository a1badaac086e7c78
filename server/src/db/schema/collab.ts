import { bigint, customType, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './common';
import { users } from './accounts';
import { contents } from './contents';

/* Live co-editing (docs/api.md, "Writing together"). */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The shared document of a content item (docs/api.md, "Writing together"; decision 187): its
 * compacted Yjs state. Made the first time the item is opened for live editing, from its text.
 */
export const contentDocuments = pgTable('content_documents', {
  contentId: integer('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  updatedOn: updatedOn(),
});

/**
 * Yjs updates of a document not yet folded into its state, each stored before the server
 * acknowledges it (a kill -9 loses none).
 */
export const contentDocumentUpdates = pgTable(
  'content_document_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    /** Who sent it (the item's `updated_by` follows the last one). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
  },
  (t) => [index('content_document_updates_content_idx').on(t.contentId, t.id)],
);
