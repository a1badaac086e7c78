import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownRenderer } from './markdown-renderer';

describe('callouts in the web renderer (decision 216)', () => {
  it('renders note, tip and warning as labelled, styled callouts, other types mapped', () => {
    render(
      <MarkdownRenderer>
        {[
          '> [!note]',
          '> Plain note.',
          '',
          '> [!tip] Say it *slowly*',
          '> Breathe first.',
          '',
          '> [!caution]- Folded',
          '> Careful.',
          '',
          '> Just a quote.',
        ].join('\n')}
      </MarkdownRenderer>,
    );
    const notes = screen.getAllByRole('note');
    expect(notes.map((note) => note.getAttribute('aria-label'))).toEqual([
      'Note',
      'Tip',
      'Warning',
    ]);
    expect(notes[0]).toHaveClass('callout', 'callout-note');
    expect(within(notes[0]!).getByText('Note')).toHaveClass('callout-title');
    expect(within(notes[1]!).getByText('Say it', { exact: false })).toHaveClass('callout-title');
    expect(notes[1]!.querySelector('.callout-title em')).toHaveTextContent('slowly');
    expect(notes[1]).toHaveTextContent('Breathe first.');
    expect(notes[2]).toHaveClass('callout-warning');
    expect(within(notes[2]!).getByText('Folded')).toHaveClass('callout-title');
    expect(screen.getByText('Just a quote.').closest('blockquote')).not.toBeNull();
  });
});

describe('task lists in the web renderer (decision 216)', () => {
  const TASKS = '# Shoot\n\n- [ ] record the intro\n- [x] write the **script**\n- plain item';

  it('shows read-only boxes named by their task without a toggle', () => {
    render(<MarkdownRenderer>{TASKS}</MarkdownRenderer>);
    const intro = screen.getByRole('checkbox', { name: 'record the intro' });
    expect(intro).toBeDisabled();
    expect(intro).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'write the script' })).toBeChecked();
  });

  it('hands a tick to onToggleTask with the task’s source line and the new state', () => {
    const onToggleTask = vi.fn();
    render(<MarkdownRenderer onToggleTask={onToggleTask}>{TASKS}</MarkdownRenderer>);
    const intro = screen.getByRole('checkbox', { name: 'record the intro' });
    expect(intro).toBeEnabled();
    fireEvent.click(intro);
    expect(onToggleTask).toHaveBeenLastCalledWith(3, true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'write the script' }));
    expect(onToggleTask).toHaveBeenLastCalledWith(4, false);
  });
});
