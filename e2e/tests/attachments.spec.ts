import type { BrowserContext, Page } from '@playwright/test';
import { HOSTILE_SVG, SCRIPT_MARK, onePagePdf } from '../support/hostile-files';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/**
 * Attachments that could attack whoever opens them (docs/auth.md, "Hostile input"; decisions
 * 190 and 191): an SVG's script never runs on the app's origin, whatever of it a person opens,
 * and a PDF preview renders in its frame under the app's CSP.
 */

interface Created {
  id: number;
}
interface Uploaded extends Created {
  url: string;
}

async function authorization(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
}

/** A library call with the session the browser holds (set-up, not what the test is about). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: await authorization(page) },
    data,
  });
  expect(response.ok(), `set-up: ${method} ${path} answered ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Uploads a file attached to a content item, as the attachments field would. */
async function attach(page: Page, item: number, name: string, mimeType: string, buffer: Buffer) {
  const response = await page.request.post(pathOf('files.upload'), {
    headers: { Authorization: await authorization(page) },
    multipart: { file: { name, mimeType, buffer }, content: String(item) },
  });
  expect(response.status(), `set-up: upload ${name}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Uploaded;
}

/**
 * Everything a script could do that the journey can see, in every page and frame of the
 * context: dialogs, CSP violations (the event and the console's report), and the type of every
 * object URL the pages make.
 */
async function watch(context: BrowserContext) {
  const seen = { dialogs: [] as string[], csp: [] as string[], objectUrlTypes: [] as string[] };
  context.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|frame|execute|apply)/i.test(message.text()))
      seen.csp.push(message.text());
  });
  await context.exposeFunction('__e2eSeen', (kind: 'csp' | 'objectUrl', value: string) => {
    if (kind === 'csp') seen.csp.push(value);
    else seen.objectUrlTypes.push(value);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __e2eSeen: (kind: string, value: string) => void })
      .__e2eSeen;
    document.addEventListener('securitypolicyviolation', (event) =>
      report('csp', `${event.violatedDirective} blocked ${event.blockedURI}`),
    );
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      report('objectUrl', object instanceof Blob ? object.type || '(none)' : 'MediaSource');
      return create(object);
    };
  });
  return seen;
}

/**
 * The marks the SVG's script would leave on a page: its title and localStorage (without the
 * app's own view settings, `cw.…`, which the edit form writes).
 */
async function marks(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    storage: JSON.stringify(
      Object.entries(localStorage)
        .filter(([key]) => !key.startsWith('cw.'))
        .sort(),
    ),
  }));
}

/** Every address the page shows: pictures, links and frames. */
async function shownAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...Array.from(document.querySelectorAll('img'), (img) => img.src),
      ...Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href),
      ...Array.from(document.querySelectorAll('iframe'), (frame) => frame.src),
    ].filter((url) => url !== ''),
  );
}

/**
 * Opens each address in a new tab of the context, as a person would with "Open in new tab",
 * while the page that made it is still open (a page's object URLs end with it), and checks that
 * what it shows is no document that can run script: a picture, or a download.
 */
async function openEach(context: BrowserContext, urls: Iterable<string>) {
  let opened = 0;
  for (const url of urls) {
    const tab = await context.newPage();
    const outcome = await tab.goto(url).then(
      () => 'shown' as const,
      (error: Error) => {
        // A saved download is no document at all.
        expect(error.message, url).toMatch(/Download is starting|net::ERR_ABORTED/);
        return 'downloaded' as const;
      },
    );
    await tab.waitForTimeout(300);
    if (outcome === 'shown') {
      const shown = await tab.evaluate(() => ({
        type: document.contentType,
        title: document.title,
      }));
      expect(shown.type, `${url} is shown as ${shown.type}`).not.toMatch(/svg|html|xml/);
      expect(shown.title, url).not.toContain(SCRIPT_MARK);
    }
    await tab.close();
    opened += 1;
  }
  return opened;
}

test.describe('hostile attachments', () => {
  test('an SVG attachment never runs script on the app’s origin', async ({
    page,
    context,
    verifiedUser: user,
    checkScreen,
  }) => {
    const seen = await watch(context);
    await logIn(page, user);
    const item = await api<Created>(page, 'POST', pathOf('contents.create'), {
      title: 'Logo review',
      content: 'The new logo, from a co-creator.',
    });
    const svg = await attach(page, item.id, 'logo.svg', 'image/svg+xml', HOSTILE_SVG);
    const before = await marks(page);
    const blobsOpened: string[] = [];
    /** The blob: addresses the page shows now, each opened in a new tab. */
    const openShown = async () => {
      const blobs = (await shownAddresses(page)).filter((url) => url.startsWith('blob:'));
      await openEach(context, blobs);
      blobsOpened.push(...blobs);
    };

    await test.step('the thumbnail and the preview are PNG pictures drawn from it', async () => {
      await page.goto(`/content/${item.id}`);
      const attachments = page.getByRole('list', { name: 'Attachments' });
      const thumbnail = attachments.locator('img');
      await expect(thumbnail).toHaveAttribute('src', /^blob:/);
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'logo.svg', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'logo.svg' });
      const picture = dialog.getByRole('img', { name: 'logo.svg' });
      await expect(picture).toHaveAttribute('src', /^blob:/);
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(100);
      await checkScreen('file-preview');
      await openShown();

      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('logo.svg');
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>)
        chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(HOSTILE_SVG), 'the download has the file’s bytes').toBe(
        true,
      );
      // The download's own object URL, opened before the app lets it go.
      await openEach(context, [download.url()]);
      blobsOpened.push(download.url());
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('the edit form’s thumbnail and preview too', async () => {
      await page.goto(`/content/${item.id}/edit`);
      const attachments = page.getByRole('list', { name: 'Attachments' });
      await expect(attachments.locator('img')).toHaveAttribute('src', /^blob:/);
      await attachments.getByRole('button', { name: 'logo.svg', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'logo.svg' });
      await expect(dialog.getByRole('img', { name: 'logo.svg' })).toHaveAttribute('src', /^blob:/);
      await openShown();
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('the API’s addresses of it, opened in a new tab, run nothing', async () => {
      // The thumbnails, the previews and the download were all opened above.
      expect(new Set(blobsOpened).size).toBeGreaterThanOrEqual(5);
      const { url: previewUrl } = await api<{ url: string }>(
        page,
        'POST',
        pathOf('files.previewLink', { id: svg.id }),
      );
      const base = new URL(page.url()).origin;
      // The download needs a token: a new tab gets the 401 in JSON; the preview's ticket is good,
      // and it answers the SVG as an attachment.
      await openEach(context, [new URL(svg.url, base).href, new URL(previewUrl, base).href]);
      const answer = await page.request.get(svg.url, {
        headers: { Authorization: await authorization(page) },
      });
      expect(answer.headers()['content-disposition']).toMatch(/^attachment;/);
      expect(answer.headers()['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
      expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    });

    await test.step('no script ran: no dialog, no CSP violation, title and localStorage unchanged', async () => {
      await page.goto(`/content/${item.id}`);
      await expect(page.getByRole('list', { name: 'Attachments' }).locator('img')).toHaveAttribute(
        'src',
        /^blob:/,
      );
      const after = await marks(page);
      expect(after.storage, 'localStorage').toBe(before.storage);
      expect(after.storage).not.toContain(SCRIPT_MARK);
      expect(after.title).not.toContain(SCRIPT_MARK);
      expect(after.title).toMatch(/Creator Workspace$/);
      expect(seen.dialogs, 'dialogs').toEqual([]);
      expect(seen.csp, 'CSP violations').toEqual([]);
      // The only object URLs the app made: PNG pictures and the download's bytes.
      expect(seen.objectUrlTypes.length).toBeGreaterThan(0);
      expect([...new Set(seen.objectUrlTypes)].sort()).toEqual([
        'application/octet-stream',
        'image/png',
      ]);
    });
  });

  test('PDF previews render under the app’s CSP', async ({
    page,
    context,
    verifiedUser: user,
    checkScreen,
  }) => {
    const seen = await watch(context);
    await logIn(page, user);
    const item = await api<Created>(page, 'POST', pathOf('contents.create'), {
      title: 'Sponsor deck',
      content: 'The deck is attached.',
    });
    const pdf = await attach(
      page,
      item.id,
      'deck.pdf',
      'application/pdf',
      onePagePdf('Hello deck'),
    );
    await page.goto(`/content/${item.id}`);
    const answered = page.waitForResponse((response) =>
      response.url().includes(`${pathOf('files.preview', { id: pdf.id })}?ticket=`),
    );
    await page.getByRole('button', { name: 'deck.pdf', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'deck.pdf' });
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute(
      'src',
      new RegExp(`^/api/collections/files/${pdf.id}/preview/\\?ticket=[\\w.-]+$`),
    );
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline;/);
    // Chromium's PDF viewer took the frame (its own page is a frame inside ours) and opened the
    // document: it names its page after the file.
    await expect
      .poll(
        async () => {
          const viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://'));
          return viewer ? await viewer.evaluate(() => document.title).catch(() => '') : '';
        },
        { message: 'the PDF viewer opened deck.pdf in the preview frame' },
      )
      .toBe('deck.pdf');
    await page.waitForTimeout(500);
    await checkScreen('file-preview-pdf');
    expect(seen.csp, 'CSP violations').toEqual([]);
    expect(seen.dialogs).toEqual([]);
    expect(seen.objectUrlTypes, 'a PDF preview makes no object URL').toEqual([]);
  });
});
