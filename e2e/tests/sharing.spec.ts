import type { Page } from '@playwright/test';
import { invitationToken, libraryApiAs } from '../support/library-api';
import { checkScreen as checkScreenOf } from '../support/screens';
import { expect, test } from '../support/test';
import { otherBrowser, person } from '../support/two-people';
import { fillLogin, logIn, navigate } from '../support/ui';
import { registerVerifiedUser } from '../support/users';
import { pathOf } from '@cw/contract/routes';

/**
 * Co-creators: two people, each in a browser context of their own. The owner shares
 * a collection from its Share dialog; the invited person accepts from the mailed link.
 */

const REGISTER_BUTTON = /^(register|sign ?up|create account|get started)/i;
const VERIFY_BUTTON = /^verify/i;
const LOST_ACCESS = 'You no longer have access to this collection.';

interface Created {
  id: number;
}

/** axe-core (and for main screens, screenshots) on the other person's page. */
const checkOther = (page: Page, name: string) => checkScreenOf(page, test.info(), name);

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share collection' });
  await expect(dialog.getByRole('list', { name: 'People with access' })).toBeVisible();
  return dialog;
}

/** The owner invites `email` with `role` from the Share dialog; answers when the mail left. */
async function inviteFromDialog(page: Page, email: string, role: 'editor' | 'viewer') {
  const dialog = await openShareDialog(page);
  const since = Date.now();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Role', { exact: true }).selectOption(role);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(
    dialog.getByText(
      `Invitation sent to ${email} as ${role === 'editor' ? 'an editor' : 'a viewer'}.`,
    ),
  ).toBeVisible();
  const pending = dialog.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(email)).toBeVisible();
  return { dialog, since };
}

