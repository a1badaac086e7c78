import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent, makeTag, WithUser } from '../test/library-fixtures';
import { renderPage } from '../test/render';
import { ContentCard } from './content-card';
import { TagChip, tagHref } from './tag-chip';

describe('tag chips', () => {
  it('link to the content list filtered by the tag, the × staying a button beside the link', async () => {
    const onRemove = vi.fn();
    renderPage(<TagChip name="draft" href={tagHref(makeTag(5, 'draft'))} onRemove={onRemove} />);
    expect(screen.getByRole('link', { name: 'Show content tagged draft' })).toHaveAttribute(
      'href',
      '/content?tag=5',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag draft' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it("link on the owner's cards only: a shared item's tags are someone else's", () => {
    const tags = [{ id: 5, name: 'draft' }];
    renderPage(
      <WithUser>
        <ContentCard item={makeContent({ id: 1, title: 'Mine', tags_named_list: tags })} />
        <ContentCard
          item={makeContent({ id: 2, title: 'Shared', tags_named_list: tags, role: 'editor' })}
        />
      </WithUser>,
    );
    expect(screen.getAllByRole('link', { name: 'Show content tagged draft' })).toHaveLength(1);
    expect(screen.getAllByText('draft')).toHaveLength(2);
  });
});
