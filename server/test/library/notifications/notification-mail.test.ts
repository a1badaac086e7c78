import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import pino from 'pino';
import type { Collection, ContentItem, NotificationSettings } from '@cw/contract';
import { createMailer } from '../../../src/mail/mailer';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/**
 * Notification mail through a real SMTP server (decisions 225, 226): at most one mail per
 * person per 10 minutes, batching what came in; every mail has a one-click unsubscribe link,
 * also in its headers, that works without signing in.
 */

const caught: ParsedMail[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let owner: Caller;
let editor: Caller;
let item: ContentItem;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          caught.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Creator Workspace <no-reply@example.test>',
    devMailDir: '/tmp/unused',
    logger: pino({ enabled: false }),
  });
  ctx = await createTestApp({}, { alsoMailTo: mailer });
  owner = await signedInCaller(ctx);
  editor = await signedInCaller(ctx);
  const collection = (
    await owner.post('/api/collections/list/', { name: 'Weekly show' })
  ).json<Collection>();
  item = (
    await owner.post('/api/collections/contents-list/', {
      title: 'Episode 12',
      content: 'Intro',
      collections: [collection.id],
    })
  ).json<ContentItem>();
  await share(ctx, owner, collection.id, editor, 'editor');
});

afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const notificationMailsTo = (email: string) =>
  caught.filter(
    (mail) =>
      mail.subject?.includes('notification') &&
      (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) =>
        to?.value.some((entry) => entry.address === email),
      ),
  );

const move = async (status: string) => {
  const res = await editor.patch(`/api/collections/contents-list/${item.id}/`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

const MINUTE = 60 * 1000;

describe('notification mail', () => {
  let unsubscribe = '';

  it('batches what came in: three moves, one mail; the next waits for the 10 minutes', async () => {
    await move('scripting');
    await move('recording');
    await move('editing');
    await ctx.mailQueue.drain();
    const [first, ...more] = notificationMailsTo(owner.email);
    expect(more).toEqual([]);
    expect(first!.subject).toBe('3 new notifications on Creator Workspace');
    const editorName = `${editor.firstName} ${editor.lastName}`;
    expect(first!.text).toContain(`${editorName} moved “Episode 12” from Idea to Scripting`);
    expect(first!.text).toContain('from Scripting to Recording');
    expect(first!.text).toContain('from Recording to Editing');
    expect(first!.text).toContain(`/content/${item.id}`);
    // RFC 2369 and RFC 8058 headers.
    const raw = (key: string) =>
      first!.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    const link = /<(https?:\/\/[^>]+)>/.exec(raw('list-unsubscribe') ?? '')?.[1];
    expect(link).toMatch(/\/api\/notifications\/unsubscribe\/\?token=/);
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(first!.text).toContain(link!);
    unsubscribe = link!;

    await move('published');
    await ctx.mailQueue.drain();
    expect(notificationMailsTo(owner.email)).toHaveLength(1);
    ctx.clock.advance(9 * MINUTE);
    await ctx.mailQueue.drain();
    expect(notificationMailsTo(owner.email)).toHaveLength(1);
    ctx.clock.advance(1 * MINUTE + 1000);
    await ctx.mailQueue.drain();
    const mails = notificationMailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('1 new notification on Creator Workspace');
    expect(mails[1]!.text).toContain('from Editing to Published');
    // The editor was told nothing by mail of their own moves.
    expect(notificationMailsTo(editor.email)).toEqual([]);
  });

  it('unsubscribes in one click without signing in; then no more mail', async () => {
    const url = new URL(unsubscribe);
    const path = `${url.pathname}${url.search}`;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    // Opening the page (as a mail scanner does) changes nothing.
    const settings = async () =>
      (await owner.get('/api/notifications/settings/')).json<NotificationSettings>().mail;
    expect((await settings()).status).toBe(true);

    const tampered = path.replace(/token=(\d+)\./, (_m, id: string) => `token=${Number(id) + 1}.`);
    for (const bad of [tampered, `${url.pathname}?token=nope`, url.pathname]) {
      const res = await ctx.app.inject({ method: 'POST', url: bad });
      expect(res.statusCode, bad).toBe(400);
    }

    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await settings()).toEqual({
      mention: false,
      reply: false,
      comment: false,
      shared: false,
      status: false,
    });

    ctx.clock.advance(11 * MINUTE);
    await move('idea');
    ctx.clock.advance(11 * MINUTE);
    await ctx.mailQueue.drain();
    expect(notificationMailsTo(owner.email)).toHaveLength(2);
    // In the app it is still there.
    const unread = await owner.get('/api/notifications/unread/');
    expect(unread.json<{ unread: number }>().unread).toBe(5);
  });
});
