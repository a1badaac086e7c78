import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseScript } from '@cw/contract/script';
import { ScriptBlocks } from './teleprompter-parts';

const SCRIPT = `# Gear
What you need:

- Two **spring clamps**
- A cheap C-stand
  or a coat rack [point at it]
- Patience

Then the steps:

1. Clamp the sheet
2) Light it

3. Roll
`;

describe('teleprompter lists', () => {
  it('renders bullet and numbered lists as lists, one item a line, not one run-on paragraph', () => {
    const script = parseScript(SCRIPT);
    render(<ScriptBlocks blocks={script.blocks} />);
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Two spring clamps', 'A cheap C-stand or a coat rack [point at it]', 'Patience']);
    expect(numbers!.tagName).toBe('OL');
    expect(
      within(numbers!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Clamp the sheet', 'Light it', 'Roll']);
    // The paragraphs around them stay paragraphs, and no paragraph swallows the items.
    expect(screen.getByText('What you need:').tagName).toBe('SPAN');
    for (const paragraph of document.querySelectorAll('p')) {
      expect(paragraph.textContent).not.toMatch(/clamps|C-stand|Patience|Roll/);
    }
    // A cue inside an item is still a dimmed cue, and is not read.
    expect(within(bullets!).getByText('[point at it]')).toHaveAttribute('data-cue');
    // The words to read are the same as before: 3 + (3 + 7 + 1) + 3 + (3 + 2 + 1).
    expect(script.words).toBe(23);
  });

  it('keeps a numbered list’s first number, and splits bullets after numbers into two lists', () => {
    const script = parseScript('4. Four\n5. Five\n- Dot\n\nAfter');
    render(<ScriptBlocks blocks={script.blocks} />);
    const [numbers, bullets] = screen.getAllByRole('list');
    expect(numbers).toHaveAttribute('start', '4');
    expect(within(bullets!).getByRole('listitem')).toHaveTextContent('Dot');
    expect(screen.getByText('After').closest('p')).not.toBeNull();
  });
});
