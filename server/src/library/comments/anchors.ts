import * as Y from 'yjs';
import { TEXT_NAME } from '../../collab/documents';

/**
 * Where a thread's passage is in an item's shared document (docs/api.md, "Comments"; decision
 * 221): its start and end are Yjs relative positions (`Y.encodeRelativePosition`, base64) made
 * by the editor from its `Y.Text` (the start sticks to the passage's first character, the end to
 * its last), so the range follows the passage through everyone's edits. Pure Yjs.
 */

export interface Range {
  from: number;
  to: number;
}

const decode = (encoded: string): Y.RelativePosition =>
  Y.decodeRelativePosition(new Uint8Array(Buffer.from(encoded, 'base64')));

/** The absolute index of one relative position in the document's text, or null. */
function indexOf(doc: Y.Doc, encoded: string): number | null {
  // What a client sent may be anything that passed the base64 check: an undecodable position,
  // or one in another type or in an update the server never stored, is no position.
  try {
    const relative = decode(encoded);
    // Only positions on an item of the text; a named root type would be made by resolving it.
    if (relative.item === null) return null;
    // The text first: a document read from updates holds a plain type until it is asked for.
    const text = doc.getText(TEXT_NAME);
    const absolute = Y.createAbsolutePositionFromRelativePosition(relative, doc);
    if (!absolute || absolute.type !== text) return null;
    return absolute.index;
  } catch {
    return null;
  }
}

/**
 * The passage's current range in `doc`, or null when a position is not in the document (yet).
 * `from === to` (or past it): its text is deleted, the thread is detached.
 */
export function rangeOf(doc: Y.Doc, start: string, end: string): Range | null {
  const from = indexOf(doc, start);
  const to = indexOf(doc, end);
  return from === null || to === null ? null : { from, to: Math.max(from, to) };
}

/** The passage's text now, or null when it is detached (deleted) or not in the document. */
export function passageOf(doc: Y.Doc, start: string, end: string): string | null {
  const range = rangeOf(doc, start, end);
  if (!range || range.to <= range.from) return null;
  return doc.getText(TEXT_NAME).toString().slice(range.from, range.to);
}

/** The anchor of the text between `from` and `to` (what the editor sends; tests use it too). */
export function anchorOf(text: Y.Text, from: number, to: number): { start: string; end: string } {
  const encode = (position: Y.RelativePosition) =>
    Buffer.from(Y.encodeRelativePosition(position)).toString('base64');
  return {
    start: encode(Y.createRelativePositionFromTypeIndex(text, from, 0)),
    end: encode(Y.createRelativePositionFromTypeIndex(text, to, -1)),
  };
}
