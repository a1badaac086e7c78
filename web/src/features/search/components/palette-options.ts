import type { SearchResult } from '@cw/contract';
import type { MouseEvent } from 'react';
import type { groupResults } from '../result-target';

/** One entry of the palette's listbox. */
export type Option =
  | { kind: 'recent'; id: string; text: string }
  | { kind: 'result'; id: string; result: SearchResult }
  | { kind: 'all'; id: string };

export type ResultGroup = ReturnType<typeof groupResults>[number];

/**
 * The listbox's options: the recent searches while the field is empty; else the results, group
 * by group, and last "See all results".
 */
export function paletteOptions(
  baseId: string,
  q: string,
  recent: string[],
  groups: ResultGroup[],
): Option[] {
  return q === ''
    ? recent.map((item, index) => ({
        kind: 'recent',
        id: `${baseId}-recent-${index}`,
        text: item,
      }))
    : [
        ...groups.flatMap((group) =>
          group.results.map((result): Option => ({
            kind: 'result',
            id: `${baseId}-${result.type}-${result.id}`,
            result,
          })),
        ),
        { kind: 'all', id: `${baseId}-all` },
      ];
}

/** The index of the option under the mouse (`data-index`), or null. */
export function optionIndexOf(event: MouseEvent): number | null {
  const element = event.target instanceof Element ? event.target.closest('[role="option"]') : null;
  const index = Number(element?.getAttribute('data-index'));
  return element && Number.isInteger(index) ? index : null;
}

/** The line the palette shows instead of options (or null): a hint, Searching..., no results. */
export function paletteStatus(
  q: string,
  recent: number,
  results: number,
  failed: boolean,
  waiting: boolean,
): string | null {
  if (q === '') {
    return recent === 0 ? 'Search content, notes, collections, files and tags by words.' : null;
  }
  if (!failed && results === 0) return waiting ? 'Searching...' : `No results for "${q}".`;
  return null;
}