test.describe('sharing a collection', () => {
  test('the owner shares with an editor, who accepts from the mail and edits a script; the owner sees "Edited by"', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
    verifiedUser: owner,
    checkScreen,
  }) => {
    const editor = person('editor', 'Grace', 'Hopper');
    await registerVerifiedUser(request, mailbox, editor);
    const ownerApi = await libraryApiAs(request, owner);
    const season = await ownerApi.call<Created>('POST', pathOf('collections.create'), {
      name: 'Season 3',
    });
    const script = await ownerApi.call<Created>('POST', pathOf('contents.create'), {
      title: 'Pilot script',
      content: 'Cold open: the host walks into the studio.',
      collections: [season.id],
    });

    await logIn(page, owner);
    await page.goto(`/collections/${season.id}`);
    await expect(page.getByRole('heading', { name: 'Season 3', level: 1 })).toBeVisible();

    const { dialog, since } =
      await test.step('invite the editor from the Share dialog', async () => {
        const opened = await inviteFromDialog(page, editor.email, 'editor');
        await checkScreen('share-dialog-invited');
        return opened;
      });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const token = await invitationToken(mailbox, editor.email, since);

    const other = await otherBrowser(browser, baseURL);
    try {
      const editorPage = other.page;
      await test.step('the editor opens the mailed link, logs in, comes back and accepts', async () => {
        await editorPage.goto(`/invitations/${token}`);
        await expect(
          editorPage.getByRole('heading', {
            name: `${owner.firstName} ${owner.lastName} invited you to Season 3`,
          }),
        ).toBeVisible();
        await expect(editorPage.getByText('Editor', { exact: true })).toBeVisible();
        await checkOther(editorPage, 'invitation');
        await editorPage.getByRole('link', { name: 'Log in' }).click();
        await expect(editorPage).toHaveURL(/\/login\?next=%2Finvitations%2F/);
        await fillLogin(editorPage, editor.email, editor.password);
        await expect(editorPage).toHaveURL(new RegExp(`/invitations/${token}$`));
        await editorPage.getByRole('button', { name: 'Accept invitation' }).click();
        await expect(editorPage).toHaveURL(new RegExp(`/collections/${season.id}$`));
        await expect(editorPage.getByRole('heading', { name: 'Season 3', level: 1 })).toBeVisible();
        await expect(editorPage.getByTestId('role-badge')).toHaveText('Editor');
        await expect(
          editorPage.getByText(`Shared by ${owner.firstName} ${owner.lastName}`),
        ).toBeVisible();
        // An editor writes notes but manages nothing of the collection.
        await expect(editorPage.getByRole('textbox', { name: 'Note title' })).toBeVisible();
        for (const name of ['Share', 'Delete', 'Edit name', 'Set Inactive', 'Set Private']) {
          await expect(editorPage.getByRole('button', { name, exact: true })).toHaveCount(0);
        }
        await checkOther(editorPage, 'shared-collection-editor');
      });

      await test.step('the editor edits the script (no tag or collection pickers)', async () => {
        await editorPage.getByRole('tab', { name: 'Content' }).click();
        const card = editorPage.getByTestId('content-card').filter({ hasText: 'Pilot script' });
        await expect(card.getByTestId('role-badge')).toHaveText('Editor');
        await card.getByRole('link', { name: 'Edit Pilot script' }).click();
        await expect(editorPage).toHaveURL(new RegExp(`/content/${script.id}/edit$`));
        await expect(editorPage.getByRole('heading', { name: 'Edit Content' })).toBeVisible();
        await expect(
          editorPage.getByRole('combobox', { name: 'Search or select tags' }),
        ).toHaveCount(0);
        const body = editorPage.getByRole('textbox', { name: 'Content', exact: true });
        await expect(body).toHaveText('Cold open: the host walks into the studio.');
        await body.fill(
          'Cold open: the host walks into the studio.\n\nHook: a question to the guest.',
        );
        await editorPage.getByRole('button', { name: 'Save Changes' }).click();
        await expect(editorPage.getByText('Content updated!')).toBeVisible();
        await expect(editorPage).toHaveURL(new RegExp(`/content/${script.id}$`));
      });

      await test.step('the owner sees the change and who made it', async () => {
        await page.goto(`/content/${script.id}`);
        await expect(page.getByText('Hook: a question to the guest.')).toBeVisible();
        await expect(page.getByText(/Edited by Grace Hopper/)).toBeVisible();
        await page.goto(`/collections/${season.id}?tab=content`);
        const card = page.getByTestId('content-card').filter({ hasText: 'Pilot script' });
        await expect(card.getByText('Edited by Grace Hopper')).toBeVisible();
        // The editor now has access: listed with a role the owner can change.
        const shareDialog = await openShareDialog(page);
        await expect(
          shareDialog.getByRole('combobox', { name: 'Role of Grace Hopper' }),
        ).toHaveValue('editor');
        await expect(shareDialog.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
        await checkScreen('share-dialog');
      });
    } finally {
      await other.context.close();
    }
  });

  test('a viewer invited before having an account signs up from the link and sees no edit controls', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
    verifiedUser: owner,
  }) => {
    const viewer = person('viewer', 'Alan', 'Turing');
    const ownerApi = await libraryApiAs(request, owner);
    const research = await ownerApi.call<Created>('POST', pathOf('collections.create'), {
      name: 'Research',
      description: 'Sources for the documentary.',
    });
    const script = await ownerApi.call<Created>('POST', pathOf('contents.create'), {
      title: 'Guest list',
      content: 'Who to call first.',
      collections: [research.id],
    });
    await ownerApi.call('POST', pathOf('notes.create'), {
      collection: research.id,
      title: 'Interview questions',
      content: 'What got you started?',
      tags: [],
    });

    await logIn(page, owner);
    await page.goto(`/collections/${research.id}`);
    const { dialog, since } = await inviteFromDialog(page, viewer.email, 'viewer');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const token = await invitationToken(mailbox, viewer.email, since);

    const other = await otherBrowser(browser, baseURL);
    try {
      const viewerPage = other.page;
      await test.step('the viewer signs up from the link, verifies, comes back and accepts', async () => {
        await viewerPage.goto(`/invitations/${token}`);
        await expect(viewerPage.getByText('Viewer', { exact: true })).toBeVisible();
        await viewerPage.getByRole('link', { name: 'Sign up' }).click();
        await expect(viewerPage).toHaveURL(/\/register\?next=%2Finvitations%2F/);
        const registered = Date.now();
        await viewerPage.getByLabel(/^first name/i).fill(viewer.firstName);
        await viewerPage.getByLabel(/^last name/i).fill(viewer.lastName);
        await viewerPage.getByLabel(/^email/i).fill(viewer.email);
        await viewerPage.getByLabel(/^password$/i).fill(viewer.password);
        await viewerPage.getByLabel(/^confirm password/i).fill(viewer.password);
        await viewerPage.getByRole('button', { name: REGISTER_BUTTON }).click();
        await expect(viewerPage).toHaveURL(/\/verify-otp$/);
        const code = await mailbox.waitForCode(viewer.email, {
          since: registered,
          subject: /verify your email/i,
        });
        await viewerPage.getByLabel(/otp|code/i).fill(code);
        await viewerPage.getByRole('button', { name: VERIFY_BUTTON }).click();
        await expect(viewerPage).toHaveURL(new RegExp(`/invitations/${token}$`));
        await viewerPage.getByRole('button', { name: 'Accept invitation' }).click();
        await expect(viewerPage).toHaveURL(new RegExp(`/collections/${research.id}$`));
      });

      await test.step('the collection page: read-only', async () => {
        await expect(viewerPage.getByRole('heading', { name: 'Research', level: 1 })).toBeVisible();
        await expect(viewerPage.getByTestId('role-badge')).toHaveText('Viewer');
        const note = viewerPage.getByTestId('note').filter({ hasText: 'Interview questions' });
        await expect(note).toBeVisible();
        await expect(note.getByRole('button')).toHaveCount(0);
        await expect(viewerPage.getByRole('textbox', { name: 'Note title' })).toHaveCount(0);
        for (const name of ['Share', 'Delete', 'Edit name', 'Edit description', 'Set Inactive']) {
          await expect(viewerPage.getByRole('button', { name, exact: true })).toHaveCount(0);
        }
        await expect(viewerPage.getByRole('combobox', { name: 'Add tag' })).toHaveCount(0);
        await checkOther(viewerPage, 'shared-collection');
      });

      await test.step('who has access: a read-only list with Leave collection', async () => {
        await viewerPage.getByRole('button', { name: 'Members' }).click();
        const members = viewerPage.getByRole('dialog', { name: 'People with access' });
        await expect(
          members
            .getByTestId('share-person')
            .filter({ hasText: `${owner.firstName} ${owner.lastName}` }),
        ).toContainText('Owner');
        await expect(members.getByRole('combobox')).toHaveCount(0);
        await expect(members.getByRole('button', { name: 'Leave collection' })).toBeVisible();
        await checkOther(viewerPage, 'members-dialog');
        await members.getByRole('button', { name: 'Done' }).click();
      });

      await test.step('its content and files: nothing to change', async () => {
        await viewerPage.getByRole('tab', { name: 'Content' }).click();
        await expect(viewerPage.getByRole('link', { name: 'New content' })).toHaveCount(0);
        const card = viewerPage.getByTestId('content-card').filter({ hasText: 'Guest list' });
        await expect(card.getByTestId('role-badge')).toHaveText('Viewer');
        await expect(card.getByRole('link', { name: 'Edit Guest list' })).toHaveCount(0);
        await expect(card.getByRole('button', { name: 'Delete Guest list' })).toHaveCount(0);
        await viewerPage.getByRole('tab', { name: 'Files & Attachments' }).click();
        await expect(viewerPage.getByText('No files yet.')).toBeVisible();
        await expect(viewerPage.getByRole('button', { name: 'Upload file' })).toHaveCount(0);
        await viewerPage.goto(`/content/${script.id}`);
        await expect(
          viewerPage.getByRole('heading', { name: 'Guest list', level: 1 }),
        ).toBeVisible();
        await expect(viewerPage.getByTestId('role-badge')).toHaveText('Viewer');
        await expect(viewerPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
        await expect(viewerPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
        await checkOther(viewerPage, 'shared-content-view');
      });

      await test.step('Collections: "Shared with me" names the owner and the role', async () => {
        await navigate(viewerPage, 'Collections');
        const shared = viewerPage.getByRole('region', { name: 'Shared with me' });
        const card = shared.getByTestId('collection-card').filter({ hasText: 'Research' });
        await expect(
          card.getByText(`Shared by ${owner.firstName} ${owner.lastName}`),
        ).toBeVisible();
        await expect(card.getByTestId('role-badge')).toHaveText('Viewer');
        await expect(card.getByRole('button', { name: /Delete collection/ })).toHaveCount(0);
        await checkOther(viewerPage, 'shared-collections');
      });

      await test.step('the owner’s card shows the viewer among its members', async () => {
        await navigate(page, 'Collections');
        const card = page.getByTestId('collection-card').filter({ hasText: 'Research' });
        await expect(
          card.getByRole('list', { name: 'Shared with' }).getByText('Alan Turing'),
        ).toBeAttached();
      });
    } finally {
      await other.context.close();
    }
  });

  test('removing a member while their tab is open ends their access there', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
    verifiedUser: owner,
  }) => {
    const member = person('member', 'Katherine', 'Johnson');
    await registerVerifiedUser(request, mailbox, member);
    const ownerApi = await libraryApiAs(request, owner);
    const memberApi = await libraryApiAs(request, member);
    const launch = await ownerApi.call<Created>('POST', pathOf('collections.create'), {
      name: 'Launch plan',
    });
    const since = Date.now();
    await ownerApi.call('POST', pathOf('members.invite', { id: launch.id }), {
      email: member.email,
      role: 'editor',
    });
    const token = await invitationToken(mailbox, member.email, since);
    await memberApi.call('POST', pathOf('invitations.accept', { token }));

    const other = await otherBrowser(browser, baseURL);
    try {
      const memberPage = other.page;
      await logIn(memberPage, member);
      await memberPage.goto(`/collections/${launch.id}`);
      await expect(
        memberPage.getByRole('heading', { name: 'Launch plan', level: 1 }),
      ).toBeVisible();
      await expect(memberPage.getByTestId('role-badge')).toHaveText('Editor');

      await test.step('the owner removes the member from the Share dialog', async () => {
        await logIn(page, owner);
        await page.goto(`/collections/${launch.id}`);
        const dialog = await openShareDialog(page);
        await dialog.getByRole('button', { name: 'Remove Katherine Johnson' }).click();
        await expect(dialog.getByText('Katherine Johnson no longer has access.')).toBeVisible();
        await expect(
          dialog.getByTestId('share-person').filter({ hasText: 'Katherine Johnson' }),
        ).toHaveCount(0);
      });

      await test.step('the member’s open tab says so and goes back to the list', async () => {
        // The open collection is asked again every 10 s (and on focus).
        await expect(memberPage.getByText(LOST_ACCESS)).toBeVisible({ timeout: 25_000 });
        await expect(memberPage).toHaveURL(/\/collections$/);
        await expect(memberPage.getByRole('heading', { name: 'My Collections' })).toBeVisible();
        await expect(memberPage.getByRole('region', { name: 'Shared with me' })).toHaveCount(0);
      });
    } finally {
      await other.context.close();
    }
  });
});
