import { describe, expect, it } from 'vitest';
import {
  chapterList,
  chaptersText,
  formatChapterTime,
  parseChapterTime,
  youtubeProblems,
} from './chapters';

/** `n` spoken words. */
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

// At 150 words a minute a word lasts 0.4 s.
const SCRIPT = [
  words(50), // 20 s before the first heading: the Intro chapter
  '# Cold open',
  words(150), // 60 s
  '## A detail [b-roll: hands]',
  words(25), // counted in Cold open: a deeper heading is not a chapter
  '# The build',
  words(100),
  '# Outro',
  words(40),
].join('\n\n');

describe('chapterList', () => {
  it('times one chapter per heading at the pace, with an Intro at 00:00 for words before the first', () => {
    const list = chapterList(SCRIPT, 150);
    expect(chaptersText(list.chapters)).toBe(
      ['00:00 Intro', '00:20 Cold open', '01:30 The build', '02:10 Outro'].join('\n'),
    );
    expect(list.total).toBe(146);
    expect(list.problems).toEqual([]);
  });

  it('starts at the first heading when nothing comes before it, and follows the pace', () => {
    const list = chapterList(SCRIPT.slice(SCRIPT.indexOf('# Cold open')), 100);
    expect(list.chapters.map((c) => [c.title, c.start])).toEqual([
      ['Cold open', 0],
      ['The build', 105],
      ['Outro', 165],
    ]);
  });

  it('takes the shallowest level used twice: a lone title above the parts is not a chapter', () => {
    const text = [
      '# My video',
      words(10),
      '## Hook',
      words(30),
      '## Body',
      words(30),
      '## End',
      words(30),
    ];
    const list = chapterList(text.join('\n\n'), 150);
    expect(list.chapters.map((c) => c.title)).toEqual(['Intro', 'Hook', 'Body', 'End']);
  });

  it('moves the chapters after a measured start by its correction, and keeps those before', () => {
    const list = chapterList(SCRIPT, 150, [{ title: 'The build', start: 100 }]);
    expect(list.chapters.map((c) => [c.title, c.start, c.measured])).toEqual([
      ['Intro', 0, false],
      ['Cold open', 20, false],
      ['The build', 100, true],
      ['Outro', 140, false],
    ]);
    expect(list.total).toBe(156);
  });

  it('uses each measured start once, for the first chapter of that title still unmeasured', () => {
    const text = ['# Part', words(50), '# Part', words(50), '# End', words(50)].join('\n\n');
    const starts = [
      { title: 'Part', start: 0 },
      { title: 'Part', start: 30 },
    ];
    expect(chapterList(text, 150, starts).chapters.map((c) => c.start)).toEqual([0, 30, 50]);
  });

  it('ignores a measured start whose chapter is gone', () => {
    const list = chapterList(SCRIPT, 150, [{ title: 'Renamed away', start: 5 }]);
    expect(list.chapters.every((c) => !c.measured)).toBe(true);
  });

  it('has no chapters for an empty script', () => {
    expect(chapterList('', 150).chapters).toEqual([]);
  });
});

describe("YouTube's rules", () => {
  it('asks for three chapters at least', () => {
    const list = chapterList(['# One', words(50), '# Two', words(50)].join('\n\n'), 150);
    expect(list.problems).toEqual([
      'YouTube needs at least 3 chapters; this script has 2. Add headings to split it.',
    ]);
  });

  it('asks for the first chapter at 00:00', () => {
    const list = chapterList(SCRIPT, 150, [{ title: 'Intro', start: 4 }]);
    expect(list.problems).toEqual([
      'The first chapter must start at 00:00; “Intro” starts at 00:04.',
    ]);
  });

  it('asks for chapters of 10 seconds at least, the last one included', () => {
    const text = ['# A', words(20), '# B', words(30), '# C', words(10)].join('\n\n');
    expect(chapterList(text, 150).problems).toEqual([
      'Each chapter must last at least 10 seconds; “A” lasts 8 s.',
      'Each chapter must last at least 10 seconds; “C” lasts 4 s.',
    ]);
  });

  it('says when a measured start puts a chapter before the one above it', () => {
    const chapters = [
      { title: 'A', start: 0, measured: false },
      { title: 'B', start: 60, measured: true },
      { title: 'C', start: 30, measured: true },
    ];
    expect(youtubeProblems(chapters, 120)).toContain('“C” starts before “B”.');
  });
});

describe('chapter times', () => {
  it.each([
    [0, '00:00'],
    [83, '01:23'],
    [3599, '59:59'],
    [3723, '1:02:03'],
  ])('writes %i s as %s', (seconds, text) => {
    expect(formatChapterTime(seconds)).toBe(text);
  });

  it.each([
    ['1:23', 83],
    ['01:23', 83],
    ['83', 83],
    ['1:02:03', 3723],
    [' 0:05 ', 5],
    ['1:75', null],
    ['abc', null],
    ['', null],
    ['-3', null],
  ])('reads %j as %j', (text, seconds) => {
    expect(parseChapterTime(text)).toBe(seconds);
  });
});
