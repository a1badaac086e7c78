import type { ContentItem } from '@cw/contract';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { clsx } from 'clsx';
import { GripVertical } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { can } from '../../../lib/roles';
import { UNSCHEDULED } from '../calendar-keyboard';

/** A day of the calendar's grid: its number, and its items; an item dropped on it moves there. */
export const DayCell = memo(function DayCell({
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

/** The items with no publish date; an item dropped here loses its date. */
export function UnscheduledList({ items }: { items: ContentItem[] }) {
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
export function ItemChipBody({ item, className }: { item: ContentItem; className?: string }) {
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
