import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { contents } from './contents';

/**
 * Links between items (docs/api.md, "Links between items"; decision 211): one row per distinct
 * `[[target]]` an item's text holds, derived on every write of the text. `target_text` is the
 * written target normalised (trimmed, lower case: `normaliseLinkText`); `target_id` the item
 * it resolved to, kept once resolved (a renamed target keeps its links), null while missing.
 * Deleting the target for good makes the link missing again; a trashed target is unreadable, so
 * the link shows as missing until it comes back.
 */
export const contentLinks = pgTable(
  'content_links',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    targetText: text('target_text').notNull(),
    targetId: integer('target_id').references(() => contents.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.targetText] }),
    index('content_links_target_idx').on(t.targetId, t.sourceId),
    index('content_links_missing_idx')
      .on(t.targetText)
      .where(sql`${t.targetId} is null`),
  ],
);
