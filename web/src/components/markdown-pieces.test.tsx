import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownRenderer } from './markdown-renderer';
import { markdownPieces } from './markdown-pieces';

/** Blocks a script holds, several of which a careless cut at a blank line would break. */
const BLOCKS = [
  '# Cold open\n\nWe start on the **bridge**, at dawn. ~~Drone shot~~ handheld.',
  '## Section two\n\nA paragraph with a [link](https://example.com) and `code`.\nIt goes on a second line.',
  '- tight one\n- tight two\n- tight three',
  '- loose one\n\n- loose two\n\n- loose three',
  '1. first\n\n2. second\n\n10. tenth',
  '- item\n\n  continued inside the item\n\n      indented code in the item',
  '```js\nconst a = 1;\n\nNot a heading, still code\n\n# nor this\n```',
  '~~~~\nfence of tildes\n\n```\nstill inside\n~~~~',
  '    indented code\n\n    after a blank line',
  '> A quote\n> goes on\n\n> Another quote',
  '> [!TIP]\n> Keep the lens clean.\n\nAfter the callout.',
  '| shot | length |\n| --- | --- |\n| wide | 3 s |\n| close | 2 s |',
  '- [ ] book the studio\n- [x] write the hook\n\n- [ ] a loose task',
  'Setext heading\n==============\n\n---\n\nAfter a rule.',
  'See [[Season outline]] and ++underlined++ words; www.example.com autolinks.',
  'Words '.repeat(120).trim(),
  '<div>raw html\nshown as text</div>',
  '* star list\n* two\n\n+ plus list',
];

function html(text: string, inPieces: boolean) {
  return renderToStaticMarkup(
    <MarkdownRenderer inPieces={inPieces} onToggleTask={() => {}}>
      {text}
    </MarkdownRenderer>,
  );
}

/** A deterministic shuffle (mulberry32). */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

describe('a long text rendered in pieces (decision 258)', () => {
  it('renders exactly as the whole text does, for many orders of real blocks', () => {
    for (let seed = 1; seed <= 12; seed += 1) {
      const text = [...shuffled(BLOCKS, seed), ...shuffled(BLOCKS, seed + 100)].join('\n\n');
      expect(markdownPieces(text).length).toBeGreaterThan(1);
      expect(html(text, true), `seed ${seed}`).toBe(html(text, false));
    }
  });

  it('puts the pieces back together to the whole text, line numbers included', () => {
    const text = shuffled(BLOCKS, 7).join('\n\n').repeat(3);
    const pieces = markdownPieces(text, 300);
    expect(pieces.map((piece) => piece.text).join('\n')).toBe(text);
    for (const piece of pieces) {
      expect(text.split('\n')[piece.line]).toBe(piece.text.split('\n')[0]);
    }
  });

  it('never cuts inside fenced code, before a list item, or before an indented line', () => {
    const fenced = `${'Intro words. '.repeat(200)}\n\n\`\`\`\n${'x\n\ncode at column 0\n\n'.repeat(200)}\`\`\`\n\nAfter.`;
    const pieces = markdownPieces(fenced, 100);
    expect(pieces.map((piece) => piece.text.split('\n')[0])).toEqual([
      'Intro words. '.repeat(200),
      '```',
      'After.',
    ]);
    const loose = `${'- item\n\n'.repeat(400)}end`;
    expect(markdownPieces(loose, 100).map((piece) => piece.text.split('\n')[0])).toEqual([
      '- item',
      'end',
    ]);
  });

  it('keeps a text whole when its end can change its start', () => {
    const long = 'A paragraph of words. '.repeat(200);
    for (const tail of [
      '[ref]: https://example.com',
      '[^1]: A footnote.',
      '<!--\n\ncomment\n\n-->',
      '<pre>\n\nkept\n\n</pre>',
    ]) {
      const text = `${long}\n\n${long}\n\n${tail}\n\n${long}`;
      expect(markdownPieces(text, 100), tail).toHaveLength(1);
    }
  });

  it('ticks a task of a later piece at its line in the whole text', () => {
    const onToggleTask = vi.fn();
    const text = `${'A paragraph of words to fill the piece. '.repeat(60)}\n\nBefore the shoot:\n- [ ] later task`;
    expect(markdownPieces(text)).toHaveLength(2);
    render(
      <MarkdownRenderer inPieces onToggleTask={onToggleTask}>
        {text}
      </MarkdownRenderer>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'later task' }));
    expect(onToggleTask).toHaveBeenCalledWith(4, true);
  });
});
