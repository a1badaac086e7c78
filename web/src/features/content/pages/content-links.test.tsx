import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backlink, ItemLinks } from '@cw/contract';
import { makeContent, page, renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { ContentDetailPage } from './content-detail-page';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/api/collections/contents-list/2';

function renderDetail(links: ItemLinks, backlinks: Backlink[]) {
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: '/content/2' },
    {
      [`GET ${BASE}/`]: () =>
        json(
          200,
          makeContent({
            id: 2,
            title: 'Episode 3',
            content: 'Read [[camera notes]], then [[Secret plan|the plan]] and [[New idea]].',
          }),
        ),
      [`GET ${BASE}/links/`]: () => json(200, links),
      [`GET ${BASE}/backlinks/`]: () => json(200, page(backlinks)),
    },
  );
}

describe('links between items on an item’s page (decision 211)', () => {
  it('links with the target’s current title, and lists the backlinks', async () => {
    renderDetail(
      {
        results: [
          { text: 'camera notes', target: { id: 9, title: 'Camera notes (renamed)' } },
          // A target the reader may not read comes as null: shown as missing.
          { text: 'secret plan', target: null },
          { text: 'new idea', target: null },
        ],
      },
      [{ id: 5, title: 'Season outline', updated_on: null }],
    );
    const link = await screen.findByRole(
      'link',
      { name: 'Camera notes (renamed)' },
      // The markdown renderer is loaded lazily: its first import is slow on a loaded machine.
      { timeout: 10000 },
    );
    expect(link).toHaveAttribute('href', '/content/9');
    expect(screen.getByRole('link', { name: 'the plan' })).toHaveAttribute(
      'href',
      '/content/create?title=Secret%20plan',
    );
    expect(screen.getByRole('link', { name: 'New idea' })).toHaveAttribute(
      'href',
      '/content/create?title=New%20idea',
    );
    const backlinks = await screen.findByRole('region', { name: 'Backlinks' });
    expect(await within(backlinks).findByRole('link', { name: 'Season outline' })).toHaveAttribute(
      'href',
      '/content/5',
    );
  });

  it('says when nothing links here', async () => {
    renderDetail({ results: [] }, []);
    const backlinks = await screen.findByRole('region', { name: 'Backlinks' });
    expect(await within(backlinks).findByText('No item links here yet')).toBeInTheDocument();
  });
});
