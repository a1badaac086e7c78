import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileObject } from '@cw/contract';
import { makeFile } from '../../../test/library-fixtures';
import { stubObjectUrls } from '../../../test/browser-fakes';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { FilePreviewDialog, FileThumbnail, previewKind } from './file-preview';

/**
 * Attachments that can run script (docs/auth.md, "Hostile input"; decision 190): the app never
 * makes an address of this origin that holds an SVG, HTML or XML document, and a download's
 * object URL is never of the file's own type.
 */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" ' +
  'onload="document.title=localStorage.getItem(\'refresh_token\')"><rect width="40" height="20"/></svg>';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Every blob the page turned into an object URL, by URL. */
let made: Map<string, Blob>;
let drawnFrom: string[];

beforeEach(() => {
  // jsdom has no object URLs, no image decoding and no canvas: the browser's parts are faked,
  // never our modules.
  made = stubObjectUrls();
  drawnFrom = [];
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value(this: HTMLImageElement) {
      drawnFrom.push(this.src);
      Object.defineProperty(this, 'naturalWidth', { value: 40 });
      Object.defineProperty(this, 'naturalHeight', { value: 20 });
      return Promise.resolve();
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([PNG_BYTES], { type: 'image/png' })),
  );
  localStorage.setItem('access_token', 'Bearer abc');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
});

function serve(file: FileObject, bytes: BodyInit, extra: Parameters<typeof fakeFetch>[0] = {}) {
  const api = fakeFetch({
    [`GET /api/collections/files/${file.id}/download/`]: () =>
      new Response(bytes, { headers: { 'Content-Type': file.content_type } }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fn);
  return api;
}

/** The type of every object URL made so far. */
const madeTypes = () => [...made.values()].map((blob) => blob.type);

const svgFile = makeFile({ id: 4, name: 'logo.svg', content_type: 'image/svg+xml', size: 200 });

describe('an SVG attachment never runs script on the app’s origin', () => {
  it('shows its thumbnail and its preview only as PNGs drawn through an <img>', async () => {
    serve(svgFile, SVG);
    const user = userEvent.setup();
    const { rerender } = render(<FileThumbnail file={svgFile} />);
    const thumb = await waitFor(() => {
      const img = document.querySelector('img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(made.get(thumb.getAttribute('src')!)?.type).toBe('image/png');

    rerender(<FilePreviewDialog file={svgFile} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'logo.svg' });
    const preview = await within(dialog).findByRole('img', { name: 'logo.svg' });
    expect(made.get(preview.getAttribute('src')!)?.type).toBe('image/png');
    // The SVG itself only ever went into an <img> outside the page, as a data: URL.
    expect(drawnFrom.length).toBeGreaterThan(0);
    for (const src of drawnFrom) expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(madeTypes().every((type) => type === 'image/png')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(madeTypes()).toContain('application/octet-stream'));
    expect(madeTypes().filter((type) => type !== 'image/png')).toEqual([
      'application/octet-stream',
    ]);
  });

  it('shows no picture of bytes that are not the raster they claim to be', async () => {
    const fake = makeFile({ id: 5, name: 'not.png', content_type: 'image/png', size: 200 });
    serve(fake, SVG);
    render(<FilePreviewDialog file={fake} onClose={() => {}} />);
    expect(await screen.findByText('The file could not be loaded.')).toBeInTheDocument();
    expect(made.size).toBe(0);
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows a real PNG as a blob of image/png, whatever picture type it claimed', async () => {
    const png = makeFile({ id: 6, name: 'cover.jpg', content_type: 'image/jpeg', size: 12 });
    serve(png, PNG_BYTES);
    render(<FilePreviewDialog file={png} onClose={() => {}} />);
    const img = await screen.findByRole('img', { name: 'cover.jpg' });
    expect(made.get(img.getAttribute('src')!)?.type).toBe('image/png');
  });

  it('previews HTML and XML as text in a <pre>, never as an address', async () => {
    for (const file of [
      makeFile({ id: 7, name: 'page.html', content_type: 'text/html', size: 40 }),
      makeFile({ id: 8, name: 'feed.xml', content_type: 'application/xml', size: 40 }),
    ]) {
      serve(file, '<script>alert(1)</script>');
      const { unmount } = render(<FilePreviewDialog file={file} onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog', { name: file.name });
      const text = await within(dialog).findByText('<script>alert(1)</script>');
      expect(text.tagName).toBe('PRE');
      expect(dialog.querySelector('iframe, img, object, embed')).toBeNull();
      unmount();
    }
    expect(made.size).toBe(0);
  });

  it('saves every download through an application/octet-stream blob', async () => {
    const html = makeFile({ id: 9, name: 'page.html', content_type: 'text/html', size: 40 });
    serve(html, '<script>alert(1)</script>');
    render(<FilePreviewDialog file={html} onClose={() => {}} />);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(madeTypes()).toEqual(['application/octet-stream']);
  });

  it('shows only script-free pictures, PDFs and text; everything else downloads', () => {
    const kind = (content_type: string, name = 'file') =>
      previewKind({ name, content_type, size: 10 });
    expect(kind('image/png')).toBe('image');
    expect(kind('image/jpeg')).toBe('image');
    expect(kind('image/gif')).toBe('image');
    expect(kind('image/webp')).toBe('image');
    expect(kind('image/avif')).toBe('image');
    expect(kind('IMAGE/SVG+XML; charset=utf-8')).toBe('image');
    expect(kind('application/pdf')).toBe('pdf');
    expect(kind('text/html')).toBe('text');
    expect(kind('image/bmp')).toBeNull();
    expect(kind('image/x-icon')).toBeNull();
    expect(kind('application/xhtml+xml')).toBeNull();
    expect(kind('application/octet-stream', 'drawing.svg')).toBeNull();
    expect(kind('application/octet-stream', 'report.pdf')).toBeNull();
    expect(kind('application/x-pdf', 'report.pdf')).toBeNull();
  });
});

describe('PDF previews render under the app’s CSP', () => {
  it('frames the server’s ticketed preview address, never a blob', async () => {
    const pdf = makeFile({ id: 10, name: 'outline.pdf', content_type: 'application/pdf' });
    const url = '/api/collections/files/10/preview/?ticket=abc.def.ghi';
    const api = serve(pdf, '%PDF-1.4', {
      'POST /api/collections/files/10/preview-link/': () => json(200, { url }),
    });
    render(<FilePreviewDialog file={pdf} onClose={() => {}} />);
    const frame = await screen.findByTitle('outline.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', url);
    const link = api.calls.find((call) => call.url.includes('/preview-link/'))!;
    expect(link.headers.get('Authorization')).toBe('Bearer abc');
    expect(api.calls.some((call) => call.url.includes('/download/'))).toBe(false);
    expect(made.size).toBe(0);
  });
});
