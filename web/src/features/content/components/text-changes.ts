import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';

/** One run of text in a comparison: the same in both, only in the version, or only today. */
export interface TextChange {
  value: string;
  kind: 'same' | 'removed' | 'added';
}

/** A word-level comparison gives up after this long and falls back to whole lines. */
const WORD_DIFF_BUDGET_MS = 250;

const kindOf = (change: ChangeObject<string>): TextChange['kind'] =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

/**
 * What changed from `older` (a version) to `newer` (today's text), by words and spaces (jsdiff), so
 * each side can be read back whole from the runs. Two long
 * texts that share little can take a word diff a long time, so past a budget it is done by
 * lines instead: coarser, but always quick.
 */
export function textChanges(older: string, newer: string): TextChange[] {
  const byWords = diffWordsWithSpace(older, newer, { timeout: WORD_DIFF_BUDGET_MS });
  const changes = byWords ?? diffLines(older, newer);
  return changes.map((change) => ({ value: change.value, kind: kindOf(change) }));
}

/** Words added and removed, for the summary line above a comparison. */
export function countChangedWords(changes: TextChange[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.kind === 'same') continue;
    const words = change.value.split(/\s+/).filter(Boolean).length;
    if (change.kind === 'added') added += words;
    else removed += words;
  }
  return { added, removed };
}
