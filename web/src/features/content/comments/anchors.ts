import type { Thread } from '@cw/contract';
import * as Y from 'yjs';

/**
 * A thread's passage as Yjs relative positions (docs/api.md, "Comments"): the start sticks to
 * the passage's first character, the end to its last, so the range follows everyone's edits.
 */
const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The anchor of the text between `from` and `to` of the shared text. */
export function anchorOf(text: Y.Text, from: number, to: number): { start: string; end: string } {
  return {
    start: toBase64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, from, 0))),
    end: toBase64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, to, -1))),
  };
}

function indexIn(text: Y.Text, encoded: string): number | null {
  const doc = text.doc;
  if (!doc) return null;
  try {
    const position = Y.createAbsolutePositionFromRelativePosition(
      Y.decodeRelativePosition(fromBase64(encoded)),
      doc,
    );
    return position && position.type === text ? position.index : null;
  } catch {
    return null;
  }
}

/** Where a thread's passage is now in the shared text: null without one, or once deleted. */
export function passageRange(text: Y.Text, thread: Thread): { from: number; to: number } | null {
  if (!thread.anchor) return null;
  const from = indexIn(text, thread.anchor.start);
  const to = indexIn(text, thread.anchor.end);
  if (from === null || to === null || to <= from) return null;
  return { from, to };
}
