import type { ChangeSpec } from '@codemirror/state';

/**
 * The smallest change that turns `before` into `after` (common start and end kept), so a
 * toolbar edit reaches the shared document as the few characters it adds, not a new text that
 * would replace what someone else is typing elsewhere.
 */
export function minimalChange(before: string, after: string): ChangeSpec {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end++;
  }
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
