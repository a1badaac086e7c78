import { describe, expect, it } from 'vitest';
import {
  byDay,
  calendarDays,
  dayKey,
  monthFromParam,
  monthParam,
  weekdayNames,
} from './calendar-grid';

const today = new Date(2026, 10, 23); // Mon Nov 23 2026

describe('the calendar grid', () => {
  it('covers the month in whole weeks from Sunday, marking today and the days of other months', () => {
    const days = calendarDays(new Date(2026, 10, 1), today);
    expect(days).toHaveLength(35);
    expect(days[0]?.key).toBe('2026-11-01'); // Nov 1 2026 is a Sunday
    expect(days[34]?.key).toBe('2026-12-05');
    expect(days.filter((day) => day.isToday).map((day) => day.key)).toEqual(['2026-11-23']);
    expect(days.filter((day) => !day.inMonth)).toHaveLength(5);
  });

  it('has six weeks when the month needs them, and four for a February that fits', () => {
    expect(calendarDays(new Date(2026, 7, 1), today)).toHaveLength(42); // Aug 2026 starts Saturday
    expect(calendarDays(new Date(2015, 1, 1), today)).toHaveLength(28); // Feb 2015: Sun–Sat
  });

  it('reads the month from the address, falling back to today’s for anything else', () => {
    expect(monthParam(monthFromParam('2027-02', today))).toBe('2027-02');
    for (const bad of [null, '', '2027-13', 'next', '2027-2']) {
      expect(monthParam(monthFromParam(bad, today)), String(bad)).toBe('2026-11');
    }
  });

  it('groups items by day, the unscheduled under null', () => {
    const days = byDay([
      { id: 1, publish_on: '2026-11-23' },
      { id: 2, publish_on: null },
      { id: 3, publish_on: '2026-11-23' },
    ]);
    expect(days.get('2026-11-23')?.map((x) => x.id)).toEqual([1, 3]);
    expect(days.get(null)?.map((x) => x.id)).toEqual([2]);
    expect(dayKey(today)).toBe('2026-11-23');
    expect(weekdayNames()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});
