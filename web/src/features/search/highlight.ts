import type { SearchResult } from '@cw/contract';

export interface Segment {
  text: string;
  match: boolean;
}

/**
 * Cuts `text` into plain and matching slices from `[start, end)` offsets (UTF-16 code units, as
 * the API counts them). Offsets are clamped to the text, sorted and merged where they touch or
 * overlap, so a bad range can never throw or repeat a character.
 */
export function segmentsOf(
  text: string,
  ranges: readonly (readonly [number, number])[],
): Segment[] {
  const clean = ranges
    .map(([start, end]) => [Math.max(0, Math.min(start, text.length)), Math.min(end, text.length)])
    .filter(([start, end]) => end! > start!)
    .sort((a, b) => a[0]! - b[0]!) as [number, number][];
  const merged: [number, number][] = [];
  for (const range of clean) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/** The title's matches: `title_highlights`, or `highlights` when only the title matched. */
export function titleRanges(result: SearchResult) {
  if (result.title_highlights.length > 0) return result.title_highlights;
  return result.snippet === '' ? result.highlights : [];
}

/** The snippet's matches (none when the snippet is empty). */
export function snippetRanges(result: SearchResult) {
  return result.snippet === '' ? [] : result.highlights;
}
