import { describe, expect, it } from 'vitest';
import { utcWeekStart } from './dashboard.service';

describe('utcWeekStart', () => {
  it('is Sunday 00:00 UTC of the week holding the moment', () => {
    // Friday 27 November 2026, late evening: the week began on Sunday the 22nd.
    expect(utcWeekStart(new Date('2026-11-27T23:59:59Z')).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
    // A Sunday is its own week's start; Saturday belongs to the week before.
    expect(utcWeekStart(new Date('2026-11-29T00:00:00Z')).toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
    expect(utcWeekStart(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
  });
});
