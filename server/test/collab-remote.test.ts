import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { collabUrl, listen, openDocument, until, type Client } from './collab-support';

/**
 * The teleprompter's remote (decision 242; docs/api.md, "Writing together"): a channel of the
 * person's own, `remote:{user}:{key}`, whose two ends talk through presence only.
 */

let ctx: TestContext;
let url: string;
let me: Caller;
const clients: Client[] = [];

const key = () => randomBytes(16).toString('base64url');
const open = (name: string, token: string) => {
  const client = openDocument(url, name, token);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  ctx = await createTestApp();
  url = collabUrl(await listen(ctx.app));
  me = await signedInCaller(ctx);
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await ctx.close();
});

describe('a teleprompter remote channel', () => {
  it('carries presence between two sessions of the same person', async () => {
    const name = `remote:${me.id}:${key()}`;
    const prompter = open(name, me.access);
    const phone = open(name, me.access);
    await Promise.all([prompter.synced, phone.synced]);
    const seen = () => [...prompter.provider.awareness!.getStates().values()];
    phone.provider.setAwarenessField('remote', { seq: 1, command: { type: 'play' } });
    await until(
      () => seen().some((state) => (state.remote as { seq?: number } | undefined)?.seq === 1),
      'the command at the teleprompter',
    );
  });

  it('holds no text: what a client writes into it is never applied or sent on', async () => {
    const name = `remote:${me.id}:${key()}`;
    const one = open(name, me.access);
    const two = open(name, me.access);
    await Promise.all([one.synced, two.synced]);
    one.text.insert(0, 'not a script');
    one.provider.setAwarenessField('ping', 1);
    await until(
      () => [...two.provider.awareness!.getStates().values()].some((state) => state.ping === 1),
      'the presence after the text',
    );
    expect(two.text.toString()).toBe('');
    // One joining later gets the server's copy: empty too.
    const three = open(name, me.access);
    await three.synced;
    expect(three.text.toString()).toBe('');
  });

  it('is refused to anyone but its person, like an unknown document', async () => {
    const stranger = await signedInCaller(ctx);
    const theirs = open(`remote:${me.id}:${key()}`, stranger.access);
    await expect(theirs.synced).rejects.toThrow('not-found');
    const noToken = open(`remote:${me.id}:${key()}`, '');
    await expect(noToken.synced).rejects.toThrow('unauthorized');
  });

  it('closes within 1 s when the account is deleted', async () => {
    const leaving = await signedInCaller(ctx);
    const name = `remote:${leaving.id}:${key()}`;
    const prompter = open(name, leaving.access);
    await prompter.synced;
    const deleted = await leaving.post('/api/auth/delete-account/', { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ms = await until(() => prompter.closed, 'the channel to close', 3000);
    expect(ms).toBeLessThan(1000);
  });
});
