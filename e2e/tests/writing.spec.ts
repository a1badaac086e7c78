import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { libraryApiAs } from '../support/library-api';
import { editorText, fillLogin, logIn, navigate } from '../support/ui';
import { pathOf } from '@cw/contract/routes';

/** Matches a URL ending with `path` (query included). */
function endsWith(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The content editor's parts, named as a person finds them. */
function editor(page: Page) {
  return {
    title: page.getByRole('textbox', { name: 'Title', exact: true }),
    content: page.getByRole('textbox', { name: 'Content', exact: true }),
    status: page.getByTestId('save-status'),
  };
}

/** Creates an item through the form and opens its edit screen; returns the edit path. */
async function createAndEdit(page: Page, title: string, text: string): Promise<string> {
  await page.goto('/content/create');
  const form = editor(page);
  await form.title.fill(title);
  await form.content.fill(text);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Content created!')).toBeVisible();
  await expect(page).toHaveURL(/\/content$/);
  await page.getByRole('article', { name: title }).getByRole('heading', { name: title }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/content\/\d+\/edit$/);
  return new URL(page.url()).pathname;
}

test.describe('writing long scripts', () => {
  test('a new script becomes an item with its first words and survives a reload', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await page.goto('/content/create');
    const form = editor(page);
    await form.title.fill('Cold open');
    await form.content.fill('# Scene 1\n\nWe start in the dark.');
    await expect(page).toHaveURL(/\/content\/\d+\/edit$/);
    await expect(form.status).toHaveText('Saved');
    await expect(page.getByTestId('writing-status')).toContainText('7 words');

    await page.reload();
    await expect(form.title).toHaveValue('Cold open');
    await expect(form.content).toHaveText('# Scene 1We start in the dark.');
    await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expect(page.getByText('Content updated!')).toBeVisible();
  });

  test('leaving with a title not yet saved asks first: sidebar, back button, closing the tab', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await navigate(page, 'Notes/Scripts');
    await expect(page).toHaveURL(/\/content$/);
    await page
      .getByRole('link', { name: /new content/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/content\/create$/);
    // No words yet: the script is not an item, and its title waits in the page.
    await editor(page).title.fill('Half-written');

    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await navigate(page, 'Dashboard');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/content\/create$/);
    await expect(editor(page).title).toHaveValue('Half-written');

    await page.goBack();
    await expect(dialog, 'the back button asks too').toBeVisible();
    await expect(page).toHaveURL(/\/content\/create$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor(page).title).toHaveValue('Half-written');

    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/content$/);
    await expect(page.getByRole('heading', { name: 'Your Content' })).toBeVisible();

    await page.goForward();
    await expect(page).toHaveURL(/\/content\/create$/);
    await editor(page).title.fill('Half-written again');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked, 'closing the tab asks the browser’s own question').toBe('beforeunload');
  });

  test('the forward button asks too, and answering it adds no history entry', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    // Clicked at once, while the next page may still be loading: the sidebar link must push an
    // entry even when the screen still shows the page it points to (lib/use-link-navigate).
    await navigate(page, 'Notes/Scripts');
    await page
      .getByRole('link', { name: /new content/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/content\/create$/);
    await navigate(page, 'Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/content\/create$/);
    await editor(page).title.fill('Going forward');
    const entries = await page.evaluate(() => window.history.length);

    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await page.goForward();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/content\/create$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor(page).title).toHaveValue('Going forward');
    expect(await page.evaluate(() => window.history.length), 'Cancel added no entry').toBe(entries);

    await page.goForward();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => window.history.length), 'Leave added no entry').toBe(entries);
    await page.goBack();
    await expect(page).toHaveURL(/\/content\/create$/);
  });

  test('a session that dies while offline: back online → log in → the words typed are there, saved', async ({
    page,
    request,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    const editPath = await createAndEdit(page, 'Interview script', 'Question one.');
    const form = editor(page);
    await expect(form.content).toHaveText('Question one.');
    await expect(form.status).toHaveText('Saved');

    // The session dies; the open socket does not notice until it connects again.
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'Bearer not-a-valid-token');
      localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
    });
    await page.context().setOffline(true);
    await expect(form.status).toHaveText('Offline (kept on this device)');
    await form.content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Question two.');
    await page.context().setOffline(false);

    await expect(page, 'the refused token, not refreshed, sends the person to log in').toHaveURL(
      endsWith(`/login?next=${encodeURIComponent(editPath)}`),
    );
    await fillLogin(page, user.email, user.password);
    await expect(page, 'and back to the same form').toHaveURL(endsWith(editPath));
    await expect.poll(() => editorText(form.content)).toBe('Question one. Question two.');
    await expect(form.status).toHaveText('Saved');

    const api = await libraryApiAs(request, user);
    const id = editPath.split('/')[2];
    await expect
      .poll(
        async () =>
          (await api.call<{ content: string }>('GET', pathOf('contents.get', { id }))).content,
        { message: 'saved on the server' },
      )
      .toBe('Question one. Question two.');
  });

  test('toolbar Bold is undone with Ctrl+Z; Split mode at 375, 768 and 1280 px', async ({
    page,
    verifiedUser: user,
    checkScreen,
  }) => {
    await logIn(page, user);
    await page.goto('/content/create');
    const form = editor(page);
    await form.title.fill('Bold test');
    await form.content.fill('hello world');
    await form.content.press('Control+a');
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Bold' })
      .click();
    await expect(form.content).toHaveText('**hello world**');
    await form.content.press('Control+z');
    await expect(form.content).toHaveText('hello world');

    await form.content.fill(
      '# Opening\n\nWelcome to the show.\n\n## Segment one\n\n- first point\n- second point\n\n> A quote to read aloud.',
    );
    const view = page.getByRole('group', { name: 'Editor view' }).first();
    await view.getByRole('button', { name: 'Split' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Segment one' })).toBeVisible();
    await checkScreen('content-editor');

    await test.step('in Split the preview follows the caret', async () => {
      const sections = Array.from(
        { length: 12 },
        (_, index) =>
          `## Part ${index + 1}\n\n${'A line of the script to read aloud. '.repeat(12)}`,
      ).join('\n\n');
      await form.content.fill(sections);
      await expect(preview.getByRole('heading', { name: 'Part 12' })).toBeAttached();
      await form.content.press('Control+End');
      await expect
        .poll(() => preview.evaluate((element) => element.scrollTop))
        .toBeGreaterThan(200);
      await form.content.press('Control+Home');
      await expect.poll(() => preview.evaluate((element) => element.scrollTop)).toBe(0);
    });
  });

  test('a script goes into a collection from the form and links back to it', async ({
    page,
    verifiedUser: user,
  }) => {
    await logIn(page, user);
    await navigate(page, 'Collections');
    await page.getByRole('button', { name: 'Create Collection' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^name/i }).fill('Season 2');
    await dialog.getByRole('button', { name: /^create/i }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('article')
      .filter({ hasText: 'Season 2' })
      .getByRole('link', { name: 'Season 2' })
      .click();
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    const collectionPath = new URL(page.url()).pathname;
    const collectionId = collectionPath.split('/').at(-1)!;

    await page.goto(`/content/create?collection=${collectionId}`);
    const chosen = page.getByRole('list', { name: 'Selected collections' });
    await expect(chosen.getByText('Season 2'), 'the form starts in that collection').toBeVisible();
    await editor(page).title.fill('Episode 1 script');
    await editor(page).content.fill('Hello and welcome.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Content created!')).toBeVisible();
    await expect(page).toHaveURL(/\/content$/);

    await page
      .getByRole('article', { name: 'Episode 1 script' })
      .getByRole('heading', { name: 'Episode 1 script' })
      .click();
    const links = page.getByRole('list', { name: 'Collections' });
    await links.getByRole('link', { name: 'Season 2' }).click();
    await expect(page).toHaveURL(endsWith(collectionPath));
  });
});
