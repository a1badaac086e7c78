import { parseSync, type NodeCue } from 'subtitle';
import { describe, expect, it } from 'vitest';
import {
  CAPTION_LINE_MAX,
  CUE_MAX_SECONDS,
  CUE_MIN_SECONDS,
  captionCues,
  toSrt,
  toVtt,
  wrapCue,
} from './captions';

const SCRIPT = [
  '# Cold open',
  'Welcome back to the workshop. Today we build a desk from one plank, with two clamps and a saw, in a single afternoon. [b-roll: the plank on the bench]',
  '',
  '## Tools',
  '- A saw',
  '- Two clamps, the cheap kind, which work as well as the dear ones if you tighten them slowly & evenly',
  '',
  'Supercalifragilisticexpialidocious-and-then-some-more-letters-here is long. Short. Ok.',
].join('\n');

describe('caption cues', () => {
  const cues = captionCues(SCRIPT, 150);

  it('keeps every cue within two lines of 42 characters and 1–7 seconds, in order', () => {
    expect(cues.length).toBeGreaterThan(5);
    let previousEnd = 0;
    for (const cue of cues) {
      expect(cue.lines.length).toBeGreaterThanOrEqual(1);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_MAX);
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(CUE_MIN_SECONDS - 1e-9);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_MAX_SECONDS + 1e-9);
      expect(cue.start).toBeGreaterThanOrEqual(previousEnd - 1e-9);
      previousEnd = cue.end;
    }
  });

  it('leaves out headings and cues in brackets', () => {
    const text = cues.flatMap((cue) => cue.lines).join(' ');
    expect(text).not.toContain('Cold open');
    expect(text).not.toContain('Tools');
    expect(text).not.toContain('b-roll');
    expect(text).not.toContain('[');
  });

  it('ends cues at sentence ends, then at clause ends', () => {
    const texts = cues.map((cue) => cue.lines.join(' '));
    expect(texts[0]).toBe('Welcome back to the workshop.');
    expect(texts[1]).toBe('Today we build a desk from one plank, with two clamps and a saw,');
    expect(texts[2]).toBe('in a single afternoon.');
    expect(texts).toContain('Two clamps, the cheap kind,');
    expect(texts).toContain('A saw');
    expect(texts.at(-1)).toBe('Short. Ok.');
  });

  it('times the words at the pace: 150 words a minute is 0.4 s a word', () => {
    expect(cues[0]).toMatchObject({ start: 0, end: 2 });
    expect(cues[1]!.start).toBeCloseTo(2);
    expect(cues[1]!.end).toBeCloseTo(7.6);
  });

  it('splits two lines evenly at a space', () => {
    expect(wrapCue('Today we build a desk from one plank, with two clamps'.split(' '))).toEqual([
      'Today we build a desk from',
      'one plank, with two clamps',
    ]);
    expect(wrapCue(['x'.repeat(43)])).toBeNull();
  });

  it('has no cue for a script with no words read aloud', () => {
    expect(captionCues('# Only a heading\n\n[b-roll]', 150)).toEqual([]);
  });
});

describe('caption files', () => {
  const cues = captionCues(SCRIPT, 150);
  const texts = cues.map((cue) => cue.lines.join('\n'));

  it('writes SubRip that a subtitle parser reads back cue for cue', () => {
    const srt = toSrt(cues);
    expect(
      srt.startsWith('1\n00:00:00,000 --> 00:00:02,000\nWelcome back to the workshop.\n\n2\n'),
    ).toBe(true);
    const parsed = parseSync(srt).filter((node): node is NodeCue => node.type === 'cue');
    expect(parsed.map((node) => node.data.text)).toEqual(texts);
    expect(parsed.map((node) => [node.data.start, node.data.end])).toEqual(
      cues.map((cue) => [Math.round(cue.start * 1000), Math.round(cue.end * 1000)]),
    );
  });

  it('writes WebVTT that a subtitle parser reads back, its text escaped', () => {
    const vtt = toVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n')).toBe(true);
    expect(vtt).toContain('&amp;');
    const parsed = parseSync(vtt).filter((node): node is NodeCue => node.type === 'cue');
    expect(parsed.map((node) => node.data.text.replace(/&amp;/g, '&'))).toEqual(texts);
  });
});
