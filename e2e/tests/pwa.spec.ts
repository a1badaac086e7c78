import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

test.use({ serviceWorkers: 'allow' });

/** The active service worker's script and scope, once the page's worker is ready. */
function readyWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
  });
}

test.describe('the installable app', () => {
  test('has a manifest and a service worker, and Chromium finds it installable', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href ?? '');
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Creator Workspace',
      short_name: 'Creator',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#4f46e5',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }

    const worker = await readyWorker(page);
    expect(worker).toEqual({ script: `${baseURL}/sw.js`, scope: `${baseURL}/` });

    // Chromium's own installability check: what its install button asks of a page.
    const cdp = await page.context().newCDPSession(page);
    await page.reload();
    await readyWorker(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito ones, where Chromium never offers to install: that
    // one is about the browser, not the page.
    const pageErrors = installabilityErrors.filter((error) => error.errorId !== 'in-incognito');
    expect(pageErrors).toEqual([]);
  });

  test('the worker keeps the app shell, never API answers or public pages', async ({ page }) => {
    await page.goto('/');
    await readyWorker(page);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
    expect(cached.filter((url) => /^\/(api|p)\//.test(url))).toEqual([]);
  });
});
