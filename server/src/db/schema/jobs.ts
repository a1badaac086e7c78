import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './common';
import { users } from './accounts';

/**
 * Work that outlives a request and survives a restart (docs/operations.md, "Background jobs";
 * decision 133): imports, the trash's purge, and mails waiting to go out (decision 204). Any instance claims a due row with
 * `FOR UPDATE SKIP LOCKED` and holds it by a lease it renews while working; a row whose lease ran
 * out (its process died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'import' | 'purge' | 'mail' */
    kind: text('kind').notNull(),
    /** Whose job it is (imports); null for the system's (purges). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A job that must run once per period names it here (the purge's 10-minute slot). */
    runKey: text('run_key'),
    /** 'held' (being prepared: an import's upload; decision 135) | 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** What the job made so far (an import's created rows), kept with each batch it commits. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    errors: jsonb('errors').$type<{ path: string; message: string }[]>().notNull().default([]),
    /** Claims so far: a second claim means the first worker was cut off. */
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this time, on the app's clock (a mail's retry waits); null: at once. */
    runAfter: timestamp('run_after', { withTimezone: true }),
    /** The claiming worker's lease; another may claim the job once it has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    uniqueIndex('jobs_run_key_key').on(t.runKey),
    index('jobs_status_idx').on(t.status, t.id),
    index('jobs_user_idx').on(t.userId, t.id),
  ],
);
