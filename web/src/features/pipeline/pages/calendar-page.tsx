import type { ContentItem } from '@cw/contract';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { addMonths, format, startOfMonth } from 'date-fns';
import { ChevronLeft, ChevronRight, GripVertical } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { PageHeader } from '../../../components/page-header';
import { everyContentQueryOptions } from '../../../lib/api/contents';
import { useCurrentUser } from '../../../lib/current-user';
import { can } from '../../../lib/roles';
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
import { PipelineStatus } from '../components/pipeline-status';
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
  const [active, setActive] = useState<ContentItem | null>(null);
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
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
    setActive(null);
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
      <FlashMessage message={flash.message} className="mb-4" />
      {items.isPending || items.isError ? (
        <PipelineStatus what="calendar" failed={items.isError} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={pointerFirst}
          accessibility={{ announcements, screenReaderInstructions: CALENDAR_INSTRUCTIONS }}
          onDragStart={(event) =>
            setActive(items.data.find((x) => x.id === Number(event.active.id)) ?? null)
          }
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
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
          <DragOverlay>
            {active ? <ItemChipBody item={active} className="shadow-lg" /> : null}
          </DragOverlay>
        </DndContext>
      )}
    </section>
  );
}

const DayCell = memo(function DayCell({
  dayKey,
  label,
  dayOfMonth,
  inMonth,
  isToday,
  items,
}: {
  dayKey: string;
  label: string;
  dayOfMonth: number;
  inMonth: boolean;
  isToday: boolean;
  items: ContentItem[] | undefined;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dayKey });
  return (
    <li
      ref={setNodeRef}
      data-testid="calendar-day"
      data-day={dayKey}
      aria-current={isToday ? 'date' : undefined}
      aria-label={isToday ? `${label}, today` : label}
      className={clsx(
        'flex min-h-24 min-w-0 flex-col gap-1 p-0.5 sm:p-1',
        inMonth ? 'bg-white' : 'bg-slate-50',
        isOver && 'bg-indigo-50 ring-2 ring-indigo-400 ring-inset',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'flex size-6 items-center justify-center self-end rounded-full text-xs tabular-nums',
          isToday
            ? 'bg-indigo-600 font-bold text-white'
            : inMonth
              ? 'text-slate-700'
              : 'text-slate-500',
        )}
      >
        {dayOfMonth}
      </span>
      {items && items.length > 0 && (
        <ul className="flex min-w-0 flex-col gap-1">
          {items.map((item) => (
            <ItemChip key={item.id} item={item} />
          ))}
        </ul>
      )}
    </li>
  );
});

function UnscheduledList({ items }: { items: ContentItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: UNSCHEDULED });
  return (
    <section
      aria-labelledby="unscheduled-heading"
      ref={setNodeRef}
      data-testid="unscheduled"
      className={clsx(
        'rounded-xl bg-slate-100 p-3 xl:w-64 xl:shrink-0',
        isOver && 'ring-2 ring-indigo-400',
      )}
    >
      <h2 id="unscheduled-heading" className="mb-2 text-sm font-semibold text-slate-800">
        Unscheduled <span className="font-normal text-slate-600">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-xs text-slate-600">Every item has a publish date.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <ItemChip key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * An item on the calendar: its title links to it; the owner and editors can drag it, or pick it
 * up with its Reschedule button (Space) and move it with the arrow keys (decision 220).
 */
const ItemChip = memo(function ItemChip({ item }: { item: ContentItem }) {
  const movable = can.write(item.role);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: item.id,
    disabled: !movable,
  });
  return (
    <li
      ref={setNodeRef}
      {...(movable ? listeners : {})}
      data-testid="calendar-item"
      data-id={item.id}
      className={clsx(
        'flex min-w-0 flex-col sm:flex-row sm:items-start',
        movable && 'cursor-grab touch-none',
        isDragging && 'opacity-40',
      )}
    >
      {movable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={`Reschedule ${item.title}`}
          className="flex h-4 w-full shrink-0 items-center justify-center rounded text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-5 sm:w-3.5"
        >
          <GripVertical className="size-3" aria-hidden="true" />
        </button>
      )}
      <ItemChipBody item={item} className="min-w-0 flex-1" />
    </li>
  );
});

/**
 * A chip's title: on a phone's narrow days it wraps (any character may break a long word) so
 * every title stays readable; from `sm` up it is one line, cut with an ellipsis.
 */
function ItemChipBody({ item, className }: { item: ContentItem; className?: string }) {
  return (
    <Link
      to={`/content/${item.id}`}
      title={item.title}
      draggable={false}
      className={clsx(
        'block rounded bg-indigo-50 px-0.5 py-0.5 text-xs leading-tight font-medium [overflow-wrap:anywhere] break-words text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-100 sm:truncate sm:px-1.5',
        className,
      )}
    >
      {item.title}
      {item.role !== 'owner' && (
        <>
          {' '}
          <span className="sr-only">({item.role === 'editor' ? 'Editor' : 'Viewer'})</span>
        </>
      )}
    </Link>
  );
}
