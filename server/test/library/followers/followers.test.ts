import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, FollowerCount } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import type { MailMessage } from '../../../src/mail/mailer';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/**
 * Followers by email (decision 247): a visitor follows a published collection from its public
 * page (a plain form), confirms by the one mail an unconfirmed address gets, and then gets one
 * mail per newly published item, through the mail queue in batches; every mail unsubscribes in
 * one click; the owner sees a count and may export the addresses; the form is rate-limited.
 */

let ctx: TestContext;
let owner: Caller;
let editor: Caller;
let stranger: Caller;
let collection: Collection;
let publicId: string;

const COLLECTIONS = '/api/collections/list/';
const CONTENTS = '/api/collections/contents-list/';
const BATCH = 2;
const INTERVAL_MS = 60_000;

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      followLimits: {
        perIp: { limit: 12, windowMs: 60 * 60 * 1000 },
        perAddress: { limit: 3, windowMs: 60 * 60 * 1000 },
        batchSize: BATCH,
        batchIntervalMs: INTERVAL_MS,
      },
    },
  );
  owner = await signedInCaller(ctx);
  editor = await signedInCaller(ctx);
  stranger = await signedInCaller(ctx);
  collection = (await owner.post(COLLECTIONS, { name: 'Weekly show' })).json<Collection>();
  await share(ctx, owner, collection.id, editor, 'editor');
  const published = await owner.post(`${COLLECTIONS}${collection.id}/publish/`);
  expect(published.statusCode, published.body).toBe(200);
  publicId = published.json<Collection>().public_id ?? '';
  expect(publicId).not.toBe('');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

let ipCounter = 1;
/** Each follow from its own address unless told: the per-IP limit is tested on its own. */
const follow = (email: string, ip = `10.0.0.${ipCounter++}`, id = publicId) =>
  ctx.app.inject({
    method: 'POST',
    url: pathOf('followers.follow', { public_id: id }),
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email }).toString(),
  });

const mailsTo = (to: string) => ctx.outbox.messages.filter((m) => m.to === to.toLowerCase());

