import type { z } from 'zod';
import {
  CONTENT_STATUSES,
  DASHBOARD_RECENT,
  DASHBOARD_UPCOMING,
  type ContentStatus,
  type DashboardSummary,
  type dashboardQuerySchema,
} from '@cw/contract';
import type { Caller } from '../../policy/caller';
import { iso } from '../shared/presenters';
import type { LibraryStore } from '../library-store';

type DashboardQuery = z.output<typeof dashboardQuerySchema>;

const isStatus = (status: string): status is ContentStatus =>
  (CONTENT_STATUSES as readonly string[]).includes(status);

/** Sunday 00:00 UTC of the week holding `now`: the week when the app does not say. */
export function utcWeekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day;
}

/** The dashboard in one answer (docs/api.md, "Dashboard"); the caller's own rows only. */
export class DashboardService {
  constructor(
    private readonly store: LibraryStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async summary(caller: Caller, query: DashboardQuery): Promise<DashboardSummary> {
    const now = this.now();
    const today = query.today ?? iso(now).slice(0, 10);
    const since = query.week_start ? new Date(query.week_start) : utcWeekStart(now);
    const repo = this.store.repos.dashboard;
    const [collections, tags, statusRows, week, upcoming, recent] = await Promise.all([
      repo.collectionCount(caller),
      repo.tagCount(caller),
      repo.statusCounts(caller),
      repo.startedSince(caller, since),
      repo.upcoming(caller, today, DASHBOARD_UPCOMING),
      repo.recent(caller, DASHBOARD_RECENT),
    ]);
    const statuses = Object.fromEntries(CONTENT_STATUSES.map((status) => [status, 0])) as Record<
      ContentStatus,
      number
    >;
    for (const row of statusRows) if (isStatus(row.status)) statuses[row.status] = row.count;
    return {
      counts: {
        collections,
        contents: statusRows.reduce((sum, row) => sum + row.count, 0),
        tags,
      },
      statuses,
      words_this_week: week,
      upcoming: upcoming.map((row) => ({
        id: row.id,
        title: row.title,
        status: isStatus(row.status) ? row.status : 'idea',
        publish_on: row.publishOn,
      })),
      recent: recent.map((row) => ({
        kind: row.kind,
        id: row.id,
        title: row.title,
        changed_on: iso(row.updatedOn ?? row.createdOn),
        edited: row.updatedOn !== null,
      })),
    };
  }
}
