import { MARK_END, MARK_START } from './snippets';

/*
 * A search snippet's markdown as the words a reader sees (docs/api.md, "Search"; decision 218):
 * `**Priya N.**` reads `Priya N.`, a link or a wikilink its text, an image its alt text, and the
 * marks of headings, quotes, callouts, lists, tasks, code and tables go. It runs on ts_headline's
 * marked fragment, so the match marks (MARK_START, MARK_END) pass through and the highlights are
 * computed on the plain text afterwards (`unmark`). One pass in linear time (decision 186): each
 * bracket looks up where it closes in tables made once, never by reading on to the line's end.
 * Not a markdown parser: a fragment cut anywhere must still read well, and what is not clearly
 * syntax stays as written.
 */

const isMark = (char: string | undefined) => char === MARK_START || char === MARK_END;
const isSpace = (char: string | undefined) =>
  char === undefined || char === ' ' || char === '\t' || char === '\n' || char === '\r';
const WORD = /[\p{L}\p{N}]/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** For each index, the first index at or after it where `test` holds (`length` when none). */
function nextWhere(text: string, test: (at: number) => boolean): Int32Array {
  const next = new Int32Array(text.length + 1);
  next[text.length] = text.length;
  for (let at = text.length - 1; at >= 0; at -= 1) next[at] = test(at) ? at : next[at + 1]!;
  return next;
}

