import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { editorText, logIn } from '../support/ui';
import { libraryApiAs } from '../support/library-api';
import { pngImage } from '../../server/test/image-fixtures';
import { pathOf } from '@cw/contract/routes';

/**
 * Images in the text and paste from documents (decisions 213, 214): a picture pasted into the
 * writing editor uploads as an attachment and shows in the preview, loaded through the signed-in
 * API, after a reload too; HTML pasted from a document (Google Docs' clipboard) becomes markdown.
 */

function editor(page: Page) {
  return {
    title: page.getByRole('textbox', { name: 'Title', exact: true }),
    content: page.getByRole('textbox', { name: 'Content', exact: true }),
    preview: page.getByRole('region', { name: 'Preview' }),
  };
}

/** A paste on the editor as the browser makes it: a real ClipboardEvent with a DataTransfer. */
async function paste(
  page: Page,
  data: { html?: string; text?: string; png?: { name: string; bytes: number[] } },
) {
  await page.getByRole('textbox', { name: 'Content', exact: true }).evaluate((content, d) => {
    const transfer = new DataTransfer();
    if (d.text !== undefined) transfer.setData('text/plain', d.text);
    if (d.html !== undefined) transfer.setData('text/html', d.html);
    if (d.png) {
      transfer.items.add(
        new File([new Uint8Array(d.png.bytes)], d.png.name, { type: 'image/png' }),
      );
    }
    content.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, data);
}

/** What Google Docs puts on the clipboard: one not-bold wrapper, styled spans for bold. */
const DOCS_HTML =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5d0c1e2f-7fff-1a2b-3c4d-5e6f7a8b9c0d">' +
  '<h1 dir="ltr"><span style="font-size:20pt;font-weight:400;">Launch day</span></h1>' +
  '<p dir="ltr"><span style="font-weight:400;">Read </span><a href="https://www.google.com/url?q=https://example.com/brief&amp;sa=D"><span style="color:#1155cc;text-decoration:underline;">the brief</span></a><span style="font-weight:400;"> and </span><span style="font-weight:700;">rehearse</span><span style="font-weight:400;">.</span></p>' +
  '<h2 dir="ltr"><span style="font-size:16pt;font-weight:400;">Segments</span></h2>' +
  '<ul><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Interview</span></p></li></ul></b>';

test.describe('images and documents in the text', () => {
  test('a pasted picture uploads, shows in the preview with its size, and is there after a reload', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await page.goto('/content/create');
    const form = editor(page);
    await form.title.fill('With a picture');
    await form.content.fill('Stage layout:\n');
    await expect(page).toHaveURL(/\/content\/\d+\/edit$/);
    await page.getByRole('button', { name: 'Split', exact: true }).click();

    await form.content.press('End');
    await paste(page, { png: { name: 'stage-plan.png', bytes: [...pngImage(120, 80)] } });
    await expect
      .poll(() => editorText(form.content))
      .toMatch(/!\[stage-plan\]\(\/api\/collections\/files\/\d+\/download\/\)/);
    const picture = form.preview.getByRole('img', { name: 'stage-plan' });
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect(picture).toHaveAttribute('width', '120');
    await expect(picture).toHaveAttribute('height', '80');
    await expect(picture).toHaveJSProperty('naturalWidth', 120);
    // It is one of the item's attachments.
    await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('stage-plan.png');

    await page.reload();
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    const again = editor(page).preview.getByRole('img', { name: 'stage-plan' });
    await expect(again).toHaveAttribute('src', /^blob:/);
    await expect(again).toHaveJSProperty('naturalWidth', 120);
    await expect(again).toHaveAttribute('height', '80');
    await page.screenshot({ path: test.info().outputPath('picture-in-preview.png') });

    // A picture dropped on the editor goes where it was dropped.
    await editor(page).content.evaluate(
      (content, bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([new Uint8Array(bytes)], 'drop-shot.png', { type: 'image/png' }),
        );
        const line = content.querySelector('.cm-line')!.getBoundingClientRect();
        content.dispatchEvent(
          new DragEvent('drop', {
            dataTransfer: transfer,
            clientX: line.left + 1,
            clientY: line.top + line.height / 2,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      [...pngImage(30, 20)],
    );
    await expect
      .poll(() => editorText(editor(page).content))
      .toMatch(/^!\[drop-shot\]\(\/api\/collections\/files\/\d+\/download\/\)Stage layout:/);
    await expect(editor(page).preview.getByRole('img', { name: 'drop-shot' })).toHaveJSProperty(
      'naturalWidth',
      30,
    );

    // The item's own page shows it too.
    const item = new URL(page.url()).pathname.replace(/\/edit$/, '');
    await page.goto(item);
    const onItemPage = page.getByRole('img', { name: 'stage-plan' });
    await expect(onItemPage).toHaveJSProperty('naturalWidth', 120);
    await expect(onItemPage).toHaveAttribute('width', '120');
  });

  test('HTML pasted from a document becomes headings, bold and links', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await page.goto('/content/create');
    const form = editor(page);
    await form.title.fill('From a doc');
    await form.content.click();
    await paste(page, { html: DOCS_HTML, text: 'Launch day\nRead the brief and rehearse.' });
    await expect(page).toHaveURL(/\/content\/\d+\/edit$/);
    await expect
      .poll(() => editorText(form.content))
      .toBe(
        '# Launch day\n\nRead [the brief](https://example.com/brief) and **rehearse**.\n\n## Segments\n\n-   Interview',
      );
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await expect(form.preview.getByRole('heading', { level: 1, name: 'Launch day' })).toBeVisible();
    await expect(form.preview.getByRole('heading', { level: 2, name: 'Segments' })).toBeVisible();
    await expect(form.preview.getByRole('link', { name: 'the brief' })).toHaveAttribute(
      'href',
      'https://example.com/brief',
    );
    await expect(form.preview.locator('strong')).toHaveText('rehearse');
    await expect(form.preview.getByRole('listitem')).toHaveText('Interview');
  });

  test('a picture in a published item shows on its public page, signed out, with its size', async ({
    browser,
    request,
    verifiedUser: user,
  }) => {
    const api = await libraryApiAs(request, user);
    const login = await request.post(pathOf('auth.login'), {
      data: { email: user.email, password: user.password },
    });
    const { token } = (await login.json()) as { token: { access: string } };
    const season = await api.call<{ id: number }>('POST', pathOf('collections.create'), {
      name: 'Behind the scenes',
    });
    const item = await api.call<{ id: number }>('POST', pathOf('contents.create'), {
      title: 'The set',
      content: 'x',
      collections: [season.id],
      is_public: true,
    });
    const upload = await request.post(pathOf('files.upload'), {
      headers: { Authorization: `Bearer ${token.access}` },
      multipart: {
        file: { name: 'set.png', mimeType: 'image/png', buffer: pngImage(90, 60) },
        content: String(item.id),
      },
    });
    expect(upload.status(), 'set-up: upload').toBe(201);
    const file = (await upload.json()) as { id: number; url: string };
    await api.call('PATCH', pathOf('contents.update', { id: item.id }), {
      content: `The set from above:\n\n![The set](${file.url})`,
    });
    // The picture is public once its file is, and the edit once the public page is updated
    // (decisions 229, 230).
    await api.call('PATCH', pathOf('files.update', { id: file.id }), { is_public: true });
    await api.call('POST', pathOf('contents.publish', { id: item.id }));
    const published = await api.call<{ public_id: string }>(
      'POST',
      pathOf('collections.publish', { id: season.id }),
    );

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const violations: string[] = [];
    visitor.on('console', (message) => {
      if (/Content Security Policy|Refused to load/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await visitor.goto(
      pathOf('public.item', { public_id: published.public_id, content_id: item.id }),
    );
    const picture = visitor.getByRole('img', { name: 'The set' });
    await expect(picture).toHaveAttribute(
      'src',
      pathOf('public.file', { public_id: published.public_id, file_id: file.id }),
    );
    await expect(picture).toHaveAttribute('width', '90');
    await expect(picture).toHaveJSProperty('naturalWidth', 90);
    expect(violations).toEqual([]);
    await visitorContext.close();
  });
});
