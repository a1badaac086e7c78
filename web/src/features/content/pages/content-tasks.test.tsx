import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '@cw/contract';
import { editorText } from '../../../test/editor';
import { makeContent, renderSignedIn } from '../../../test/library-fixtures';
import type { fakeFetch } from '../../../test/fake-fetch';
import { json } from '../../../test/fake-fetch';
import { TASK_FAILED_TEXT } from '../components/use-task-ticking';
import { ContentDetailPage } from './content-detail-page';
import { openItemTwo } from './render-writing-page';

const TEXT = '# Shoot\n\n- [ ] record the intro\n- [x] write the script';
const item = makeContent({ id: 2, title: 'Shoot day', content: TEXT });

/** An item's answer with its ETag, as the server gives it. */
const withEtag = (body: ContentItem, etag: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ETag: etag },
  });

function renderDetail(routes: Parameters<typeof fakeFetch>[0]) {
  return renderSignedIn(
    <ContentDetailPage />,
    { path: '/content/:id', route: '/content/2' },
    routes,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access_token', 'Bearer abc');
});
afterEach(() => vi.unstubAllGlobals());

describe('ticking tasks in the reading view (decision 216)', () => {
  it('saves that one box by PATCH with If-Match on the item as it is now', async () => {
    const ticked = TEXT.replace('- [ ] record', '- [x] record');
    const { fetch, user } = renderDetail({
      'GET /api/collections/contents-list/2/': [
        () => withEtag(item, '"v1"'),
        () => withEtag(item, '"v1"'),
      ],
      'PATCH /api/collections/contents-list/2/': () =>
        withEtag({ ...item, content: ticked }, '"v2"'),
    });
    const box = await screen.findByRole('checkbox', { name: 'record the intro' });
    expect(box).toBeEnabled();
    await user.click(box);
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = fetch.calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({ content: ticked });
    expect(patch.headers.get('If-Match')).toBe('"v1"');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'record the intro' })).toBeChecked(),
    );
  });

  it('tries once more on the newer text when the text changed between the calls (412)', async () => {
    const newer = `Added above\n${TEXT}`;
    const { fetch, user } = renderDetail({
      'GET /api/collections/contents-list/2/': [
        () => withEtag(item, '"v1"'),
        () => withEtag(item, '"v1"'),
        () => withEtag({ ...item, content: newer }, '"v2"'),
      ],
      'PATCH /api/collections/contents-list/2/': [
        () => json(412, { code: 'precondition_failed', detail: 'The text changed.' }),
        (_url, init) => {
          const body = JSON.parse(String(init?.body)) as { content: string };
          return withEtag({ ...item, content: body.content }, '"v3"');
        },
      ],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'write the script' }));
    await waitFor(() =>
      expect(fetch.calls.filter((call) => call.method === 'PATCH')).toHaveLength(2),
    );
    const [first, second] = fetch.calls.filter((call) => call.method === 'PATCH');
    expect(first!.headers.get('If-Match')).toBe('"v1"');
    expect(second!.headers.get('If-Match')).toBe('"v2"');
    expect(second!.body).toEqual({
      content: newer.replace('- [x] write', '- [ ] write'),
    });
  });

  it('puts the box back and says so when the save fails', async () => {
    const { user } = renderDetail({
      'GET /api/collections/contents-list/2/': [
        () => withEtag(item, '"v1"'),
        () => withEtag(item, '"v1"'),
      ],
      'PATCH /api/collections/contents-list/2/': () => json(500, {}),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'record the intro' }));
    expect(await screen.findByText(TASK_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'record the intro' })).not.toBeChecked();
  });

  it('shows a viewer read-only boxes', async () => {
    renderDetail({
      'GET /api/collections/contents-list/2/': () =>
        json(200, { ...item, role: 'viewer', user: 9 }),
    });
    expect(await screen.findByRole('checkbox', { name: 'record the intro' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'write the script' })).toBeDisabled();
  });
});

describe('ticking tasks in the writing page’s preview (decision 216)', () => {
  it('changes that one box in the shared document', async () => {
    const user = userEvent.setup();
    const relay = openItemTwo(item, TEXT);
    await waitFor(() => expect(editorText()).toBe(TEXT));
    const box = await screen.findByRole(
      'checkbox',
      { name: 'record the intro' },
      { timeout: 4000 },
    );
    await user.click(box);
    const ticked = TEXT.replace('- [ ] record', '- [x] record');
    await waitFor(() => expect(relay.text('content:2')).toBe(ticked));
    expect(editorText()).toBe(ticked);
  });
});
