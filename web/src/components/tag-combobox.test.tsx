import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { filterTags, TagCombobox } from './tag-combobox';

const tags = [
  { id: 1, name: 'Podcast' },
  { id: 2, name: 'YouTube' },
  { id: 3, name: 'podcasting tips' },
];

describe('filterTags', () => {
  it('matches a case-insensitive substring', () => {
    expect(filterTags(tags, 'CAST').map((tag) => tag.id)).toEqual([1, 3]);
    expect(filterTags(tags, '  ')).toHaveLength(3);
  });
});

describe('TagCombobox', () => {
  it('opens on focus, filters as you type and picks a tag', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<TagCombobox label="Add tag" options={tags} onPick={onPick} />);
    await user.click(screen.getByRole('combobox', { name: 'Add tag' }));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.type(screen.getByRole('combobox'), 'POD');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Podcast', 'podcasting tips']);
    await user.click(options[1]!);
    expect(onPick).toHaveBeenCalledWith(tags[2]);
    expect(screen.queryByTestId('tag-dropdown')).not.toBeInTheDocument();
  });

  it('offers Create "text" when nothing matches, and creates on click', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn().mockResolvedValue(undefined);
    render(<TagCombobox label="Add tag" options={tags} onPick={vi.fn()} onCreate={onCreate} />);
    await user.type(screen.getByRole('combobox'), '  Vlog ');
    await user.click(screen.getByRole('button', { name: 'Create "Vlog"' }));
    expect(onCreate).toHaveBeenCalledWith('Vlog');
  });

  it('says No tags found when there is nothing to offer and no text', async () => {
    const user = userEvent.setup();
    render(<TagCombobox label="Add tag" options={[]} onPick={vi.fn()} onCreate={vi.fn()} />);
    await user.click(screen.getByRole('combobox'));
    expect(
      within(screen.getByTestId('tag-dropdown')).getByText('No tags found'),
    ).toBeInTheDocument();
  });

  it('does not offer to create a tag that exists but is not offered', async () => {
    const user = userEvent.setup();
    render(
      <TagCombobox
        label="Add tag"
        options={[]}
        existing={tags}
        onPick={vi.fn()}
        onCreate={vi.fn()}
      />,
    );
    await user.type(screen.getByRole('combobox'), 'youtube');
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.getByText('No tags found')).toBeInTheDocument();
  });

  it('offers the question form with an Add button', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn().mockResolvedValue(undefined);
    render(
      <TagCombobox
        label="Search or select tags"
        options={tags}
        onPick={vi.fn()}
        onCreate={onCreate}
        createVariant="question"
        emptyText="No tags found."
      />,
    );
    await user.type(screen.getByRole('combobox'), 'Vlog');
    expect(screen.getByText('No tags found. Create "Vlog"?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onCreate).toHaveBeenCalledWith('Vlog');
  });

  it('closes on a click outside and on Escape', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <p>outside</p>
        <TagCombobox label="Add tag" options={tags} onPick={vi.fn()} />
      </div>,
    );
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByTestId('tag-dropdown')).toBeInTheDocument();
    await user.click(screen.getByText('outside'));
    expect(screen.queryByTestId('tag-dropdown')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('tag-dropdown')).not.toBeInTheDocument();
  });

  it('keeps the dropdown scrollable at about 12rem', async () => {
    const user = userEvent.setup();
    render(<TagCombobox label="Add tag" options={tags} onPick={vi.fn()} />);
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByTestId('tag-dropdown')).toHaveClass('max-h-48', 'overflow-y-auto');
  });

  it('picks with the keyboard', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<TagCombobox label="Add tag" options={tags} onPick={onPick} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(tags[1]);
  });
});
