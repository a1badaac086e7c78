import { vi } from 'vitest';

/*
 * What jsdom lacks of the browser, faked the same way in every test that needs it (never our
 * modules). Each stub is undone by `vi.unstubAllGlobals()`.
 */

/** jsdom has no layout: a `ResizeObserver` that observes nothing and never calls back. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/**
 * jsdom has no object URLs: `URL.createObjectURL` gives `blob:http://localhost/1`, `/2`, …
 * Returns every blob made into a URL, by URL.
 */
export function stubObjectUrls(): Map<string, Blob> {
  const made = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:http://localhost/${++next}`;
        made.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  return made;
}
