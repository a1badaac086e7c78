/**
 * The cursor a list's `next` link carries (`after=…`, docs/api.md "Lists"; decision 264): the
 * sort key of the last row of the page just read, so the next page is read from the list's index
 * by key instead of skipping rows by OFFSET. Opaque to clients: base64url of a small JSON array,
 * `[ordering, ...key]`. The server makes it; anything else (another ordering's cursor, a key of
 * the wrong shape, text that is not one) is a 400 before any query runs.
 */
import { MAX_ID } from './common';

/** What one part of a sort key is: a row id, a board position, a timestamp, a text, a day or null. */
export type CursorPart = 'id' | 'position' | 'timestamp' | 'text' | 'dayOrNull';
export type CursorValue = string | number | null;

/** The longest cursor accepted (characters): a sort key of a title of 120 characters fits easily. */
export const LIST_CURSOR_MAX = 1024;
/** The longest text part of a key (a lowered title or name). */
const TEXT_PART_MAX = 600;

/** Timestamps in a cursor: UTC with microseconds, as PostgreSQL stores them. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** base64url of UTF-8 (browsers and Node alike: btoa/atob and TextEncoder are global in both). */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A real calendar instant/day (not 2026-13-45): what PostgreSQL would refuse with an error. */
function isRealDate(text: string, length: number): boolean {
  const parsed = new Date(text.length === 10 ? `${text}T00:00:00.000Z` : text);
  return (
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, length) === text.slice(0, length)
  );
}

function partOk(part: CursorPart, value: unknown): boolean {
  switch (part) {
    case 'id':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
    case 'position':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ID;
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) && isRealDate(value, 23);
    case 'text':
      return (
        typeof value === 'string' &&
        value.length <= TEXT_PART_MAX &&
        !value.includes('\u0000') &&
        !LONE_SURROGATE.test(value)
      );
    case 'dayOrNull':
      return (
        value === null || (typeof value === 'string' && DAY.test(value) && isRealDate(value, 10))
      );
  }
}

/** The cursor of a row whose sort key under `ordering` is `key`. */
export function encodeListCursor(ordering: string, key: readonly CursorValue[]): string {
  return toBase64Url(JSON.stringify([ordering, ...key]));
}

/**
 * The sort key a cursor holds, checked against the parts `ordering` sorts by; or the sentence a
 * 400 says when it is not a cursor of this list in this ordering.
 */
export function decodeListCursor(
  cursor: string,
  ordering: string,
  parts: readonly CursorPart[],
): { key: CursorValue[] } | { problem: string } {
  const invalid = { problem: 'Invalid cursor: follow the list’s next link as it is.' };
  if (cursor.length > LIST_CURSOR_MAX) return invalid;
  const text = fromBase64Url(cursor);
  if (text === null) return invalid;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid;
  }
  if (!Array.isArray(value) || value.length !== parts.length + 1) return invalid;
  const [of, ...key] = value as unknown[];
  if (of !== ordering) {
    return { problem: 'This cursor belongs to another ordering of the list: start from page 1.' };
  }
  if (!parts.every((part, index) => partOk(part, key[index]))) return invalid;
  return { key: key as CursorValue[] };
}
