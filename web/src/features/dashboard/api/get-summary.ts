import type { DashboardSummary } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { format, startOfWeek } from 'date-fns';
import { callApi } from '../../../lib/api-client';

/** The pipeline's statuses, in the board's order. */
export const PIPELINE_STATUSES = [
  'idea',
  'scripting',
  'recording',
  'editing',
  'published',
] as const satisfies readonly (keyof DashboardSummary['statuses'])[];

/** The week as the calendar shows it: from Sunday 00:00 where the person is. */
export function startOfThisWeek(now: Date): Date {
  return startOfWeek(now, { weekStartsOn: 0 });
}

/**
 * The dashboard in one request (docs/api.md, "Dashboard"), in the person's own days: today and
 * the week's start are local. Asked again each time the dashboard is shown, since changes made
 * on the other screens invalidate their own resources, not this summary; the last answer shows
 * meanwhile.
 */
export function useDashboardSummary(user: number, now: Date) {
  const today = format(now, 'yyyy-MM-dd');
  const weekStart = startOfThisWeek(now).toISOString();
  return useQuery({
    queryKey: ['dashboard', user, today, weekStart] as const,
    queryFn: () => callApi('dashboard.summary', { query: { today, week_start: weekStart } }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
