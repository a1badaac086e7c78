import { describe, expect, it } from 'vitest';
import { EXACT_COUNT_MAX, settledCount } from './page';

describe('settledCount (decision 256)', () => {
  const never = () => Promise.reject(new Error('no estimate wanted'));
  const estimate = (rows: number) => () => Promise.resolve(rows);

  it('keeps an exact count, and takes a short page as the end of the list', async () => {
    expect(await settledCount(120, never, { rows: 50, limit: 50, offset: 0 })).toBe(120);
    expect(await settledCount(10_001, never, { rows: 20, limit: 50, offset: 19_950 })).toBe(19_970);
    expect(await settledCount(0, never, { rows: 0, limit: 50, offset: 0 })).toBe(0);
  });

  it('estimates past EXACT_COUNT_MAX, never less than the cap or the rows read plus one', async () => {
    const full = { rows: 50, limit: 50, offset: 0 };
    expect(await settledCount(EXACT_COUNT_MAX, never, full)).toBe(EXACT_COUNT_MAX);
    expect(await settledCount(EXACT_COUNT_MAX + 1, estimate(19_432), full)).toBe(19_432);
    expect(await settledCount(EXACT_COUNT_MAX + 1, estimate(7_000), full)).toBe(
      EXACT_COUNT_MAX + 1,
    );
    const deep = { rows: 50, limit: 50, offset: 30_000 };
    expect(await settledCount(EXACT_COUNT_MAX + 1, estimate(19_432), deep)).toBe(30_051);
  });
});
