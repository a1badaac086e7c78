import type { DragEndEvent } from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { addMonths, format, startOfMonth } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { useFlashMessage } from '../../../components/flash-message';
import { PageHeader } from '../../../components/page-header';
import { everyContentQueryOptions } from '../../../lib/api/contents';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useItemChange } from '../api/move-content';
import {
  byDay,
  calendarDays,
  monthFromParam,
  monthParam,
  startDay,
  weekdayNames,
} from '../calendar-grid';
import {
  CALENDAR_INSTRUCTIONS,
  calendarKeyboardCoordinates,
  describeSchedule,
  UNSCHEDULED,
} from '../calendar-keyboard';
import { pointerFirst } from '../collisions';
import { MonthAgenda } from '../components/month-agenda';
import { DayCell, ItemChipBody, UnscheduledList } from '../components/calendar-items';
import { PipelineDnd } from '../components/pipeline-dnd';
import { useMediaQuery } from '../../../lib/use-media-query';
import { inScope, scopeFromParam, ScopeSelect } from '../../../components/scope-filter';

/** /calendar: a month of publish dates; drag an item to a day (or off the calendar) to move it. */
export function CalendarPage() {
  useDocumentTitle('Calendar');
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const today = new Date();
  const month = monthFromParam(search.get('month'), today);
  const scope = scopeFromParam(search.get('scope'));
  // Every item the person may read (decision 220); the Show filter narrows in the page.
  const items = useQuery(everyContentQueryOptions(user.id, { ordering: 'position', scope: 'all' }));
  const flash = useFlashMessage(6000);
  const change = useItemChange(flash.show);
  const days = calendarDays(month, today);
  const firstDay = startDay(days);
  const data = items.data;
  // Space picks a chip up, the arrows move it by day and week, Space drops (decision 220).
  const coordinateGetter = calendarKeyboardCoordinates(
    (id) => data?.find((x) => x.id === Number(id))?.publish_on,
    firstDay,
  );
  const announcements = useMemo(
    () =>
      describeSchedule(
        (id) => data?.find((x) => x.id === Number(id))?.title ?? 'The item',
        (id) => data?.find((x) => x.id === Number(id))?.publish_on,
      ),
    [data],
  );

  const grouped = useMemo(
    () => byDay((items.data ?? []).filter((item) => inScope(item, scope))),
    [items.data, scope],
  );
  const unscheduled = grouped.get(null) ?? [];
  const phone = useMediaQuery('(max-width: 639px)');

  function goTo(next: Date) {
    const params = new URLSearchParams(search);
    params.set('month', monthParam(next));
    setSearch(params);
  }

  function onDragEnd(event: DragEndEvent) {
    const item = items.data?.find((x) => x.id === Number(event.active.id));
    if (!item || !event.over) return;
    const overId = String(event.over.id);
    const day = overId === UNSCHEDULED ? null : overId;
    if (day === item.publish_on) return;
    change.mutate({
      id: item.id,
      title: item.title,
      body: { publish_on: day },
      apply: (list) => list.map((x) => (x.id === item.id ? { ...x, publish_on: day } : x)),
    });
  }

  return (
    <section>
      <PageHeader
        title="Calendar"
        description="Your planned publications. Drag an item to another day to reschedule it, or use its Reschedule button and the arrow keys."
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold text-slate-900" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h2>
        <ScopeSelect
          scope={scope}
          onChange={(value) => {
            const params = new URLSearchParams(search);
            if (value) params.set('scope', value);
            else params.delete('scope');
            setSearch(params, { replace: true });
          }}
        />
        <Button variant="secondary" onClick={() => goTo(addMonths(month, -1))}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous<span className="sr-only"> month</span>
        </Button>
        <Button variant="secondary" onClick={() => goTo(startOfMonth(today))}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => goTo(addMonths(month, 1))}>
          Next<span className="sr-only"> month</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <PipelineDnd
        what="calendar"
        items={items}
        flash={flash.message}
        coordinateGetter={coordinateGetter}
        collisionDetection={pointerFirst}
        accessibility={{ announcements, screenReaderInstructions: CALENDAR_INSTRUCTIONS }}
        onDragEnd={onDragEnd}
        overlay={(id) => {
          const item = data?.find((x) => x.id === id);
          return item && <ItemChipBody item={item} className="shadow-lg" />;
        }}
      >
        <div className="flex flex-col gap-4 xl:flex-row">
          <div className="min-w-0 flex-1">
            <div
              className="grid grid-cols-7 gap-px text-center text-xs font-semibold text-slate-600"
              aria-hidden="true"
            >
              {weekdayNames().map((name) => (
                <div key={name} className="py-1">
                  {name}
                </div>
              ))}
            </div>
            <ol
              className="grid grid-cols-7 gap-px overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200"
              data-testid="calendar-grid"
            >
              {days.map((day) => (
                <DayCell
                  key={day.key}
                  dayKey={day.key}
                  label={format(day.date, 'EEEE, MMMM d, yyyy')}
                  dayOfMonth={day.date.getDate()}
                  inMonth={day.inMonth}
                  isToday={day.isToday}
                  items={grouped.get(day.key)}
                />
              ))}
            </ol>
          </div>
          {phone && <MonthAgenda days={days} grouped={grouped} />}
          <UnscheduledList items={unscheduled} />
        </div>
      </PipelineDnd>
    </section>
  );
}
