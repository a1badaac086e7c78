import { pathOf } from '@cw/contract/routes';
import { libraryApiAs } from '../support/library-api';
import { expectAccessible, SCREENSHOT_WIDTHS } from '../support/screens';
import { expect, test } from '../support/test';
import { logIn } from '../support/ui';

interface Created {
  id: number;
}

/** The link of a mail's text to `path` (a follower mail's confirm or unsubscribe link). */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S*${path.replace(/\//g, '\\/')}\\?token=\\S+`).exec(text);
  if (!match) throw new Error(`No ${path} link in the mail:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/*
 * Followers by email (docs/product.md, "Followers"; decision 247): a visitor follows a published
 * collection from its public page, confirms by the mail, and gets exactly one mail when an item
 * is published; the owner sees the count, never the address.
 */
test.describe('followers by email', () => {
  test('follow a collection, confirm by mail, publish an item, and receive exactly one mail', async ({
    page,
    browser,
    request,
    mailbox,
    verifiedUser: user,
  }, testInfo) => {
    const api = await libraryApiAs(request, user);
    const show = await api.call<Created>('POST', pathOf('collections.create'), {
      name: 'Lighting on a budget',
    });
    const { public_id: publicId } = await api.call<{ public_id: string }>(
      'POST',
      pathOf('collections.publish', { id: show.id }),
    );
    const follower = `follower-${Date.now()}@example.com`;

    // A visitor, signed out, on the public page: a plain form, no script (the page's CSP allows none).
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(pathOf('public.page', { public_id: publicId }));
    await expect(visitor.getByRole('heading', { name: 'Follow by email' })).toBeVisible();
    await expectAccessible(visitor, testInfo, 'public-follow-form');
    const since = Date.now();
    await visitor.getByLabel('Email address').fill(follower);
    await visitor.getByRole('button', { name: 'Follow' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expectAccessible(visitor, testInfo, 'follow-check-inbox');

    // The one mail an unconfirmed address gets: confirm by its link (a button, not the GET).
    const confirmation = await mailbox.waitForMail(follower, {
      since,
      subject: /^Confirm you want to follow “Lighting on a budget”$/,
    });
    expect(confirmation.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await visitor.goto(linkIn(confirmation.text, pathOf('followers.confirmPage')));
    await expect(
      visitor.getByRole('heading', { name: 'Follow “Lighting on a budget”?' }),
    ).toBeVisible();
    await expectAccessible(visitor, testInfo, 'follow-confirm');
    await visitor.getByRole('button', { name: 'Confirm' }).click();
    await expect(visitor.getByRole('heading', { name: 'You are following' })).toBeVisible();

    // The owner sees one follower in the publish settings, never the address.
    await logIn(page, user);
    await page.goto(`/collections/${show.id}`);
    const followers = page.getByTestId('followers');
    await expect(followers.getByTestId('follower-count')).toHaveText('1 follower');
    await expect(followers).not.toContainText(follower);
    await expect(followers.getByRole('button', { name: 'Export followers (CSV)' })).toBeVisible();

    // An item published: exactly one mail, with the item's link and a one-click unsubscribe.
    const published = Date.now();
    const item = await api.call<Created>('POST', pathOf('contents.create'), {
      title: 'Ep 1 — A lamp and a wall',
      content: 'A cheap lamp and a white wall.',
      summary: 'Light a face with one lamp.',
      collections: [show.id],
      is_public: true,
    });
    const mail = await mailbox.waitForMail(follower, {
      since: published,
      subject: /^New in “Lighting on a budget”: Ep 1 — A lamp and a wall$/,
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain(
      pathOf('public.item', { public_id: publicId, content_id: item.id }),
    );
    expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/followers\/unsubscribe\/\?token=/);
    // Edits and Update public page send nothing more.
    await api.call('PATCH', pathOf('contents.update', { id: item.id }), {
      content: 'A cheap lamp, a white wall and a reflector.',
    });
    await api.call('POST', pathOf('contents.publish', { id: item.id }));
    await page.waitForTimeout(8_000);
    const news = (await mailbox.messagesFor(follower)).filter((m) =>
      m.subject.startsWith('New in'),
    );
    expect(news).toHaveLength(1);
    const all = await mailbox.messagesFor(follower);
    expect(all).toHaveLength(2);

    // One click unsubscribes: the owner's count goes back to none.
    await visitor.goto(linkIn(mail.text, pathOf('followers.unsubscribePage')));
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('follower-count')).toHaveText('0 followers');
    await visitorContext.close();
  });

  test('the free trial says when it ends and offers Upgrade, axe clean at every width', async ({
    page,
    verifiedUser: user,
  }, testInfo) => {
    await logIn(page, user);
    await page.goto('/account-settings');
    const notice = page.getByTestId('trial-notice');
    await expect(notice.getByRole('heading')).toHaveText(
      /^Your free trial ends on \w+day \d{1,2} \w+ \d{4} \(in (29|30) days\)$/,
    );
    await expect(notice.getByRole('link', { name: 'Upgrade by email' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, testInfo, `trial-notice-${width}`);
    }
  });
});
