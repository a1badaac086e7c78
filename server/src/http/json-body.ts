import type { FastifyInstance } from 'fastify';
import type { JsonBodyRule } from './body-limits';
import { SMALL_BODY_LIMIT, SMALL_BODY_VALUES } from './body-limits';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have (docs/auth.md, "Hostile input"). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BYTE_ORDER_MARK = 0xfeff;
const LETTER_U = 0x75;

/** What the structure pass looks for; each limit is optional. */
export interface JsonShapeLimits {
  maxDepth: number;
  /** Commas and opening brackets outside strings (body-limits.ts, SMALL_BODY_VALUES). */
  maxValues?: number;
  /** Characters of the longest string (key or value), escapes read. */
  maxString?: number;
  /** The first character must open this type. */
  topLevel?: 'object' | 'array';
}

export type JsonShapeProblem = 'too_deep' | 'too_many_values' | 'string_too_long' | 'wrong_type';

/**
 * The index of the closing quote of the string that opens at `open` (`text.length` when there is
 * none), or -1 when the string holds more than `maxLength` characters once its escapes are read
 * (`\"` and `\u00e9` are one character each, as JSON.parse reads them). A run without escapes
 * is skipped by `indexOf` (native: a 5 MB string costs well under a millisecond); a string with
 * an escaped quote, or longer than `maxLength` as written, is walked character by character, one
 * linear pass that stops as soon as it is too long.
 */
function endOfString(text: string, open: number, maxLength: number): number {
  const length = text.length;
  const quote = text.indexOf('"', open + 1);
  if (quote !== -1 && quote - open - 1 <= maxLength) {
    let backslashes = 0;
    for (let k = quote - 1; k > open && text.charCodeAt(k) === BACKSLASH; k -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  let characters = 0;
  for (let i = open + 1; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i;
    if (code === BACKSLASH) i += text.charCodeAt(i + 1) === LETTER_U ? 5 : 1;
    characters += 1;
    if (characters > maxLength) return -1;
  }
  return length;
}

/**
 * What is wrong with the structure of `text`, or null, found in one pass over its characters
 * before anything is parsed, stopping at the first problem: a first character that does not
 * open the wanted type, nesting deeper than `maxDepth`, more values than `maxValues`, a string
 * longer than `maxString`. Brackets
 * and commas inside strings (escapes included) do not count. Malformed text is not judged here;
 * JSON.parse refuses it afterwards, at its first error, so the depth it reaches before that point
 * is the depth counted here.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): JsonShapeProblem | null {
  const { maxDepth, maxValues = Infinity, maxString = Infinity, topLevel } = limits;
  const length = text.length;
  let i = 0;
  for (; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== SPACE && code !== LINE_FEED && code !== CARRIAGE_RETURN && code !== TAB) {
      if (code !== BYTE_ORDER_MARK) break;
    }
  }
  // An empty body is JSON.parse's to refuse.
  if (topLevel && i < length) {
    const wanted = topLevel === 'object' ? OPEN_BRACE : OPEN_BRACKET;
    if (text.charCodeAt(i) !== wanted) return 'wrong_type';
  }
  let depth = 0;
  let values = 0;
  for (; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfString(text, i, maxString);
      if (i < 0) return 'string_too_long';
    } else if (code === COMMA) {
      values += 1;
      if (values > maxValues) return 'too_many_values';
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return 'too_deep';
      values += 1;
      if (values > maxValues) return 'too_many_values';
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      // More closing than opening brackets: malformed, and JSON.parse stops right there.
      if (depth < 0) return null;
    }
  }
  return null;
}

/** Whether `text` nests arrays or objects deeper than `maxDepth` (see jsonShapeProblem). */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  return jsonShapeProblem(text, { maxDepth }) === 'too_deep';
}

export const jsonTooDeep = () =>
  new AppError(
    400,
    'parse_error',
    `JSON in the request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
  );

export const jsonTooManyValues = (maxValues: number) =>
  new AppError(
    400,
    'parse_error',
    `JSON in the request body holds more than ${maxValues.toLocaleString('en-US')} values.`,
  );

export const jsonStringTooLong = (maxString: number) =>
  new AppError(
    400,
    'parse_error',
    `A string in the request body is longer than ${maxString.toLocaleString('en-US')} characters.`,
  );

export const jsonNotOfType = (type: 'object' | 'array') =>
  new AppError(400, 'invalid', `The request body must be a JSON ${type}.`);

/** Routes that have no rule of their own (none of the route table's) read like a small call. */
const FALLBACK_RULE: JsonBodyRule = { limit: SMALL_BODY_LIMIT, maxValues: SMALL_BODY_VALUES };

/**
 * The `application/json` body reader of every route: the body (up to the route's limit, see
 * body-limits.ts) is checked in one pass before JSON.parse sees it (decision 194): its top-level
 * type against the route's body schema, its nesting, its number of values and its longest
 * string against what the route needs. So no body makes the parser build millions of values, or the parser or the
 * validation recurse thousands of levels deep. Parsing itself is Fastify's own
 * (secure-json-parse: `__proto__` and `constructor.prototype` keys are refused).
 */
export function registerJsonBodyReader(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const rule = request.routeOptions.config.jsonBody ?? FALLBACK_RULE;
    const problem = jsonShapeProblem(text, {
      maxDepth: MAX_JSON_DEPTH,
      maxValues: rule.maxValues,
      ...(rule.maxString ? { maxString: rule.maxString } : {}),
      ...(rule.topLevel ? { topLevel: rule.topLevel } : {}),
    });
    if (problem === 'too_deep') return done(jsonTooDeep(), undefined);
    if (problem === 'too_many_values') return done(jsonTooManyValues(rule.maxValues), undefined);
    if (problem === 'string_too_long' && rule.maxString) {
      return done(jsonStringTooLong(rule.maxString), undefined);
    }
    if (problem === 'wrong_type' && rule.topLevel) {
      return done(jsonNotOfType(rule.topLevel), undefined);
    }
    void parse(request, text, done);
  });
}
