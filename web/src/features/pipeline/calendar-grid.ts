import {
  addDays,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  isValid,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

/** Weeks start on Sunday, as the app's dates are written (en-US). */
const WEEK_STARTS_ON = 0;

/** `?month=2026-11` → the first day of that month; anything else → the month of `today`. */
export function monthFromParam(value: string | null, today: Date): Date {
  if (value && /^\d{4}-\d{2}$/.test(value)) {
    const parsed = parse(value, 'yyyy-MM', today);
    if (isValid(parsed)) return startOfMonth(parsed);
  }
  return startOfMonth(today);
}

/** The month's `?month=` value, "2026-11". */
export function monthParam(month: Date): string {
  return format(month, 'yyyy-MM');
}

/** A day as the API writes `publish_on`, "2026-11-23". */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

export interface CalendarDay {
  date: Date;
  /** `YYYY-MM-DD`, as `publish_on`. */
  key: string;
  inMonth: boolean;
  isToday: boolean;
}

/** Whole weeks (Sunday to Saturday) covering the month: 28 to 42 days. */
export function calendarDays(month: Date, today: Date): CalendarDay[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: WEEK_STARTS_ON });
  const last = endOfWeek(endOfMonth(month), { weekStartsOn: WEEK_STARTS_ON });
  const length = differenceInCalendarDays(last, first) + 1;
  const todayKey = dayKey(today);
  return Array.from({ length }, (_, i) => {
    const date = addDays(first, i);
    const key = dayKey(date);
    return { date, key, inMonth: isSameMonth(date, month), isToday: key === todayKey };
  });
}

/** The weekday names of the grid's columns, "Sun" to "Sat". */
export function weekdayNames(): string[] {
  const first = startOfWeek(new Date(2026, 0, 4), { weekStartsOn: WEEK_STARTS_ON });
  return Array.from({ length: 7 }, (_, i) => format(addDays(first, i), 'EEE'));
}

/** Items by `publish_on` day; those without a day under `null`. */
export function byDay<T extends { publish_on: string | null }>(
  items: readonly T[],
): Map<string | null, T[]> {
  const days = new Map<string | null, T[]>();
  for (const item of items) {
    const list = days.get(item.publish_on);
    if (list) list.push(item);
    else days.set(item.publish_on, [item]);
  }
  return days;
}

/** Where a chip from the Unscheduled list starts by keyboard: today if shown, else the 1st. */
export function startDay(days: readonly CalendarDay[]): string {
  return (days.find((day) => day.isToday) ?? days.find((day) => day.inMonth))?.key ?? '';
}
