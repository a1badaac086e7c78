import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have (docs/auth.md, "Hostile input"). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether `text` nests arrays or objects deeper than `maxDepth`, found in one pass over the
 * characters, before anything is parsed: brackets inside strings (escapes included) do not count.
 * Malformed text is not judged here; JSON.parse refuses it afterwards, at its first error, so
 * the depth it reaches before that point is the depth counted here.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip to the closing quote; a backslash escapes whatever follows it.
      for (i += 1; i < length; i += 1) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i += 1;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      // More closing than opening brackets: malformed, and JSON.parse stops right there.
      if (depth < 0) return false;
    }
  }
  return false;
}

export const jsonTooDeep = () =>
  new AppError(
    400,
    'parse_error',
    `JSON in the request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
  );

/**
 * The `application/json` body reader of every route: the body (up to the route's limit, see
 * body-limits.ts) is checked for nesting before JSON.parse sees it, so no body can make the
 * parser or the validation recurse thousands of levels deep. Parsing itself is Fastify's own
 * (secure-json-parse: `__proto__` and `constructor.prototype` keys are refused).
 */
export function registerJsonBodyReader(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(jsonTooDeep(), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
