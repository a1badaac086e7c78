import { describe, expect, it } from 'vitest';
import { makeResult } from '../../test/library-fixtures';
import { segmentsOf, snippetRanges, titleRanges } from './highlight';
import { groupResults, resultPath } from './result-target';

describe('segmentsOf', () => {
  it('cuts the text into plain and matching slices', () => {
    expect(
      segmentsOf('Intro to intros', [
        [0, 5],
        [9, 14],
      ]),
    ).toEqual([
      { text: 'Intro', match: true },
      { text: ' to ', match: false },
      { text: 'intro', match: true },
      { text: 's', match: false },
    ]);
  });

  it('sorts, merges, clamps and drops empty ranges', () => {
    expect(
      segmentsOf('abcdef', [
        [4, 99],
        [1, 3],
        [2, 4],
        [5, 5],
        [-2, 0],
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bcdef', match: true },
    ]);
    expect(segmentsOf('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });

  it('counts UTF-16 code units, as the API does', () => {
    // "🎙" is two code units: "intro" starts at 3.
    expect(segmentsOf('🎙 intro', [[3, 8]])).toEqual([
      { text: '🎙 ', match: false },
      { text: 'intro', match: true },
    ]);
  });
});

describe('titleRanges / snippetRanges', () => {
  it('marks the title from title_highlights, or from highlights when only the title matched', () => {
    const titleOnly = makeResult({ snippet: '', highlights: [[0, 2]], title_highlights: [] });
    expect(titleRanges(titleOnly)).toEqual([[0, 2]]);
    expect(snippetRanges(titleOnly)).toEqual([]);
    const both = makeResult({
      snippet: 'x intro',
      highlights: [[2, 7]],
      title_highlights: [[0, 5]],
    });
    expect(titleRanges(both)).toEqual([[0, 5]]);
    expect(snippetRanges(both)).toEqual([[2, 7]]);
    const bodyOnly = makeResult({ snippet: 'x intro', highlights: [[2, 7]], title_highlights: [] });
    expect(titleRanges(bodyOnly)).toEqual([]);
  });
});

describe('resultPath', () => {
  it('opens each type where decision 111 says', () => {
    expect(resultPath(makeResult({ type: 'content', id: 5 }))).toBe('/content/5');
    expect(resultPath(makeResult({ type: 'note', id: 9, collection: 3 }))).toBe(
      '/collections/3?note=9',
    );
    expect(resultPath(makeResult({ type: 'collection', id: 3 }))).toBe('/collections/3');
    expect(
      resultPath(
        makeResult({ type: 'file', id: 2, parent: { type: 'content', id: 5, title: 'Intro' } }),
      ),
    ).toBe('/content/5');
    expect(
      resultPath(
        makeResult({ type: 'file', id: 2, parent: { type: 'collection', id: 3, title: 'S2' } }),
      ),
    ).toBe('/collections/3?tab=files');
    expect(resultPath(makeResult({ type: 'file', id: 2, parent: null }))).toBeNull();
    expect(resultPath(makeResult({ type: 'tag', id: 8 }))).toBe('/content?tag=8');
  });

  it('groups by type in a fixed order, keeping the ranking inside each group', () => {
    const groups = groupResults([
      makeResult({ type: 'tag', id: 1 }),
      makeResult({ type: 'content', id: 2 }),
      makeResult({ type: 'file', id: 3 }),
      makeResult({ type: 'content', id: 4 }),
    ]);
    expect(groups.map((group) => [group.label, group.results.map((r) => r.id)])).toEqual([
      ['Content', [2, 4]],
      ['Files', [3]],
      ['Tags', [1]],
    ]);
  });
});
