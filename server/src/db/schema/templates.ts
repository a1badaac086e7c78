import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdOn } from './common';

/**
 * A person's own templates (docs/api.md, "Templates"; decision 235). The built-in ones live in
 * code (`library/templates/builtin-templates.ts`), not here, so their words can change with a
 * release. Tags are names, not ids: a template is used long after, and a tag may be renamed or
 * deleted meanwhile.
 */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('idea'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    createdOn: createdOn(),
  },
  (t) => [
    index('templates_user_id_idx').on(t.userId, t.id.desc()),
    check(
      'templates_status_check',
      sql`${t.status} in ('idea', 'scripting', 'recording', 'editing', 'published')`,
    ),
  ],
);
