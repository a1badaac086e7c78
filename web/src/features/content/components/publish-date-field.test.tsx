import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/factories';
import { makeContent } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { PublishDateField } from './publish-date-field';

afterEach(() => vi.unstubAllGlobals());

describe('PublishDateField', () => {
  it('schedules the item without dragging: a date saves publish_on at once, clearing unschedules', async () => {
    const item = makeContent({ id: 5, title: 'Ep 3.05', publish_on: null });
    const api = fakeFetch({
      'PATCH /api/collections/contents-list/5/': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { publish_on: string | null };
        return json(200, { ...item, publish_on: body.publish_on });
      },
    });
    vi.stubGlobal('fetch', api.fn);
    storeSession();
    renderPage(<PublishDateField item={item} disabled={false} />);
    const field = screen.getByLabelText('Publish date');
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: '2026-11-27' } });
    expect(await screen.findByText('Publish date saved.')).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({ publish_on: '2026-11-27' });
    fireEvent.change(field, { target: { value: '' } });
    expect(await screen.findByText('Publish date removed.')).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({ publish_on: null });
  });

  it('shows a viewer the date without letting them change it, and keeps a failure on screen', async () => {
    const api = fakeFetch({
      'PATCH /api/collections/contents-list/6/': () => json(500, { message: 'x' }),
    });
    vi.stubGlobal('fetch', api.fn);
    storeSession();
    const { unmount } = renderPage(
      <PublishDateField item={makeContent({ id: 6, publish_on: '2026-12-24' })} disabled />,
    );
    expect(screen.getByLabelText('Publish date')).toHaveValue('2026-12-24');
    expect(screen.getByLabelText('Publish date')).toBeDisabled();
    unmount();
    renderPage(
      <PublishDateField item={makeContent({ id: 6, publish_on: null })} disabled={false} />,
    );
    fireEvent.change(screen.getByLabelText('Publish date'), { target: { value: '2026-12-01' } });
    expect(
      await screen.findByText('Failed to save the publish date. Please try again.'),
    ).toBeInTheDocument();
  });
});
