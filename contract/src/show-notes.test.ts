import { describe, expect, it } from 'vitest';
import { firstParagraph, linksOf, showNotes } from './show-notes';

const SCRIPT = [
  'Today we build a **desk** from [one plank](https://example.com/plank). [b-roll: wood]',
  '',
  '# Cold open',
  'See https://example.com/saw, and [mail me](mailto:me@example.com).',
  '![a picture](https://example.com/pic.png) [plank again](https://example.com/plank)',
  '',
  '# Build',
  'Cut it. [Not a link](javascript:alert(1))',
  '',
  '# Outro',
  'Bye.',
].join('\n');

describe('show notes', () => {
  it('lists web and mail links once each, pictures and other schemes left out', () => {
    expect(linksOf(SCRIPT)).toEqual([
      { text: 'one plank', url: 'https://example.com/plank' },
      { text: 'mail me', url: 'mailto:me@example.com' },
      { text: 'https://example.com/saw', url: 'https://example.com/saw' },
    ]);
  });

  it('describes the item by its first paragraph as read aloud', () => {
    expect(firstParagraph(SCRIPT)).toBe('Today we build a desk from one plank.');
  });

  it('is the description, the chapters and the links as one block', () => {
    expect(showNotes({ content: SCRIPT }, 150)).toBe(
      [
        'Today we build a desk from one plank.',
        '',
        'Chapters',
        '00:00 Intro',
        '00:03 Cold open',
        '00:06 Build',
        '00:08 Outro',
        '',
        'Links',
        '- one plank: https://example.com/plank',
        '- mail me: mailto:me@example.com',
        '- https://example.com/saw',
      ].join('\n'),
    );
  });

  it('takes the summary as the description when there is one', () => {
    const notes = showNotes({ content: 'Just words.', summary: ' A desk in a day. ' }, 150);
    expect(notes.split('\n')[0]).toBe('A desk in a day.');
  });
});

describe('creator tools on hostile text (decision 186)', () => {
  it.each([
    ['[', '['],
    ['link text', '[a]('],
    ['an address of dots', 'http://a' + '.'.repeat(50)],
    ['addresses', 'https://'],
    ['a task box', '- [ ] '],
  ])('make show notes and captions of 1 MB of %s in linear time', async (_name, unit) => {
    const { captionCues } = await import('./captions');
    const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const started = performance.now();
    showNotes({ content: text }, 150);
    captionCues(text, 150);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