/** The link of a mail's text that starts with `path`, as a path and query of this app. */
function linkIn(mail: MailMessage | undefined, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?token=[^\\s]+`).exec(
    mail?.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in ${mail?.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

async function sendMails() {
  await ctx.jobs.runDue();
  await ctx.mailQueue.drain();
}

const count = async () => {
  const res = await owner.get(pathOf('followers.count', { id: collection.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FollowerCount>();
};

async function followAndConfirm(email: string) {
  expect((await follow(email)).statusCode).toBe(200);
  await ctx.mailQueue.drain();
  const confirm = linkIn(mailsTo(email).at(-1), pathOf('followers.confirmPage'));
  const res = await ctx.app.inject({ method: 'POST', url: confirm });
  expect(res.statusCode, res.body).toBe(200);
}

async function publishItem(title: string, collections = [collection.id]) {
  const res = await owner.post(CONTENTS, {
    title,
    content: `${title} script`,
    summary: `All about ${title}.`,
    collections,
    is_public: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}

describe('the public page', () => {
  it('has a plain follow form posting to this site', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: pathOf('public.page', { public_id: publicId }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<form method="post" action="${pathOf('followers.follow', { public_id: publicId })}">`,
    );
    expect(res.body).toContain('<label for="follow-email">Email address</label>');
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('answers the public 404 for a collection that is not on the web', async () => {
    const res = await follow('someone@example.com', '10.9.9.9', 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('says so, as a page, when the address is not one', async () => {
    const res = await follow('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Enter a valid email address');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('double opt-in', () => {
  const email = 'Fan@Example.com';

  it('sends one confirmation mail, and none again to a pending address within a day', async () => {
    const first = await follow(email);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Check your inbox');
    await ctx.mailQueue.drain();
    expect(mailsTo(email)).toHaveLength(1);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Confirm you want to follow “Weekly show”');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/followers\/unsubscribe\/\?token=/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const again = await follow(email.toLowerCase());
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body.replace('Fan@Example.com', 'fan@example.com'));
    await ctx.mailQueue.drain();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await count()).toEqual({ followers: 0, pending: 1 });
  });

  it('mails a pending address nothing about new items', async () => {
    await publishItem('Before confirming');
    await sendMails();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('confirms only with the button: the link opened changes nothing', async () => {
    const confirm = linkIn(mailsTo(email)[0], pathOf('followers.confirmPage'));
    const page = await ctx.app.inject({ method: 'GET', url: confirm });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<form method="post"><button type="submit">Confirm</button></form>',
    );
    expect(await count()).toEqual({ followers: 0, pending: 1 });
    const done = await ctx.app.inject({ method: 'POST', url: confirm });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are following');
    expect(await count()).toEqual({ followers: 1, pending: 0 });
  });

  it('refuses a forged or altered link', async () => {
    const confirm = linkIn(mailsTo(email)[0], pathOf('followers.confirmPage'));
    const forged = confirm.replace(/token=\d+/, 'token=999');
    for (const url of [forged, `${pathOf('followers.confirmPage')}?token=nonsense`]) {
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('This link does not work');
    }
  });

  it('sends a follower who follows again no mail', async () => {
    expect((await follow(email)).statusCode).toBe(200);
    await ctx.mailQueue.drain();
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('new items', () => {
  const email = 'fan@example.com';

  it('sends each follower exactly one mail per newly published item', async () => {
    const item = await publishItem('Episode 13');
    await sendMails();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('New in “Weekly show”: Episode 13');
    expect(mail?.text).toContain(`/p/${publicId}/${item.id}`);
    expect(mail?.text).toContain('All about Episode 13.');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/\/api\/followers\/unsubscribe\/\?token=/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Edits, Update public page, switching it off and on again: no second mail.
    await owner.patch(`${CONTENTS}${item.id}/`, { content: 'New words' });
    await owner.post(`${CONTENTS}${item.id}/publish/`);
    await owner.patch(`${CONTENTS}${item.id}/`, { is_public: false });
    await owner.patch(`${CONTENTS}${item.id}/`, { is_public: true });
    await sendMails();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('tells of a private item only when it is switched to its public page', async () => {
    const res = await owner.post(CONTENTS, {
      title: 'Draft',
      content: 'Not yet',
      collections: [collection.id],
    });
    const item = res.json<ContentItem>();
    await sendMails();
    expect(mailsTo(email)).toHaveLength(2);
    await owner.patch(`${CONTENTS}${item.id}/`, { is_public: true });
    await sendMails();
    expect(mailsTo(email)).toHaveLength(3);
    expect(mailsTo(email).at(-1)?.subject).toBe('New in “Weekly show”: Draft');
  });

  it('tells of a public item put in the collection later', async () => {
    const elsewhere = (await owner.post(COLLECTIONS, { name: 'Elsewhere' })).json<Collection>();
    const item = await publishItem('Moved in', [elsewhere.id]);
    await sendMails();
    expect(mailsTo(email)).toHaveLength(3);
    await owner.patch(`${CONTENTS}${item.id}/`, { collections: [elsewhere.id, collection.id] });
    await sendMails();
    expect(mailsTo(email)).toHaveLength(4);
  });

  it('names the owner’s texts without links', async () => {
    await publishItem('Win at evil.example now');
    await sendMails();
    const mail = mailsTo(email).at(-1);
    expect(mail?.subject).toBe('New in “Weekly show”: Win at [link removed] now');
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.html).not.toContain('evil.example');
  });

  it('queues the mails in batches, one batch per interval', async () => {
    const emails = ['b1@example.com', 'b2@example.com', 'b3@example.com', 'b4@example.com'];
    for (const address of emails) await followAndConfirm(address);
    await publishItem('Batched');
    await sendMails();
    const got = () =>
      [email, ...emails].filter((to) => mailsTo(to).at(-1)?.subject?.endsWith('Batched'));
    expect(got()).toHaveLength(BATCH);
    await sendMails();
    expect(got()).toHaveLength(BATCH);
    ctx.clock.advance(INTERVAL_MS + 1000);
    await sendMails();
    expect(got()).toHaveLength(2 * BATCH);
    ctx.clock.advance(INTERVAL_MS + 1000);
    await sendMails();
    expect(got()).toHaveLength(5);
    ctx.clock.advance(INTERVAL_MS + 1000);
    await sendMails();
    // Exactly one each.
    for (const to of [email, ...emails]) {
      expect(
        mailsTo(to).filter((m) => m.subject.endsWith('Batched')),
        to,
      ).toHaveLength(1);
    }
  });
});

describe('unsubscribing', () => {
  it('works in one click (RFC 8058), forgets the address and sends nothing more', async () => {
    const email = 'b1@example.com';
    const link = linkIn(mailsTo(email).at(-1), pathOf('followers.unsubscribePage'));
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop the emails about new items in “Weekly show”?');
    const before = await count();
    const res = await ctx.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(await count()).toEqual({ ...before, followers: before.followers - 1 });
    const again = await ctx.app.inject({ method: 'POST', url: link });
    expect(again.statusCode).toBe(200);
    const sent = mailsTo(email).length;
    await publishItem('After leaving');
    await sendMails();
    ctx.clock.advance(10 * INTERVAL_MS);
    await sendMails();
    expect(mailsTo(email)).toHaveLength(sent);
    const csv = await owner.get(pathOf('followers.export', { id: collection.id }));
    expect(csv.body).not.toContain(email);
  });
});

describe('the owner', () => {
  it('sees the count, and the addresses only in the export', async () => {
    const res = await owner.get(pathOf('followers.count', { id: collection.id }));
    expect(res.body).not.toContain('@');
    const csv = await owner.get(pathOf('followers.export', { id: collection.id }));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="followers.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,following_since');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'fan@example.com',
      'b2@example.com',
      'b3@example.com',
      'b4@example.com',
    ]);
  });

  it('alone: an editor 403, anyone else 404', async () => {
    for (const name of ['followers.count', 'followers.export'] as const) {
      const path = pathOf(name, { id: collection.id });
      expect((await editor.get(path)).statusCode, name).toBe(403);
      expect((await stranger.get(path)).statusCode, name).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode, name).toBe(401);
    }
  });
});

describe('abuse limits', () => {
  it('limits follows per address, whatever the collection', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < 3; i++) expect((await follow(email)).statusCode).toBe(200);
    const refused = await follow(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many follow requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.mailQueue.drain();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('limits follows per IP address', async () => {
    const ip = '192.0.2.7';
    const answers: number[] = [];
    for (let i = 0; i < 13; i++) answers.push((await follow(`ip${i}@example.com`, ip)).statusCode);
    expect(answers.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(answers[12]).toBe(429);
  });

  it('forgets an unconfirmed address after a week; then it may ask again', async () => {
    const email = 'late@example.com';
    await follow(email);
    await ctx.mailQueue.drain();
    const link = linkIn(mailsTo(email)[0], pathOf('followers.confirmPage'));
    ctx.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await ctx.app.inject({ method: 'POST', url: link })).statusCode).toBe(400);
    await follow(email);
    await ctx.mailQueue.drain();
    expect(mailsTo(email)).toHaveLength(2);
  });
});
