import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation, sqlState } from './errors';

/** What Drizzle throws: its own error with the driver's error as `cause`. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code }) });

describe('driver error codes under Drizzle wrappers', () => {
  it('finds a SQLSTATE on the cause', () => {
    expect(sqlState(wrapped('23505'))).toBe('23505');
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
  });
  it('treats refused connections and the connection-exception class as unavailable', () => {
    expect(isDatabaseUnavailable(wrapped('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('08006'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped('57P01'))).toBe(true);
  });
  it('does not treat constraint violations or plain errors as unavailable', () => {
    expect(isDatabaseUnavailable(wrapped('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
