import { sqlState } from '../db/errors';

/*
 * What the logs may hold (docs/auth.md, "Hostile input"): never query parameters, passwords, hashes, tokens or
 * one-time codes. Two serializers enforce it for every log line that carries a request or an
 * error, wherever it is logged; `loggerOptions` (runtime/logger.ts) installs them (Fastify keeps them over
 * its own).
 */

const MESSAGE_MAX = 500;
const FRAMES_MAX = 30;
const CAUSE_DEPTH_MAX = 3;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

/** The path of a request URL without its query string (which may hold anything a client typed). */
export function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The `at …` lines of a stack: its first line repeats the message, which may hold anything. */
function framesOf(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, FRAMES_MAX)
    .join('\n');
}

interface LoggableRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** `req` in request logs: method, path (no query string), host and client address. */
export function requestForLog(request: LoggableRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: pathOnly(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function property(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The first `constraint` named along an error's cause chain (pg and PGlite errors carry it). */
function constraintOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const constraint = property(current, 'constraint');
    if (typeof constraint === 'string') return constraint;
    current = property(current, 'cause');
  }
  return undefined;
}

/** drizzle's DrizzleQueryError: its message and fields hold the SQL and every parameter. */
const isQueryError = (error: unknown) =>
  typeof property(error, 'query') === 'string' || Array.isArray(property(error, 'params'));

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof property(value, 'message') === 'string' && typeof property(value, 'stack') === 'string')
  );
}

/**
 * `err` in every log line. A database error is its SQLSTATE and constraint only: the driver's
 * message, detail and the query's parameters can quote what a user sent (a 2 MB content item, an
 * email and a password hash). A failed query without a SQLSTATE (connection lost, pool closed)
 * keeps its cause, never its query. Any other error keeps type, code, a clipped message and stack.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const state = sqlState(error);
  if (state) {
    const constraint = constraintOf(error);
    return { type: 'DatabaseError', code: state, ...(constraint ? { constraint } : {}) };
  }
  const cause = property(error, 'cause');
  const loggedCause =
    cause !== undefined && depth < CAUSE_DEPTH_MAX ? errorForLog(cause, depth + 1) : undefined;
  if (isQueryError(error)) {
    return { type: 'DatabaseQueryFailed', ...(loggedCause ? { cause: loggedCause } : {}) };
  }
  const code = property(error, 'code');
  const statusCode = property(error, 'statusCode');
  return {
    type: error.name || error.constructor.name,
    message: clip(error.message, MESSAGE_MAX),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: framesOf(error.stack),
    ...(loggedCause ? { cause: loggedCause } : {}),
  };
}
