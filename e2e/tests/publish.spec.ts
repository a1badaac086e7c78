import { libraryApiAs } from '../support/library-api';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';
import { pathOf, routes } from '@cw/contract/routes';

interface Created {
  id: number;
}

test.describe('publishing a collection', () => {
  test('publish, read it signed out, unpublish (404), publish again (new link, old stays 404)', async ({
    page,
    browser,
    request,
    baseURL,
    verifiedUser: user,
    checkScreen,
  }) => {
    const api = await libraryApiAs(request, user);
    const season = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Season 3 plan',
      description: 'What we film this spring, for our sponsors.',
    });
    const episode = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Episode one: the cold open',
      content:
        '# Cold open\n\nThe **host** walks in and the lights come up.\n\n- Camera A\n- Camera B',
      collections: [season.id],
      is_public: true,
      publish_on: '2026-12-01',
    });
    const draft = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Sponsor fee notes',
      content: 'Private numbers.',
      collections: [season.id],
    });

    await logIn(page, user);
    await page.goto(`/collections/${season.id}`);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Publish to web' }),
    });
    await expect(card.getByText(/Anyone with the link will see/)).toBeVisible();
    await card.getByRole('button', { name: 'Publish' }).click();
    const linkField = card.getByTestId('public-link');
    // A public id: 22 characters of base64url (docs/api.md, "Publishing a collection").
    const publicPage = routes['public.page'].path.replace(':public_id', '[A-Za-z0-9_-]{22}');
    await expect(linkField).toHaveValue(new RegExp(`^${baseURL}${publicPage}$`));
    const firstLink = await linkField.inputValue();
    await expect(card.getByRole('link', { name: 'Open' })).toHaveAttribute('href', firstLink);

    // A visitor: a fresh browser context with no session.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    // Public pages may be kept for 60 s (Cache-Control: public, max-age=60): each visit after a
    // change asks the server again, as a visitor arriving later would.
    let visits = 0;
    const visitNow = (url: string) => visitor.goto(`${url}?visit=${(visits += 1)}`);
    const answer = await visitor.goto(firstLink);
    expect(answer?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Season 3 plan' })).toBeVisible();
    await expect(visitor.getByText(`by ${user.firstName} ${user.lastName}`)).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Episode one: the cold open' })).toBeVisible();
    await expect(visitor.getByText('Sponsor fee notes')).toHaveCount(0);
    await expect(visitor.getByText(user.email)).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Creator Workspace' })).toHaveAttribute(
      'href',
      '/',
    );
    await checkScreenOn(visitor, 'public-page');

    await visitor.getByRole('link', { name: 'Episode one: the cold open' }).click();
    await expect(visitor).toHaveURL(`${firstLink}/${episode.id}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Cold open', exact: true }),
    ).toBeVisible();
    await expect(visitor.locator('strong', { hasText: 'host' })).toBeVisible();
    await checkScreenOn(visitor, 'public-item');
    expect((await visitor.goto(`${firstLink}/${draft.id}`))?.status()).toBe(404);

    // A reader whose browser runs no JavaScript reads the page and an item all the same.
    const noScriptContext = await browser.newContext({ javaScriptEnabled: false });
    const reader = await noScriptContext.newPage();
    expect((await reader.goto(firstLink))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: 'Season 3 plan' })).toBeVisible();
    await expect(reader.getByText(`by ${user.firstName} ${user.lastName}`)).toBeVisible();
    await expect(reader.getByText('Sponsor fee notes')).toHaveCount(0);
    await reader.getByRole('link', { name: 'Episode one: the cold open' }).click();
    await expect(reader).toHaveURL(`${firstLink}/${episode.id}`);
    await expect(
      reader.getByRole('heading', { level: 1, name: 'Cold open', exact: true }),
    ).toBeVisible();
    await expect(reader.locator('strong', { hasText: 'host' })).toBeVisible();
    await expect(reader.getByRole('listitem').filter({ hasText: 'Camera B' })).toBeVisible();
    await noScriptContext.close();

    // The owner switches the draft on: it shows on the public page.
    await page.goto(`/content/${draft.id}`);
    const toggle = page.getByRole('switch', { name: 'Show on public page' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await visitNow(firstLink);
    await expect(visitor.getByRole('link', { name: 'Sponsor fee notes' })).toBeVisible();

    // Unpublish: the link answers 404 at once.
    await page.goto(`/collections/${season.id}`);
    await card.getByRole('button', { name: 'Unpublish' }).click();
    await expect(card.getByRole('button', { name: 'Publish' })).toBeVisible();
    const gone = await visitNow(firstLink);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'Not found' })).toBeVisible();

    // Publish again: a new link that works, while the old one stays 404.
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect(linkField).not.toHaveValue(firstLink);
    await expect(linkField).toHaveValue(/\/p\/[A-Za-z0-9_-]{22}$/);
    const secondLink = await linkField.inputValue();
    expect((await visitNow(secondLink))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Season 3 plan' })).toBeVisible();
    expect((await visitNow(firstLink))?.status()).toBe(404);

    // The collections list shows the On the web badge (decision 232).
    await page.goto('/collections');
    const seasonCard = page.getByTestId('collection-card').filter({ hasText: 'Season 3 plan' });
    await expect(seasonCard.getByText('On the web')).toBeVisible();
    await visitorContext.close();

    /** checkScreen works on the test's own page: it opens what the visitor sees. */
    async function checkScreenOn(target: typeof visitor, name: string) {
      await page.goto(target.url());
      await checkScreen(name);
    }
  });
});
