import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';

/** The public marketing pages, prerendered at build time (decision 239). */
const pages = [
  { path: '/', heading: 'Every idea, script and note. One workspace.', title: 'Creator Workspace' },
  {
    path: '/about',
    heading: 'We help creators keep their ideas in one place',
    title: 'About Us · Creator Workspace',
  },
  {
    path: '/contact',
    heading: "We'd love to hear from you",
    title: 'Contact Us · Creator Workspace',
  },
  {
    path: '/privacy',
    heading: 'Your privacy matters',
    title: 'Privacy Policy · Creator Workspace',
  },
];

const meta = (page: Page, selector: string) =>
  page.locator(`head meta[${selector}]`).getAttribute('content');

test.describe('the marketing pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page shows its texts and links, and tells previews what it is', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every idea, script and note. One workspace.' }),
    ).toBeVisible();
    await expect(page.getByText('The all-in-one workspace for content creators')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'About Us' }).first()).toHaveAttribute(
      'href',
      '/about',
    );
    await expect(page).toHaveTitle('Creator Workspace');
    expect(await meta(page, 'name="description"')).toContain('video ideas, notes, scripts');
    expect(await meta(page, 'property="og:title"')).toBe('Creator Workspace');
    expect(await meta(page, 'property="og:description"')).toContain('video ideas');

    // A link followed without JavaScript lands on another prerendered page.
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Your privacy matters' })).toBeVisible();
  });

  for (const { path, heading, title } of pages) {
    test(`${path} is in its HTML, with its title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      expect(await meta(page, 'property="og:title"')).toBe(title);
    });
  }
});

test.describe('the marketing pages with JavaScript', () => {
  test('hydrate what was prerendered without a mismatch, and then work as the app', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    // Hydrated: the phone menu and client-side navigation answer.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'About Us' }).last().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: pages[1]!.heading })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('the landing page with its service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('downloads at most 90 kB of JavaScript (gzip) while its worker installs', async ({
    page,
  }) => {
    const pending: Promise<number>[] = [];
    const scripts: string[] = [];
    const count = (response: Response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
      if (response.status() !== 200) return;
      scripts.push(new URL(response.url()).pathname);
      pending.push(response.body().then((body) => gzipSync(body).length));
    };
    page.on('response', count);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const bytes = (await Promise.all(pending)).reduce((sum, size) => sum + size, 0);
    expect(scripts.some((path) => path.startsWith('/assets/index-'))).toBe(true);
    expect(bytes, `${scripts.join(', ')}: ${bytes} bytes`).toBeLessThanOrEqual(90_000);
  });
});
