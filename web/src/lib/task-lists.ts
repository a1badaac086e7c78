/**
 * Ticking a task of a markdown text (`- [ ]` ↔ `- [x]`, GFM; docs/decisions/216): only the box
 * of that one line changes, so the edit is one character wherever the text is saved.
 */

/** A task item's line: quote and list markers, then `[ ]`, `[x]` or `[X]` and a space or the end. */
const TASK = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[)[ xX](\](?:[ \t]|$))/;

/** Where the box's character sits in `line`, or -1 when the line is no task item. */
export function taskMarkOffset(line: string): number {
  const match = TASK.exec(line);
  return match ? match[1]!.length : -1;
}

/**
 * The offset in `text` of the box to set for the task shown on line `line` (1-based) of
 * `shown` (the text as it was drawn), or -1 when that task is no longer found: the same line
 * where it was, else the one line of `text` equal to it (lines were added above it meanwhile).
 */
export function findTaskMark(text: string, shown: string, line: number): number {
  const wanted = shown.split('\n')[line - 1];
  if (wanted === undefined || taskMarkOffset(wanted) < 0) return -1;
  const lines = text.split('\n');
  let index = lines[line - 1] === wanted ? line - 1 : -1;
  if (index < 0) {
    const same = lines.flatMap((candidate, at) => (candidate === wanted ? [at] : []));
    if (same.length !== 1) return -1;
    index = same[0]!;
  }
  let offset = 0;
  for (let at = 0; at < index; at += 1) offset += lines[at]!.length + 1;
  return offset + taskMarkOffset(wanted);
}

/** `text` with the task shown on `line` of `shown` set to `checked`, or null when not found. */
export function setTask(
  text: string,
  shown: string,
  line: number,
  checked: boolean,
): string | null {
  const at = findTaskMark(text, shown, line);
  if (at < 0) return null;
  return `${text.slice(0, at)}${checked ? 'x' : ' '}${text.slice(at + 1)}`;
}
