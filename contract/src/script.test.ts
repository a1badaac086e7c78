import { describe, expect, it } from 'vitest';
import { headingOf, parseScript, scriptSpeakingSeconds, spokenWords } from './script';
import { countWords, formatSpeakingTime, speakingSeconds } from './words';

const SCRIPT = [
  'Welcome back to the channel.',
  '',
  '# Intro',
  'Today we build a **desk** from [one plank](https://example.com/plank).',
  '[look at camera]',
  '',
  '## The cut ##',
  '- measure twice',
  '- cut once [b-roll: saw]',
  '',
  '```',
  '# not a heading',
  '```',
  '# Outro',
  'Thanks for watching!',
].join('\n');

describe('parseScript sections', () => {
  it('gives each heading its level, offset and spoken words', () => {
    const script = parseScript(SCRIPT);
    expect(script.sections.map(({ title, level, words }) => [title, level, words])).toEqual([
      ['Intro', 1, 8],
      ['The cut', 2, 4 + 3],
      ['Outro', 1, 3],
    ]);
    for (const section of script.sections) {
      expect(SCRIPT.slice(section.from).startsWith('#')).toBe(true);
    }
    expect(SCRIPT.slice(script.sections[1]!.from).split('\n')[0]).toBe('## The cut ##');
    expect(script.introWords).toBe(5);
    expect(script.words).toBe(5 + 8 + 7 + 3);
  });

  it('keeps offsets right with Windows line ends', () => {
    const text = 'one\r\n# Two\r\nthree';
    const [section] = parseScript(text).sections;
    expect(text.slice(section!.from, section!.from + 5)).toBe('# Two');
  });

  it.each([
    ['# Title', { level: 1, text: 'Title' }],
    ['### Title ###', { level: 3, text: 'Title' }],
    ['## C#', { level: 2, text: 'C#' }],
    ['#', { level: 1, text: '' }],
    ['#Title', null],
    ['    # code', null],
    ['####### seven', null],
  ])('reads the heading %j', (line, heading) => {
    expect(headingOf(line)).toEqual(heading);
  });
});

describe('one speaking time (decision 215)', () => {
  it('leaves headings and cues out, and every caller gets the same seconds', () => {
    // countWords counts what a reader sees (the item's word_count), headings and cues too.
    expect(countWords(SCRIPT)).toBeGreaterThan(spokenWords(SCRIPT));
    const seconds = scriptSpeakingSeconds(SCRIPT, 150);
    expect(seconds).toBe(speakingSeconds(parseScript(SCRIPT).words, 150));
    expect(seconds).toBe(Math.ceil((23 * 60) / 150));
    expect(formatSpeakingTime(seconds)).toBe('10 s');
  });

  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [795, '13 min 15 s'],
    [3720, '1 h 2 min'],
  ])('writes %i seconds as %j', (seconds, text) => {
    expect(formatSpeakingTime(seconds)).toBe(text);
  });
});

describe('parseScript on hostile text (decision 186)', () => {
  // Each of these made a pattern read to the line's end from every position before.
  it.each([
    ['[', '[['],
    ['link text', '[a]('],
    ['heading close', '# ' + ' #'.repeat(10) + 'x'],
    ['quotes', '> '],
    ['emphasis', '*a_'],
  ])('parses 1 MB of %s in linear time', (_name, unit) => {
    const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const started = performance.now();
    parseScript(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('task lists', () => {
  it('leaves task boxes out of what is read: they are the production’s to-dos', () => {
    const script = parseScript('[Checklist]\n- [ ] Book the guest\n- [x] Record it\n\n- Read this');
    expect(script.words).toBe(2);
    const [, tasks] = script.blocks;
    expect(tasks).toMatchObject({ kind: 'list', words: 2 });
    expect(tasks?.kind === 'list' && tasks.items[0]?.segments).toEqual([
      { text: '[ ] Book the guest', cue: true },
    ]);
  });
});
