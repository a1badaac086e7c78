import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileObject } from '@cw/contract';
import { forgetAttachedImages } from '../lib/attached-images';
import { makeFile } from '../test/library-fixtures';
import { stubObjectUrls } from '../test/browser-fakes';
import { fakeFetch, json } from '../test/fake-fetch';
import { MarkdownRenderer } from './markdown-renderer';

/** Images in the text (decision 214): uploaded files load through the signed-in API. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
let made: Map<string, Blob>;

beforeEach(() => {
  made = stubObjectUrls();
  localStorage.setItem('access_token', 'Bearer abc');
  localStorage.setItem('refresh_token', 'refresh-1');
});
afterEach(() => {
  forgetAttachedImages();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(file: FileObject, bytes: BodyInit, status = 200) {
  const api = fakeFetch({
    [`GET /api/collections/files/${file.id}/`]: () =>
      status === 200 ? json(200, file) : json(status, { detail: 'Not found.' }),
    [`GET /api/collections/files/${file.id}/download/`]: () =>
      new Response(bytes, { headers: { 'Content-Type': file.content_type } }),
  });
  vi.stubGlobal('fetch', api.fn);
  return api;
}

describe('an image of an uploaded file in the text', () => {
  it('loads with the token as a safe picture, with its alt text, width and height', async () => {
    const file = makeFile({ id: 7, content_type: 'image/png', width: 640, height: 480 });
    const api = serve(file, PNG_BYTES);
    const { container } = render(
      <MarkdownRenderer>
        {'Before\n\n![Stage plan](/api/collections/files/7/download/)'}
      </MarkdownRenderer>,
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Stage plan' }).tagName).toBe('IMG'),
    );
    const shown = container.querySelector('img')!;
    expect(shown).toHaveAttribute('alt', 'Stage plan');
    expect(shown).toHaveAttribute('width', '640');
    expect(shown).toHaveAttribute('height', '480');
    expect(shown.getAttribute('src')).toMatch(/^blob:/);
    // The object URL is of the type the bytes are, never the address of the API.
    expect(made.get(shown.getAttribute('src')!)?.type).toBe('image/png');
    expect(api.calls.every((call) => call.headers.get('Authorization') === 'Bearer abc')).toBe(
      true,
    );
    // Drawn again (the preview redraws as someone types): at once, from what was loaded.
    const calls = api.calls.length;
    render(
      <MarkdownRenderer>
        {'![Stage plan](/api/collections/files/7/download/) again'}
      </MarkdownRenderer>,
    );
    expect(
      screen.getAllByRole('img', { name: 'Stage plan' }).map((image) => image.tagName),
    ).toEqual(['IMG', 'IMG']);
    expect(api.calls).toHaveLength(calls);
  });

  it('holds its place at its size while it loads', async () => {
    const file = makeFile({ id: 8, content_type: 'image/png', width: 300, height: 100 });
    let release: (response: Response) => void = () => undefined;
    const api = fakeFetch({
      'GET /api/collections/files/8/': () => json(200, file),
      'GET /api/collections/files/8/download/': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    vi.stubGlobal('fetch', api.fn);
    render(<MarkdownRenderer>{'![Wide](/api/collections/files/8/download/)'}</MarkdownRenderer>);
    const box = await screen.findByRole('img', { name: 'Wide' });
    await waitFor(() => expect(box).toHaveStyle({ width: '300px' }));
    expect(box.style.aspectRatio).toBe('300 / 100');
    expect(box).toHaveAttribute('aria-busy', 'true');
    release(new Response(PNG_BYTES));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Wide' }).tagName).toBe('IMG'));
  });

  it('shows its alt text when the file is gone, not readable or not a picture', async () => {
    serve(makeFile({ id: 9, content_type: 'image/png' }), PNG_BYTES, 404);
    const { unmount } = render(
      <MarkdownRenderer>{'![Gone](/api/collections/files/9/download/)'}</MarkdownRenderer>,
    );
    expect(await screen.findByText('Gone')).toHaveAttribute('data-image-state', 'failed');
    unmount();
    // An HTML file stored as a PNG: its bytes are no picture, so nothing is shown.
    serve(makeFile({ id: 10, content_type: 'image/png' }), '<script>alert(1)</script>');
    render(<MarkdownRenderer>{'![Fake](/api/collections/files/10/download/)'}</MarkdownRenderer>);
    expect(await screen.findByText('Fake')).toHaveAttribute('data-image-state', 'failed');
    expect(document.querySelector('img')).toBeNull();
  });

  it('leaves other images to the shared rules', () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    const { container } = render(
      <MarkdownRenderer>
        {
          '![Web](https://example.com/a.png) ![Bad](javascript:alert(1)) ![Other](/api/collections/files/7/preview/)'
        }
      </MarkdownRenderer>,
    );
    const images = container.querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('src'))).toEqual([
      'https://example.com/a.png',
      '/api/collections/files/7/preview/',
    ]);
    expect(container).toHaveTextContent('Bad');
    expect(api.calls).toEqual([]);
  });
});
