import type {
  Announcements,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from '@dnd-kit/core';
import { KeyboardCode } from '@dnd-kit/core';
import { addDays, format, parseISO } from 'date-fns';
import { dayKey } from './calendar-grid';

/** The droppable of the list of items without a date. */
export const UNSCHEDULED = 'unscheduled';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days an arrow moves a chip: a day left or right, a week up or down. */
const STEPS: Partial<Record<string, number>> = {
  [KeyboardCode.Left]: -1,
  [KeyboardCode.Right]: 1,
  [KeyboardCode.Up]: -7,
  [KeyboardCode.Down]: 7,
};

/** "Friday 27 November", as a screen reader hears a day. */
export function spokenDay(key: string): string {
  return format(parseISO(key), 'EEEE d MMMM');
}

/**
 * The calendar's keyboard (decision 220): an arrow moves the picked-up chip to the day before or
 * after (← →) or the same weekday a week before or after (↑ ↓), aiming at that day's droppable,
 * never at geometry. A chip from the Unscheduled list starts on `firstDay` (today when the month
 * shows it). Past the grid's first or last day it stays.
 */
export function calendarKeyboardCoordinates(
  publishOn: (id: UniqueIdentifier) => string | null | undefined,
  firstDay: string,
): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const step = STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const { active, over, collisionRect, droppableRects } = context;
    if (!active || !collisionRect) return undefined;
    const overDay = over && typeof over.id === 'string' && DAY.test(over.id) ? over.id : null;
    const from = over ? overDay : (publishOn(active.id) ?? null);
    const target = from ? dayKey(addDays(parseISO(from), step)) : firstDay;
    const rect = droppableRects.get(target);
    if (!rect) return currentCoordinates;
    return {
      x: rect.left + (rect.width - collisionRect.width) / 2,
      y: rect.top + (rect.height - collisionRect.height) / 2,
    };
  };
}

export const CALENDAR_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To reschedule an item, press Space or Enter on its Reschedule button. The left and right arrow keys move it a day, up and down a week. Press Space or Enter again to schedule it for that day, or Escape to cancel.',
};

/** What a screen reader hears while an item is rescheduled (dnd-kit's live region), in words. */
export function describeSchedule(
  titleOf: (id: UniqueIdentifier) => string,
  dayOf: (id: UniqueIdentifier) => string | null | undefined,
): Announcements {
  const where = (id: UniqueIdentifier) =>
    typeof id === 'string' && DAY.test(id) ? spokenDay(id) : 'no date (Unscheduled)';
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    // Over the day it was picked up from (or its list): nothing new to say.
    onDragOver: ({ active, over }) =>
      over && over.id === (dayOf(active.id) ?? UNSCHEDULED)
        ? undefined
        : over
          ? `${titleOf(active.id)} is over ${where(over.id)}.`
          : `${titleOf(active.id)} is not over a day.`,
    onDragEnd: ({ active, over }) =>
      !over
        ? `${titleOf(active.id)} was not moved.`
        : over.id === UNSCHEDULED
          ? `${titleOf(active.id)} unscheduled.`
          : `${titleOf(active.id)} scheduled for ${where(over.id)}.`,
    onDragCancel: ({ active }) => `Rescheduling cancelled. ${titleOf(active.id)} was not moved.`,
  };
}
