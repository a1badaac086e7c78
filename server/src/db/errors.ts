/**
 * Drizzle wraps driver errors (DrizzleQueryError), so the driver's code (a SQLSTATE such as 23505,
 * or a socket error such as ECONNREFUSED) sits on the error or somewhere down its `cause` chain.
 */
export function driverErrorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** The SQLSTATE of a database error, if any. */
export function sqlState(error: unknown): string | undefined {
  return driverErrorCodes(error).find((code) => /^[0-9A-Z]{5}$/.test(code));
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** Failures that mean "the database is not answering" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return driverErrorCodes(error).some(
    (code) =>
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'ETIMEDOUT' ||
      code === '57P01' || // admin_shutdown
      code === '57P03' || // cannot_connect_now
      /^08[0-9A-Z]{3}$/.test(code), // connection_exception class
  );
}
