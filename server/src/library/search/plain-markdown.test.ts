import { describe, expect, it } from 'vitest';
import { plainMarkdown } from './plain-markdown';
import { MARK_END, MARK_START, unmark } from './snippets';

/** The snippet a marked headline gives: `[word]` stands for a marked match. */
const snippet = (marked: string) => {
  const { text, ranges } = unmark(
    plainMarkdown(marked.replace(/⟦/g, MARK_START).replace(/⟧/g, MARK_END)),
  );
  return { text, words: ranges.map(([start, end]) => text.slice(start, end)) };
};

describe('search snippets show the words of markdown, not its syntax', () => {
  it.each([
    ['**⟦Priya⟧ N.** said so', 'Priya N. said so', ['Priya']],
    ['Read [the ⟦guide⟧](https://example.com/guide) first', 'Read the guide first', ['guide']],
    [
      'An image ![desk ⟦setup⟧](/api/collections/files/7/download/) here',
      'An image desk setup here',
      ['setup'],
    ],
    ['## ⟦Heading⟧\nText', 'Heading Text', ['Heading']],
    ['> [!tip] A ⟦callout⟧\n> more', 'A callout more', ['callout']],
    ['- [ ] a ⟦task⟧\n- [x] done\n1. first', 'a task done first', ['task']],
    [
      'See [[Other ⟦note⟧]] and [[Target|⟦shown⟧ text]]',
      'See Other note and shown text',
      ['note', 'shown'],
    ],
    ['[[Note#Part]] and ![[desk-setup.png]]', 'Note Part and desk-setup.png', []],
    [
      '_⟦italic⟧_ and snake_case and ~~gone~~ and 5 * 3',
      'italic and snake_case and gone and 5 * 3',
      ['italic'],
    ],
    ['`⟦code⟧` and\n```ts\nconst a = 1;\n```', 'code and const a = 1;', ['code']],
    ['| a | ⟦b⟧ |\n|---|---|', 'a b', ['b']],
    ['tail of a link](https://x.y) then ⟦word⟧', 'tail of a link then word', ['word']],
    ['\\*not emphasis\\* [ref][1] ok', '*not emphasis* ref ok', []],
    ['[unclosed bracket and ⟦word⟧', '[unclosed bracket and word', ['word']],
    ['cut inside [an ⟦address⟧](/api/collections/fi', 'cut inside an address', ['address']],
  ])('%s', (marked, text, words) => {
    expect(snippet(marked)).toEqual({ text, words });
  });

  it('keeps every marked word whatever text surrounds it', () => {
    const words = ['alpha', 'beta', 'gamma'];
    const marked = words.map((word) => `**[x](y) ⟦${word}⟧** ![[z|w]] _a_`).join(' > ');
    expect(snippet(marked).words).toEqual(words);
  });
});
