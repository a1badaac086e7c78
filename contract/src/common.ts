import { z } from 'zod';

/** Every error answer of the API (docs/api.md, section 1). `message` and `detail` hold the same sentence. */
export const apiErrorSchema = z.object({
  message: z.string(),
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** The largest id the database holds (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
const idTooBig = `Ensure this value is less than or equal to ${MAX_ID}.`;

/** Database ids are positive integers up to MAX_ID; a larger one in a body is a 400. */
export const idSchema = z.number().int().positive().max(MAX_ID, idTooBig);
/** An id filter in a query string (`?tag=12`): a larger one is a 400. */
export const idQuerySchema = z.coerce.number().int().positive().max(MAX_ID, idTooBig);
/** Path params arrive as strings; any failure here (too large included) answers 404. */
export const idParamsSchema = z.object({ id: idQuerySchema });

export const NUL_MESSAGE = 'Null characters are not allowed.';
/** True when `text` holds no NUL character (PostgreSQL text cannot store one). */
export const hasNoNul = (text: string): boolean => !text.includes('\u0000');

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * A text with each unpaired UTF-16 surrogate replaced by U+FFFD, as storing it in a text column
 * does anyway (UTF-8 cannot encode one): the same text then goes into jsonb (a template's tags, a
 * job's payload), which refuses an unpaired surrogate outright.
 */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATES, '\uFFFD');

/**
 * Every string field of a request starts here: NUL characters are refused with a 400, and unpaired
 * surrogates become U+FFFD (docs/auth.md, "Hostile input and abuse"). Chain the field's own checks after it (`textSchema(required).trim().max(…)`).
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, { message: NUL_MESSAGE, abort: true }).overwrite(wellFormed);

/** Bidirectional control characters (U+202A–U+202E, U+2066–U+2069): they can make a name read
 * backwards (`invoice\u202Efdp.exe`), so names and file names lose them (docs/auth.md, "Hostile input"). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** A name (person, collection, tag, file): a text field without bidirectional controls. */
export const nameTextSchema = (params?: Parameters<typeof z.string>[0]) =>
  textSchema(params).overwrite(withoutBidiControls);

export const isoDateSchema = z.string().describe('ISO 8601 date-time in UTC');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A query parameter that may repeat (`?status=idea&status=editing`), at most 10 times. */
export const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(item).max(10));

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const MAX_META_DATA_BYTES = 16 * 1024;
/** The meta_data object itself is level 1; each object or array inside it one more. */
export const MAX_META_DATA_DEPTH = 16;

/** A UTF-16 surrogate without its pair: JSON can carry it, PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate).';

/** NUL, or an unpaired surrogate: what a meta_data key or string may not hold. */
const textProblem = (text: string): string | null =>
  !hasNoNul(text) ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;

/**
 * What is wrong with a meta_data value, or null: nesting deeper than MAX_META_DATA_DEPTH, a NUL
 * character or an unpaired surrogate in a key or a string, more than MAX_META_DATA_BYTES serialized. The walk is
 * iterative (no recursion, whatever the depth) and keeps a lower bound of the serialized size
 * (every key and string with its quotes, every other value one character), so it stops as soon
 * as that passes MAX_META_DATA_BYTES, before JSON.stringify ever sees the value and whatever the
 * number of keys or the length of the strings.
 */
export function metaDataProblem(value: unknown): string | null {
  const tooBig = 'Must be at most 16 KiB when serialized.';
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let atLeast = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    if (!current) break;
    const item = current.value;
    if (typeof item === 'string') {
      atLeast += item.length + 2;
      if (atLeast > MAX_META_DATA_BYTES) return tooBig;
      const problem = textProblem(item);
      if (problem) return problem;
      continue;
    }
    atLeast += 1;
    if (atLeast > MAX_META_DATA_BYTES) return tooBig;
    if (item === null || typeof item !== 'object') continue;
    if (current.depth > MAX_META_DATA_DEPTH) {
      return `Must not be nested deeper than ${MAX_META_DATA_DEPTH} levels.`;
    }
    if (Array.isArray(item)) {
      // The commas between its elements (each element counts itself when its turn comes).
      atLeast += Math.max(item.length - 1, 0);
      if (atLeast > MAX_META_DATA_BYTES) return tooBig;
      for (const child of item as unknown[]) stack.push({ value: child, depth: current.depth + 1 });
      continue;
    }
    // `for…in`, not Object.entries: a key too many stops the walk without copying the rest.
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      atLeast += key.length + 3;
      if (atLeast > MAX_META_DATA_BYTES) return tooBig;
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ value: (item as Record<string, unknown>)[key], depth: current.depth + 1 });
    }
  }
  return JSON.stringify(value).length <= MAX_META_DATA_BYTES ? null : tooBig;
}

/**
 * `meta_data`: a JSON object, at most 16 levels deep and 16 KiB serialized (docs/api.md, section 3).
 * The limits are checked before zod reads the record (decision 194): zod copies every key of a
 * record, which took a second and a half for 300,000 keys; the walk stops at the first 16 KiB.
 */
export const metaDataSchema = z.preprocess(
  (value, ctx) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const problem = metaDataProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }
    return value;
  },
  z.record(z.string(), z.unknown()),
);
