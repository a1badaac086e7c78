import fs from 'node:fs';

/**
 * Creates DATA_DIR if needed and checks that this process may write in it. Returns the one
 * line to show when it cannot, or null. Creates nothing inside an existing DATA_DIR.
 */
export function prepareDataDir(dataDir: string): string | null {
  try {
    if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory()) {
      return `DATA_DIR ${dataDir} is not a directory.`;
    }
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    return `DATA_DIR ${dataDir} cannot be created: ${describeError(error)}`;
  }
  try {
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    return `DATA_DIR ${dataDir} is not writable: ${describeError(error)}`;
  }
  return null;
}

/**
 * One readable phrase for an error, from its root cause: drizzle wraps a driver's error in
 * "Failed query: <sql>", and Node's network errors can be an AggregateError with an empty
 * message (one failure per address family tried).
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  if (error instanceof Error) {
    const inner = (error as Error & { cause?: unknown }).cause;
    const code = (error as NodeJS.ErrnoException).code;
    if (inner) return describeError(inner);
    const message = error.message.split('\n')[0]?.trim();
    if (message) return message;
    if (code) return code;
    return error.name;
  }
  return String(error);
}

/** A connection string fit for a log line: the password is never shown. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
