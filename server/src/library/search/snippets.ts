/**
 * From `ts_headline` output to the answer's plain text and `[start, end)` offsets (docs/api.md,
 * "Search"; decision 110). The database marks matches with two private-use characters, removed
 * from the source text first, so no text can fake or break a mark. Pure functions.
 */

export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

export type Range = [number, number];

/**
 * The text without marks and with every run of whitespace as one space (trimmed), and the
 * ranges the marks enclosed, in UTF-16 offsets of that text.
 */
export function unmark(marked: string): { text: string; ranges: Range[] } {
  let text = '';
  const ranges: Range[] = [];
  let pendingSpace = false;
  let start = -1;
  const flushSpace = () => {
    if (pendingSpace && text.length > 0) text += ' ';
    pendingSpace = false;
  };
  for (const c of marked) {
    if (c === MARK_START) {
      flushSpace();
      start = text.length;
    } else if (c === MARK_END) {
      if (start >= 0 && text.length > start) ranges.push([start, text.length]);
      start = -1;
    } else if (/\s/.test(c)) {
      pendingSpace = true;
    } else {
      flushSpace();
      text += c;
    }
  }
  return { text, ranges };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * At most `max` characters of `text` around its first range, cut at spaces when there are
 * any, with the ranges that lie wholly inside, shifted.
 */
export function cut(text: string, ranges: Range[], max: number): { text: string; ranges: Range[] } {
  if (text.length <= max) return { text, ranges };
  const [anchorStart, anchorEnd] = ranges[0] ?? [0, 0];
  // Some context before the first match, the rest after it.
  let start = Math.max(0, Math.min(anchorStart - Math.floor(max / 4), text.length - max));
  let end = Math.min(text.length, start + max);
  if (start > 0) {
    const space = text.indexOf(' ', start - 1);
    if (space !== -1 && space < anchorStart) start = space + 1;
  }
  if (end < text.length && text[end] !== ' ') {
    const space = text.lastIndexOf(' ', end);
    if (space > Math.max(start, anchorEnd)) end = space;
  }
  if (start < text.length && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end > start && end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const piece = text.slice(start, end);
  const trimmedStart = piece.length - piece.trimStart().length;
  const result = piece.trim();
  const offset = start + trimmedStart;
  return {
    text: result,
    ranges: ranges
      .filter(([s, e]) => s >= offset && e <= offset + result.length)
      .map(([s, e]): Range => [s - offset, e - offset]),
  };
}

/**
 * The marked stretches of `marked` (a headline of `original` with every match marked) found in
 * `original`, in order: offsets into the original text, whatever the headline changed around
 * them.
 */
export function rangesIn(original: string, marked: string): Range[] {
  const ranges: Range[] = [];
  let cursor = 0;
  const pattern = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g');
  for (const match of marked.matchAll(pattern)) {
    const word = match[1] ?? '';
    if (word.length === 0) continue;
    const at = original.indexOf(word, cursor);
    if (at === -1) continue;
    ranges.push([at, at + word.length]);
    cursor = at + word.length;
  }
  return ranges;
}
