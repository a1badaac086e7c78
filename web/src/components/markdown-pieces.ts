/**
 * A long markdown text cut into pieces that render to exactly what the whole text renders to,
 * one after the other (decision 258). The preview of a long script renders each piece as its
 * own component, so React can yield between pieces instead of parsing thousands of words in
 * one task, and a keystroke re-renders only the piece it changed.
 *
 * A cut is made only where CommonMark guarantees that nothing before it affects what comes
 * after: at a blank line outside fenced code, before a line that starts in the first column
 * and cannot continue a block above it (not a list item, which may belong to a loose list
 * above). Texts where something at the end can change the start (link reference definitions,
 * footnotes) or where a block may span blank lines (HTML blocks of kinds 1–5) are not cut.
 */
export interface MarkdownPiece {
  text: string;
  /** Lines before this piece in the whole text (its first line is `line + 1`). */
  line: number;
}

/** `[label]: destination` or a footnote `[^label]: …`: either may be used above it. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;
/** HTML blocks that run past blank lines: `<pre`, `<script`, `<style`, `<textarea`, `<!--`, `<?`, `<!X`, `<![CDATA[`. */
const SPANNING_HTML =
  /^ {0,3}<(?:!--|\?|![A-Za-z]|!\[CDATA\[|(?:pre|script|style|textarea)(?:[\s>]|$))/im;
const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Cuts `text` into pieces of at least `size` characters each (the last may be shorter). One
 * piece when the text cannot be cut safely. 600 characters keep a piece's render (each is one
 * uninterruptible parse) under 50 ms on a slow phone; 1,500 took about 100 ms (decision 262).
 */
export function markdownPieces(text: string, size = 600): MarkdownPiece[] {
  if (text.length <= size || DEFINITION.test(text) || SPANNING_HTML.test(text)) {
    return [{ text, line: 0 }];
  }
  const lines = text.split('\n');
  const pieces: MarkdownPiece[] = [];
  let start = 0; // index of the piece's first line
  let length = 0; // characters in the piece so far
  let fence: { mark: string; length: number } | null = null;
  let previousBlank = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (
      fence === null &&
      previousBlank &&
      length >= size &&
      /^\S/.test(line) &&
      !LIST_ITEM.test(line)
    ) {
      pieces.push({ text: lines.slice(start, index).join('\n'), line: start });
      start = index;
      length = 0;
    }
    length += line.length + 1;
    const marker = FENCE.exec(line)?.[1];
    if (fence === null) {
      if (marker) fence = { mark: marker[0]!, length: marker.length };
    } else if (
      marker &&
      marker[0] === fence.mark &&
      marker.length >= fence.length &&
      /^ {0,3}(`+|~+)\s*$/.test(line)
    ) {
      fence = null;
    }
    previousBlank = line.trim() === '';
  }
  pieces.push({ text: lines.slice(start).join('\n'), line: start });
  return pieces;
}
