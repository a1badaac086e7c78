import { describe, expect, it } from 'vitest';
import { parseScript, plainText, splitCues } from '@cw/contract/script';
import {
  advance,
  clampWordsPerMinute,
  formatClock,
  pixelsPerSecond,
  progressAt,
  remainingSeconds,
} from './teleprompter-timing';

describe('teleprompter timing (words per minute → scroll speed)', () => {
  it('moves the measured height per word at the pace: 150 wpm over 300 words in 6000 px is 50 px/s', () => {
    expect(pixelsPerSecond(300, 6000, 150)).toBe(50);
    // Twice the pace, twice the speed; bigger type (taller text), faster too.
    expect(pixelsPerSecond(300, 6000, 300)).toBe(100);
    expect(pixelsPerSecond(300, 12000, 150)).toBe(100);
    // The whole script takes words / wpm minutes: 300 / 150 = 2 min = 120 s for 6000 px.
    expect(6000 / pixelsPerSecond(300, 6000, 150)).toBe(120);
  });

  it('does not move an empty or unmeasured script', () => {
    expect(pixelsPerSecond(0, 6000, 150)).toBe(0);
    expect(pixelsPerSecond(300, 0, 150)).toBe(0);
  });

  it('advances by elapsed time and stops at both ends', () => {
    expect(advance(100, 50, 16, 6000)).toBeCloseTo(100.8);
    expect(advance(5990, 50, 1000, 6000)).toBe(6000);
    expect(advance(10, 50, -1000, 6000)).toBe(0);
  });

  it('shows progress and the time left to read', () => {
    expect(progressAt(1500, 6000)).toBe(0.25);
    expect(progressAt(0, 0)).toBe(1);
    expect(remainingSeconds(300, 0.25, 150)).toBe(90);
    expect(remainingSeconds(300, 1, 150)).toBe(0);
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('keeps a typed speed within 40–400', () => {
    expect(clampWordsPerMinute(10)).toBe(40);
    expect(clampWordsPerMinute(999)).toBe(400);
    expect(clampWordsPerMinute(151.6)).toBe(152);
    expect(clampWordsPerMinute(Number.NaN)).toBe(40);
  });
});

describe('cue parsing', () => {
  it('splits [bracketed cues] from the words to read', () => {
    expect(splitCues('Hello [smile] there [pause]')).toEqual([
      { text: 'Hello ', cue: false },
      { text: '[smile]', cue: true },
      { text: ' there ', cue: false },
      { text: '[pause]', cue: true },
    ]);
    expect(splitCues('[b-roll]')).toEqual([{ text: '[b-roll]', cue: true }]);
    expect(splitCues('no cues')).toEqual([{ text: 'no cues', cue: false }]);
  });

  it('reads a link’s text, never its address or markup, and is no cue', () => {
    expect(plainText('Read [the docs](https://x.test/a) **now**')).toBe('Read the docs now');
    expect(plainText('- a _list_ item')).toBe('a list item');
    expect(plainText('> quoted `code`')).toBe('quoted code');
    expect(splitCues(plainText('See [site](https://x.test) [look up]'))).toEqual([
      { text: 'See site ', cue: false },
      { text: '[look up]', cue: true },
    ]);
  });

  it('leaves cues out of the spoken words', () => {
    const script = parseScript('One two [wave at camera] three');
    expect(script.words).toBe(3);
  });
});

describe('sections', () => {
  it('makes headings sections, in order, and joins lines into paragraphs', () => {
    const script = parseScript(
      '# Intro\nHello there,\nfriends.\n\n## Main part ##\n[b-roll] Body text\n\n---\nMore\n\n# Outro\nBye',
    );
    expect(script.sections.map((s) => s.title)).toEqual(['Intro', 'Main part', 'Outro']);
    expect(script.blocks.map((b) => (b.kind === 'heading' ? `#${b.section}` : b.words))).toEqual([
      '#0',
      3,
      '#1',
      2,
      1,
      '#2',
      1,
    ]);
    expect(script.words).toBe(7);
  });

  it('ignores headings inside code fences', () => {
    const script = parseScript('```\n# not a heading\n```\n# Real');
    expect(script.sections.map((s) => s.title)).toEqual(['Real']);
  });
});
