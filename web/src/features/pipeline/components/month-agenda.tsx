import type { ContentItem } from '@cw/contract';
import { format } from 'date-fns';
import { Link } from 'react-router';
import type { CalendarDay } from '../calendar-grid';

/**
 * On a phone the month's days are ~48 px wide: the calendar lists the month's items below the
 * grid too, each with its day and its whole title, in rows a finger can hit (docs/product.md,
 * "Calendar").
 */
export function MonthAgenda({
  days,
  grouped,
}: {
  days: CalendarDay[];
  grouped: Map<string | null, ContentItem[]>;
}) {
  const entries = days
    .filter((day) => day.inMonth)
    .flatMap((day) => (grouped.get(day.key) ?? []).map((item) => ({ day, item })));
  return (
    <section
      aria-labelledby="month-agenda-heading"
      data-testid="month-agenda"
      className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
    >
      <h2 id="month-agenda-heading" className="text-sm font-semibold text-slate-800">
        This month
      </h2>
      {entries.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">Nothing scheduled this month.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {entries.map(({ day, item }) => (
            <li key={item.id}>
              <Link
                to={`/content/${item.id}`}
                className="flex min-h-11 items-center gap-3 py-2 text-sm hover:text-indigo-700"
              >
                <span className="w-14 shrink-0 text-xs font-medium text-slate-600 tabular-nums">
                  {format(day.date, 'EEE d')}
                </span>
                <span className="min-w-0 flex-1 font-medium break-words text-slate-900">
                  {item.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
