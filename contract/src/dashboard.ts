import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { CONTENT_STATUSES, contentStatusSchema, dayStringSchema } from './library';

/** How many entries the dashboard's "Recently changed" and "Next publications" show. */
export const DASHBOARD_RECENT = 8;
export const DASHBOARD_UPCOMING = 5;

/**
 * `GET /api/dashboard/`: the person's day as the dashboard shows it, in one answer. The days are
 * the person's own (their time zone): the app sends them; without, the server's UTC day and week.
 */
export const dashboardQuerySchema = z.object({
  /** Today, `YYYY-MM-DD`: "Next publications" starts here. */
  today: dayStringSchema.optional(),
  /** The start of this week (Sunday 00:00 where the person is), as an ISO 8601 date-time. */
  week_start: z.iso
    .datetime({ offset: true, error: 'Enter a date-time as ISO 8601, e.g. 2026-11-22T00:00:00Z.' })
    .optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();

export const dashboardSummarySchema = z.object({
  /** The person's own live collections, content items and tags. */
  counts: z.object({ collections: count, contents: count, tags: count }),
  /** Their own items per pipeline status. */
  statuses: z.object(
    Object.fromEntries(CONTENT_STATUSES.map((status) => [status, count])) as Record<
      (typeof CONTENT_STATUSES)[number],
      typeof count
    >,
  ),
  /** Words of the items they started since `week_start` (decision 161), and how many. */
  words_this_week: z.object({ words: count, items: count }),
  /** Their next items with a publish date of `today` or later, soonest first. */
  upcoming: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      status: contentStatusSchema,
      /** `YYYY-MM-DD` (a plain string in answers, as an item's `publish_on`). */
      publish_on: z.string(),
    }),
  ),
  /** Their most recently changed collections and items, newest change first. */
  recent: z.array(
    z.object({
      kind: z.enum(['collection', 'content']),
      id: idSchema,
      title: z.string(),
      /** The last change: `updated_on`, or `created_on` for a row never changed. */
      changed_on: isoDateSchema,
      edited: z.boolean(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