/** `text` (a marked headline of markdown) with its markdown syntax left out. */
export function plainMarkdown(text: string): string {
  if (text.length === 0) return text;
  const newline = nextWhere(text, (at) => text[at] === '\n');
  const close = nextWhere(text, (at) => text[at] === ']');
  const open = nextWhere(text, (at) => text[at] === '[');
  const paren = nextWhere(text, (at) => text[at] === ')');
  const doubleClose = nextWhere(text, (at) => text[at] === ']' && text[at + 1] === ']');
  const space = nextWhere(text, (at) => isSpace(text[at]));
  /**
   * Where the address of a link that starts at `from` (after its `(`) ends: after its `)` on the
   * same line, or at the end of a fragment cut inside the address; -1 when it is no address.
   */
  const addressEnd = (from: number): number => {
    if (paren[from]! < newline[from]!) return paren[from]! + 1;
    return space[from] === text.length ? text.length : -1;
  };
  const out: string[] = [];
  /** Index to jump to when the pass reaches `skipFrom` (the `](address)` of a link). */
  let skipFrom = -1;
  let skipTo = -1;
  let lineStart = true;

  /** The neighbour of `at` in direction `step`, looking past match marks. */
  const neighbour = (at: number, step: 1 | -1) => {
    let index = at + step;
    while (isMark(text[index])) index += step;
    return text[index];
  };

  /** Where the line's block marks (quotes, callouts, headings, lists, tasks, fences) end. */
  const afterBlockMarks = (from: number): number => {
    let at = from;
    while (text[at] === ' ' || text[at] === '\t') at += 1;
    // Quotes, and a callout's `[!type]` (with its fold sign) right after them.
    let quoted = false;
    while (text[at] === '>') {
      quoted = true;
      at += 1;
      while (text[at] === ' ') at += 1;
    }
    if (quoted && text[at] === '[' && text[at + 1] === '!') {
      const end = close[at]!;
      if (end < newline[at]! && end - at <= 32) {
        at = end + 1;
        if (text[at] === '-' || text[at] === '+') at += 1;
        while (text[at] === ' ') at += 1;
      }
    }
    // Headings.
    let hashes = 0;
    while (text[at + hashes] === '#' && hashes < 7) hashes += 1;
    if (hashes >= 1 && hashes <= 6 && isSpace(text[at + hashes])) {
      at += hashes;
      while (text[at] === ' ') at += 1;
    }
    // Fences, rules and a table's delimiter row: the whole line is syntax.
    const char = text[at];
    if (char === '|' || char === ':' || char === '-') {
      let index = at;
      let dashes = 0;
      let bars = 0;
      while (
        text[index] === '|' ||
        text[index] === '-' ||
        text[index] === ':' ||
        text[index] === ' '
      ) {
        if (text[index] === '-') dashes += 1;
        if (text[index] === '|') bars += 1;
        index += 1;
      }
      if (dashes > 0 && bars > 0 && (index === text.length || text[index] === '\n')) return index;
    }
    if ((char === '`' || char === '~') && text[at + 1] === char && text[at + 2] === char) {
      return newline[at]!;
    }
    if (char === '-' || char === '*' || char === '_') {
      let count = 0;
      let index = at;
      while (text[index] === char || text[index] === ' ') {
        if (text[index] === char) count += 1;
        index += 1;
      }
      if (count >= 3 && (index === text.length || text[index] === '\n')) return index;
    }
    // List items: `-`, `*`, `+` or `1.` / `1)`, then a space.
    if ((char === '-' || char === '*' || char === '+') && text[at + 1] === ' ') at += 2;
    else {
      let digits = 0;
      while (digits < 9 && text[at + digits]! >= '0' && text[at + digits]! <= '9') digits += 1;
      if (
        digits > 0 &&
        (text[at + digits] === '.' || text[at + digits] === ')') &&
        text[at + digits + 1] === ' '
      ) {
        at += digits + 2;
      }
    }
    // Tasks.
    if (
      text[at] === '[' &&
      (text[at + 1] === ' ' || text[at + 1] === 'x' || text[at + 1] === 'X') &&
      text[at + 2] === ']' &&
      isSpace(text[at + 3])
    ) {
      at += 3;
    }
    return at;
  };

  let at = 0;
  while (at < text.length) {
    if (at === skipFrom) {
      at = skipTo;
      skipFrom = -1;
      continue;
    }
    if (lineStart) {
      lineStart = false;
      const after = afterBlockMarks(at);
      if (after !== at) {
        out.push(' ');
        at = after;
        continue;
      }
    }
    const char = text[at]!;
    if (char === '\n') {
      out.push(char);
      lineStart = true;
      at += 1;
      continue;
    }
    if (char === '\\' && at + 1 < text.length && ESCAPABLE.test(text[at + 1]!)) {
      out.push(text[at + 1]!);
      at += 2;
      continue;
    }
    if (char === '!' && text[at + 1] === '[') {
      // An image or an embed: its alt text or name, as a link's text.
      at += 1;
      continue;
    }
    if (char === '[' && text[at + 1] === '[') {
      // A wikilink: `[[Target]]`, `[[Target|shown]]`, `[[Target#heading]]`.
      const end = doubleClose[at + 2]!;
      if (end < newline[at]! && end > at + 2) {
        const inner = text.slice(at + 2, end);
        const bar = inner.indexOf('|');
        let shown = bar === -1 ? inner : inner.slice(bar + 1);
        if (bar === -1) {
          const hash = shown.indexOf('#');
          if (hash > 0) shown = `${shown.slice(0, hash)} ${shown.slice(hash + 1)}`;
        }
        out.push(shown.replace(/[#^]/g, ' '));
        at = end + 2;
        continue;
      }
    }
    if (char === '[') {
      const end = close[at + 1]!;
      if (end < newline[at]! && open[at + 1]! > end) {
        const after = text[end + 1];
        if (after === '(' && addressEnd(end + 2) !== -1) {
          // `[text](address)`: the text stays, `](address)` goes.
          skipFrom = end;
          skipTo = addressEnd(end + 2);
          at += 1;
          continue;
        }
        if (after === '[' && close[end + 2]! < newline[end]! && open[end + 2]! > close[end + 2]!) {
          // `[text][reference]`.
          skipFrom = end;
          skipTo = close[end + 2]! + 1;
          at += 1;
          continue;
        }
      }
    }
    if (char === ']' && text[at + 1] === '(' && addressEnd(at + 2) !== -1) {
      // The end of a link whose `[` is before the fragment.
      at = addressEnd(at + 2);
      continue;
    }
    if (char === '`') {
      at += 1;
      continue;
    }
    if (char === '|' && (isSpace(text[at - 1]) || isSpace(text[at + 1]))) {
      // A table's cell border.
      out.push(' ');
      at += 1;
      continue;
    }
    if (char === '*' || char === '_' || char === '~') {
      let end = at;
      while (text[end] === char) end += 1;
      const before = neighbour(at, -1);
      const next = neighbour(end - 1, 1);
      const flanking = !isSpace(before) || !isSpace(next);
      const inWord =
        char === '_' &&
        before !== undefined &&
        next !== undefined &&
        WORD.test(before) &&
        WORD.test(next);
      if (flanking && !inWord && (char !== '~' || end - at >= 2)) {
        at = end;
        continue;
      }
      out.push(text.slice(at, end));
      at = end;
      continue;
    }
    out.push(char);
    at += 1;
  }
  return out.join('');
}
