import * as Y from 'yjs';
import { CONTENT_BODY_MAX, NUL_MESSAGE, hasNoNul } from '@cw/contract';

/**
 * The shared documents of content items (docs/api.md, "Writing together"; decision 187): the
 * document of item `{id}` is named `content:{id}`, and its text is the `Y.Text` named `content`.
 * Pure Yjs here; storing them is documents.repository.ts, serving them collab-server.ts.
 */

/** The name of the `Y.Text` that holds an item's markdown. */
export const TEXT_NAME = 'content';

const NAME = /^content:([1-9]\d{0,9})$/;
const ID_MAX = 2_147_483_647;

export const documentNameOf = (contentId: number): string => `content:${contentId}`;

/** The item id a document name names, or null for any other name (answered like an unknown id). */
export function contentIdOf(documentName: string): number | null {
  const digits = NAME.exec(documentName)?.[1];
  if (!digits) return null;
  const id = Number(digits);
  return id <= ID_MAX ? id : null;
}

const REMOTE_NAME = /^remote:([1-9]\d{0,9}):([A-Za-z0-9_-]{22})$/;

/**
 * The person a teleprompter remote channel belongs to (decision 242): `remote:{user}:{key}`,
 * `key` 22 base64url characters made by the teleprompter; null for any other name. The channel
 * holds no text: its two ends talk through presence (awareness) only.
 */
export function remoteUserOf(documentName: string): number | null {
  const digits = REMOTE_NAME.exec(documentName)?.[1];
  if (!digits) return null;
  const id = Number(digits);
  return id <= ID_MAX ? id : null;
}

/** A document (garbage-collected, as the server keeps them) holding `text`. */
export function documentWith(text: string): Y.Doc {
  const doc = new Y.Doc();
  if (text.length > 0) doc.getText(TEXT_NAME).insert(0, text);
  return doc;
}

/** The document of a stored state and the updates stored after it. */
export function documentOf(state: Uint8Array, updates: Iterable<Uint8Array>): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    Y.applyUpdate(doc, state);
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}

export const textOf = (doc: Y.Doc): string => doc.getText(TEXT_NAME).toString();

/**
 * Turns the document's text into `next` with the smallest edit around the common start and end,
 * so what others type elsewhere in the text survives a REST save or a restore. Answers the Yjs
 * update it made (null when the text was already `next`).
 */
export function replaceText(doc: Y.Doc, next: string, origin?: unknown): Uint8Array | null {
  const text = doc.getText(TEXT_NAME);
  const current = text.toString();
  if (current === next) return null;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end++;
  }
  // Never split a surrogate pair: a half character is not text.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  let update: Uint8Array | null = null;
  const keep = (made: Uint8Array) => {
    update = update ? Y.mergeUpdates([update, made]) : made;
  };
  doc.on('update', keep);
  try {
    doc.transact(() => {
      const removed = current.length - start - end;
      if (removed > 0) text.delete(start, removed);
      const inserted = next.slice(start, next.length - end);
      if (inserted.length > 0) text.insert(start, inserted);
    }, origin);
  } finally {
    doc.off('update', keep);
  }
  return update;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Why an update from a client is refused (the connection then closes with this reason). */
export class RefusedUpdate extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Close codes of the collaboration socket (docs/api.md, "Writing together"). */
export const CLOSE = {
  /** The document would hold more than the content limit. */
  tooLarge: new RefusedUpdate(4413, 'The text would be over 1,000,000 characters.'),
  /** Not an update of the item's text (another shared type, a broken update). */
  malformed: new RefusedUpdate(4400, 'The update is not one of this document.'),
  /** Text with a NUL character: PostgreSQL's text cannot store it, so every later save would fail. */
  nul: new RefusedUpdate(4400, NUL_MESSAGE),
} as const;

/**
 * Checks an update a client sent for the document `doc` before it is stored: it may only add
 * text to the `content` text (never other shared types, maps or embeds), every item it names or
 * deletes must be in the document or in the update itself, it has no holes (Skip), and the text
 * must stay within the content limit, with no NUL character (as every text field of the API,
 * docs/auth.md, "Hostile input and abuse"). Answers how many characters it may add (an upper bound).
 * Throws RefusedUpdate.
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, textLength: number): number {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    throw CLOSE.malformed;
  }
  // The clocks the update itself brings, per client: an item may build on an earlier one in it.
  const ranges = new Map<number, { from: number; to: number }>();
  for (const struct of decoded.structs) {
    // A hole in the update: what comes after it would wait in memory forever, like a gap.
    if (struct instanceof Y.Skip) throw CLOSE.malformed;
    const { client, clock } = struct.id;
    const range = ranges.get(client);
    if (!range) ranges.set(client, { from: clock, to: clock + struct.length });
    else {
      range.from = Math.min(range.from, clock);
      range.to = Math.max(range.to, clock + struct.length);
    }
  }
  // No gap after what the document has of a client: such items would wait in memory forever.
  for (const [client, range] of ranges) {
    if (range.from > Y.getState(doc.store, client)) throw CLOSE.malformed;
  }
  const known = (id: Y.ID | null): boolean => {
    if (id === null) return true;
    if (id.clock < Y.getState(doc.store, id.client)) return true;
    const range = ranges.get(id.client);
    return range !== undefined && id.clock >= range.from && id.clock < range.to;
  };
  // Deletions of items the document does not have wait in memory, and are tried again at every
  // update: only known items may be deleted.
  for (const [client, deletions] of decoded.ds.clients) {
    const knownTo = Math.max(Y.getState(doc.store, client), ranges.get(client)?.to ?? 0);
    for (const { clock, len } of deletions) {
      if (clock + len > knownTo) throw CLOSE.malformed;
    }
  }
  let added = 0;
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue; // GC and Skip carry no content
    const content = struct.content;
    if (content instanceof Y.ContentString) {
      if (!hasNoNul(content.str)) throw CLOSE.nul;
      added += content.str.length;
    } else if (!(content instanceof Y.ContentDeleted)) throw CLOSE.malformed;
    if (struct.parentSub !== null) throw CLOSE.malformed;
    const parent: unknown = struct.parent;
    if (parent !== null && parent !== TEXT_NAME) throw CLOSE.malformed;
    if (!known(struct.origin) || !known(struct.rightOrigin)) throw CLOSE.malformed;
  }
  if (textLength + added > CONTENT_BODY_MAX) throw CLOSE.tooLarge;
  return added;
}
