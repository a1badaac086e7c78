import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MarkdownEditor } from './markdown-editor';
import { MarkdownPreview } from './markdown-preview';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MarkdownEditor label="Content" value={value} onChange={setValue} />
      <MarkdownPreview text={value} />
    </>
  );
}

describe('MarkdownEditor', () => {
  it('wraps the selected text with the toolbar and keeps it selected', async () => {
    const user = userEvent.setup();
    render(<Harness initial="make this bold" />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    textarea.focus();
    textarea.setSelectionRange(10, 14);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(textarea).toHaveValue('make this **bold**');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('bold');
    expect(textarea).toHaveFocus();
  });

  it('inserts markdown at the cursor when nothing is selected', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ab" />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    textarea.focus();
    textarea.setSelectionRange(1, 1);
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    expect(textarea).toHaveValue('a_italic text_b');
    await user.keyboard('word');
    expect(textarea).toHaveValue('a_word_b');
  });

  it('offers underline, code and bullet list in the toolbar', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    await user.click(screen.getByRole('button', { name: 'Bullet list' }));
    await user.keyboard('item');
    expect(textarea).toHaveValue('- item');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Underline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code' })).toBeInTheDocument();
  });
});

describe('MarkdownPreview', () => {
  it('says Nothing to preview yet. when empty, then renders what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Nothing to preview yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Content'), '**hi**');
    expect(await screen.findByText('hi', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing to preview yet.')).not.toBeInTheDocument();
  });
});

describe('MarkdownPreview with a long script', () => {
  it('re-renders only after typing pauses, and then shows the latest text', async () => {
    const user = userEvent.setup();
    const long = `${'word '.repeat(1000)}\n\n`;
    render(<Harness initial={long} />);
    expect(
      await screen.findByText(/word word/, { selector: 'p' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    await user.type(textarea, '**end**');
    expect(textarea.value.endsWith('**end**')).toBe(true);
    expect(await screen.findByText('end', { selector: 'strong' })).toBeInTheDocument();
  });
});

describe('MarkdownEditor keys and history', () => {
  function setup(initial: string, caret = initial.length) {
    const user = userEvent.setup();
    render(<Harness initial={initial} />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    textarea.focus();
    textarea.setSelectionRange(caret, caret);
    return { user, textarea };
  }

  it('undoes a toolbar Bold with Ctrl+Z, restoring text and selection, and redoes it', async () => {
    const { user, textarea } = setup('make this bold');
    textarea.setSelectionRange(10, 14);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(textarea).toHaveValue('make this **bold**');
    await user.keyboard('{Control>}z{/Control}');
    expect(textarea).toHaveValue('make this bold');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('bold');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(textarea).toHaveValue('make this **bold**');
    await user.keyboard('{Meta>}z{/Meta}');
    expect(textarea).toHaveValue('make this bold');
    await user.keyboard('{Control>}y{/Control}');
    expect(textarea).toHaveValue('make this **bold**');
  });

  it('undoes typing and a toolbar action as separate steps', async () => {
    const { user, textarea } = setup('');
    await user.keyboard('Hello');
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    expect(textarea).toHaveValue('Hello\n## ');
    await user.keyboard('{Control>}z{/Control}');
    expect(textarea).toHaveValue('Hello');
    await user.keyboard('{Control>}z{/Control}');
    expect(textarea).toHaveValue('');
  });

  it('applies Bold, Italic and Link with Ctrl/⌘+B, I and K', async () => {
    const { user, textarea } = setup('one two');
    textarea.setSelectionRange(0, 3);
    await user.keyboard('{Control>}b{/Control}');
    expect(textarea).toHaveValue('**one** two');
    textarea.setSelectionRange(8, 11);
    await user.keyboard('{Meta>}i{/Meta}');
    expect(textarea).toHaveValue('**one** _two_');
    textarea.setSelectionRange(2, 5);
    await user.keyboard('{Control>}k{/Control}');
    expect(textarea).toHaveValue('**[one](https://)** _two_');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('https://');
  });

  it('continues bullet, numbered, task and quote lists on Enter, and ends them on an empty item', async () => {
    const { user, textarea } = setup('- first');
    await user.keyboard('{Enter}second{Enter}');
    expect(textarea).toHaveValue('- first\n- second\n- ');
    await user.keyboard('{Enter}');
    expect(textarea).toHaveValue('- first\n- second\n');
    await user.keyboard('9. nine{Enter}ten');
    expect(textarea).toHaveValue('- first\n- second\n9. nine\n10. ten');
    await user.clear(textarea);
    await user.keyboard('- [[x] done{Enter}next{Enter}{Enter}> said{Enter}more');
    expect(textarea).toHaveValue('- [x] done\n- [ ] next\n> said\n> more');
  });

  it('keeps Enter plain outside lists and Shift+Enter plain inside them', async () => {
    const { user, textarea } = setup('plain');
    await user.keyboard('{Enter}line{Enter}- item{Shift>}{Enter}{/Shift}x');
    expect(textarea).toHaveValue('plain\nline\n- item\nx');
  });

  it('indents list items with Tab and outdents with Shift+Tab; Tab elsewhere leaves the editor', async () => {
    const { user, textarea } = setup('- a\n- b');
    await user.keyboard('{Tab}');
    expect(textarea).toHaveValue('- a\n  - b');
    expect(textarea).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(textarea).toHaveValue('- a\n- b');
    await user.clear(textarea);
    await user.keyboard('not a list{Tab}');
    expect(textarea).toHaveValue('not a list');
    expect(textarea).not.toHaveFocus();
  });

  it('offers heading, numbered list, quote and link in the toolbar, with shortcuts in their titles', () => {
    setup('');
    for (const name of ['Heading', 'Numbered list', 'Quote', 'Link']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'title',
      expect.stringMatching(/^Bold \((Ctrl|⌘)\+B\)$/),
    );
  });

  it('pastes HTML from a document as markdown at the cursor, and Ctrl+Shift+V as plain text', () => {
    render(<Harness initial="Start: " />);
    const textarea = screen.getByLabelText<HTMLTextAreaElement>('Content');
    textarea.focus();
    textarea.setSelectionRange(7, 7);
    const html =
      '<b style="font-weight:normal" id="docs-internal-guid-1"><span style="font-weight:700">Bold</span> <a href="https://example.com">link</a></b>';
    const clipboardData = {
      getData: (type: string) => (type === 'text/html' ? html : 'Bold link'),
    };
    expect(fireEvent.paste(textarea, { clipboardData })).toBe(false);
    expect(textarea).toHaveValue('Start: **Bold** [link](https://example.com)');
    // Ctrl+Shift+V: the browser's own paste of the plain text.
    fireEvent.keyDown(textarea, { key: 'V', ctrlKey: true, shiftKey: true });
    expect(fireEvent.paste(textarea, { clipboardData })).toBe(true);
    expect(textarea).toHaveValue('Start: **Bold** [link](https://example.com)');
    // Undo takes the converted paste back.
    fireEvent.keyDown(textarea, { key: 'z', ctrlKey: true });
    expect(textarea).toHaveValue('Start: ');
  });
});
