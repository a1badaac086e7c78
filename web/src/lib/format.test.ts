import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime } from './format';

describe('formatCount', () => {
  it('writes a number as toLocaleString("en-US") does', () => {
    for (const value of [
      0, 7, 999, 1000, 1234, 98765, 123456, 1234567, -1234, 9007199254740991, 1234.5678,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('formatDate and formatDateTime', () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
  const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
  const time: Intl.DateTimeFormatOptions = { ...day, hour: 'numeric', minute: '2-digit' };

  it('writes dates as Intl.DateTimeFormat("en-US") does', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const [hours, minutes] of [
        [0, 0],
        [0, 4],
        [9, 30],
        [11, 59],
        [12, 0],
        [13, 5],
        [23, 59],
      ] as const) {
        const date = new Date(2026, month, ((month * 3) % 28) + 1, hours, minutes);
        expect(formatDate(date)).toBe(intl(day).format(date));
        expect(formatDateTime(date)).toBe(intl(time).format(date));
        expect(formatDateTime(date.toISOString())).toBe(intl(time).format(date));
      }
    }
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
