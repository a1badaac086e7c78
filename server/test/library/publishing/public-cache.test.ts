import { describe, expect, it } from 'vitest';
import { PublicAnswerCache } from '../../../src/library/publishing/public-cache';

describe('PublicAnswerCache (decision 181)', () => {
  it('keeps at most its entries, the least recently used leaving first', () => {
    const cache = new PublicAnswerCache(2, 1000, 1000);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('keeps at most its characters, and never an answer larger than its entry limit', () => {
    const cache = new PublicAnswerCache(10, 10, 6);
    cache.set('big', 'x'.repeat(7));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'x'.repeat(6));
    cache.set('b', 'y'.repeat(5));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyyy');
    // Replacing an entry counts its new size only.
    cache.set('b', 'z'.repeat(4));
    cache.set('c', 'w'.repeat(6));
    expect(cache.get('b')).toBe('zzzz');
    expect(cache.get('c')).toBe('wwwwww');
    expect(cache.size).toBe(2);
  });
});
