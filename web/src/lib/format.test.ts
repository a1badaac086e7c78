import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('writes a number as toLocaleString("en-US") does', () => {
    for (const value of [
      0, 7, 999, 1000, 1234, 98765, 123456, 1234567, -1234, 9007199254740991, 1234.5678,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
