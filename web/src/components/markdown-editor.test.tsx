import { render, screen } from '@testing-library/react';
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
