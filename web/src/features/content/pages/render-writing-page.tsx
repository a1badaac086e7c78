import type { ContentItem } from '@cw/contract';
import { vi } from 'vitest';
import { CollabRelay } from '../../../test/collab-relay';
import { page, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { CollabTransportContext } from '../collab/use-collab-session';
import { ContentWritingPage } from './content-writing-page';

type RenderOptions = NonNullable<Parameters<typeof renderPage>[1]>;

/**
 * For tests: the writing page signed in, its live documents through `relay` (an in-memory
 * transport, nothing of ours mocked). Without options it opens item 2 (`/content/2/edit`).
 */
export function renderWritingPage(
  relay: CollabRelay,
  options: RenderOptions = { path: '/content/:id/edit', route: '/content/2/edit' },
) {
  return renderPage(
    <CollabTransportContext.Provider value={relay.connect}>
      <WithUser>
        <ContentWritingPage />
      </WithUser>
    </CollabTransportContext.Provider>,
    options,
  );
}

/**
 * For tests: item 2 open on the writing page with `text` as its shared document, no tags and no
 * collections; `routes` add to (or replace) the API's fake answers.
 */
export function openItemTwo(
  item: ContentItem,
  text: string,
  routes: Parameters<typeof fakeFetch>[0] = {},
): CollabRelay {
  const relay = new CollabRelay();
  relay.seed('content:2', text);
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/collections/tags/': () => json(200, page([])),
      'GET /api/collections/list/': () => json(200, page([])),
      'GET /api/collections/contents-list/2/': () => json(200, item),
      ...routes,
    }).fn,
  );
  renderWritingPage(relay);
  return relay;
}
