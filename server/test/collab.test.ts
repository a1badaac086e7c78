import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ContentItem, Paginated, Version, VersionSummary } from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { share } from './sharing-helpers';
import { collabUrl, listen, newItem, openDocument, until, type Client } from './collab-support';

/**
 * Live co-editing (docs/api.md, "Writing together"): real providers over a real socket to the
 * app, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let ctx: TestContext;
let url: string;
let owner: Caller;
const clients: Client[] = [];

const open = (contentId: number, token: string) => {
  const client = openDocument(url, contentId, token);
  clients.push(client);
  return client;
};

const itemOf = async (by: Caller, id: number) =>
  (await by.get(`/api/collections/contents-list/${id}/`)).json<ContentItem>();

/** Waits until the item's stored text is `text` (it follows the document within 2 s). */
async function storedTextBecomes(by: Caller, id: number, text: string) {
  const started = Date.now();
  for (;;) {
    const item = await itemOf(by, id);
    if (item.content === text) return { item, ms: Date.now() - started };
    if (Date.now() - started > 5000) expect(item.content).toBe(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sharedCollection(role: 'editor' | 'viewer', person: Caller) {
  const res = await owner.post('/api/collections/list/', { name: `Shared ${role}` });
  expect(res.statusCode, res.body).toBe(201);
  const collectionId = res.json<{ id: number }>().id;
  const member = await share(ctx, owner, collectionId, person, role);
  return { collectionId, member };
}

beforeAll(async () => {
  ctx = await createTestApp();
  url = collabUrl(await listen(ctx.app));
  owner = await signedInCaller(ctx);
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await ctx.close();
});

describe('two editors of one document', () => {
  it('merge what both type, and the item’s text follows within 2 s', async () => {
    const item = await newItem(owner, 'Hello');
    const laptop = open(item.id, owner.access);
    const phone = open(item.id, owner.access);
    await Promise.all([laptop.synced, phone.synced]);
    expect(laptop.text.toString()).toBe('Hello');
    laptop.text.insert(5, ' from the laptop');
    phone.text.insert(0, 'Phone: ');
    await until(
      () => laptop.text.toString() === phone.text.toString() && laptop.text.length > 20,
      'both texts to converge',
    );
    expect(laptop.text.toString()).toBe('Phone: Hello from the laptop');
    await Promise.all([laptop.saved(), phone.saved()]);
    const { item: stored, ms } = await storedTextBecomes(
      owner,
      item.id,
      'Phone: Hello from the laptop',
    );
    expect(ms).toBeLessThan(2000);
    expect(stored.word_count).toBe(5);
    expect(stored.updated_by?.id).toBe(owner.id);
  });
});

describe('the collection’s activity', () => {
  it('what an editor types live is one edited entry of theirs (folded per 5 minutes)', async () => {
    const editor = await signedInCaller(ctx);
    const { collectionId } = await sharedCollection('editor', editor);
    const item = await newItem(owner, 'Draft', [collectionId]);
    const client = open(item.id, editor.access);
    await client.synced;
    client.text.insert(5, ' one');
    await client.saved();
    await storedTextBecomes(owner, item.id, 'Draft one');
    client.text.insert(9, ' two');
    await client.saved();
    await storedTextBecomes(owner, item.id, 'Draft one two');
    const activity = (await owner.get(`/api/collections/list/${collectionId}/activity/`)).json<
      Paginated<Activity>
    >().results;
    const edits = activity.filter((entry) => entry.kind === 'edited');
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      actor_name: `${editor.firstName} ${editor.lastName}`,
      content_id: item.id,
    });
  });
});

describe('one editor typing fast', () => {
  it('each keystroke its own update: all are kept and the socket stays open', async () => {
    const item = await newItem(owner, 'Fast');
    const client = open(item.id, owner.access);
    await client.synced;
    const typed = ' and furious typing';
    for (const [index, char] of [...typed].entries()) client.text.insert(4 + index, char);
    await client.saved();
    expect(client.closed).toBe(false);
    await storedTextBecomes(owner, item.id, `Fast${typed}`);
  });
});

describe('who may open a document', () => {
  it('a viewer receives the document and edits, and the server drops what a viewer sends', async () => {
    const viewer = await signedInCaller(ctx);
    const { collectionId } = await sharedCollection('viewer', viewer);
    const item = await newItem(owner, 'Read me', [collectionId]);
    const writer = open(item.id, owner.access);
    const reader = open(item.id, viewer.access);
    await Promise.all([writer.synced, reader.synced]);
    expect(reader.provider.authorizedScope).toBe('readonly');
    reader.text.insert(0, 'VIEWER WAS HERE ');
    writer.text.insert(7, ' carefully');
    await until(() => reader.text.toString().includes('carefully'), 'the viewer to see the edit');
    await writer.saved();
    await storedTextBecomes(owner, item.id, 'Read me carefully');
    // A fresh editor sees what the server holds: nothing of the viewer's.
    const fresh = open(item.id, owner.access);
    await fresh.synced;
    expect(fresh.text.toString()).toBe('Read me carefully');
  });

  it('an unknown item, another person’s and one without a valid token are refused alike', async () => {
    const stranger = await signedInCaller(ctx);
    const item = await newItem(owner, 'Private');
    const theirs = open(item.id, stranger.access);
    await expect(theirs.synced).rejects.toThrow('not-found');
    const unknown = open(2_000_000_000, owner.access);
    await expect(unknown.synced).rejects.toThrow('not-found');
    const noToken = open(item.id, '');
    await expect(noToken.synced).rejects.toThrow('unauthorized');
    const forged = open(item.id, `${owner.access.slice(0, -4)}AAAA`);
    await expect(forged.synced).rejects.toThrow('unauthorized');
  });

  it('a removed member is disconnected within 1 s, and cannot come back', async () => {
    const editor = await signedInCaller(ctx);
    const { collectionId, member } = await sharedCollection('editor', editor);
    const item = await newItem(owner, 'Shared', [collectionId]);
    const client = open(item.id, editor.access);
    await client.synced;
    const removed = await owner.delete(
      `/api/collections/list/${collectionId}/members/${member.id}/`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const ms = await until(() => client.closed, 'the removed member’s connection to close', 3000);
    expect(ms).toBeLessThan(1000);
    const again = open(item.id, editor.access);
    await expect(again.synced).rejects.toThrow('not-found');
  });

  it('an editor made a viewer can no longer change the document', async () => {
    const editor = await signedInCaller(ctx);
    const { collectionId, member } = await sharedCollection('editor', editor);
    const item = await newItem(owner, 'Demoted', [collectionId]);
    const client = open(item.id, editor.access);
    await client.synced;
    const res = await owner.patch(`/api/collections/list/${collectionId}/members/${member.id}/`, {
      role: 'viewer',
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    client.text.insert(0, 'NOT ALLOWED ');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await itemOf(owner, item.id)).content).toBe('Demoted');
  });

  it('trashing the item closes its connections within 1 s', async () => {
    const item = await newItem(owner, 'Bin me');
    const client = open(item.id, owner.access);
    await client.synced;
    expect((await owner.delete(`/api/collections/contents-list/${item.id}/`)).statusCode).toBe(204);
    const ms = await until(() => client.closed, 'the connection to close', 3000);
    expect(ms).toBeLessThan(1000);
  });
});

describe('access taken away in other ways', () => {
  it('trashing the collection closes its members’ connections within 1 s', async () => {
    const editor = await signedInCaller(ctx);
    const { collectionId } = await sharedCollection('editor', editor);
    const item = await newItem(owner, 'In a collection', [collectionId]);
    const client = open(item.id, editor.access);
    await client.synced;
    const trashed = await owner.delete(`/api/collections/list/${collectionId}/`);
    expect(trashed.statusCode, trashed.body).toBe(204);
    const ms = await until(() => client.closed, 'the member’s connection to close', 3000);
    expect(ms).toBeLessThan(1000);
  });

  it('deleting the account closes every connection to its items within 1 s', async () => {
    const leaving = await signedInCaller(ctx);
    const editor = await signedInCaller(ctx);
    const made = await leaving.post('/api/collections/list/', { name: 'Closing down' });
    const collectionId = made.json<{ id: number }>().id;
    await share(ctx, leaving, collectionId, editor, 'editor');
    const item = await newItem(leaving, 'Last words', [collectionId]);
    const theirs = open(item.id, leaving.access);
    const guest = open(item.id, editor.access);
    await Promise.all([theirs.synced, guest.synced]);
    const deleted = await leaving.post('/api/auth/delete-account/', { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ms = await until(() => theirs.closed && guest.closed, 'both connections to close', 3000);
    expect(ms).toBeLessThan(1000);
  });
});

describe('REST beside the document', () => {
  const itemUrl = (id: number) => `/api/collections/contents-list/${id}/`;
  const patchWith = (by: Caller, id: number, body: object, ifMatch?: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: itemUrl(id),
      headers: { ...by.auth, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload: body,
    });

  it('a stale If-Match is a 412 with the current item, and nothing changes', async () => {
    const item = await newItem(owner, 'Version one');
    const etag = String((await owner.get(itemUrl(item.id))).headers.etag);
    const client = open(item.id, owner.access);
    await client.synced;
    client.text.insert(11, ' and a line typed live');
    await client.saved();
    const stale = await patchWith(owner, item.id, { content: 'Overwrite' }, etag);
    expect(stale.statusCode, stale.body).toBe(412);
    const body = stale.json<{ code: string; current: ContentItem }>();
    expect(body.code).toBe('precondition_failed');
    expect(body.current.content).toBe('Version one and a line typed live');
    expect(client.text.toString()).toBe('Version one and a line typed live');
    const fresh = String((await owner.get(itemUrl(item.id))).headers.etag);
    expect(fresh).not.toBe(etag);
    const ok = await patchWith(owner, item.id, { content: 'Version two' }, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).not.toBe(fresh);
  });

  it('a PATCH reaches open editors at once, keeping what they typed elsewhere', async () => {
    const item = await newItem(owner, 'Intro\n\nBody\n\nOutro');
    const client = open(item.id, owner.access);
    await client.synced;
    const res = await patchWith(owner, item.id, { content: 'Intro\n\nNew body\n\nOutro' });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => client.text.toString().includes('New body'), 'the editor to see the save');
    expect(client.text.toString()).toBe('Intro\n\nNew body\n\nOutro');
    // The text a save without If-Match replaced is a version of its own.
    const versions = await owner.get(`${itemUrl(item.id)}versions/`);
    const page = versions.json<Paginated<VersionSummary>>();
    const newest = await owner.get(`${itemUrl(item.id)}versions/${page.results[0]!.id}/`);
    expect(newest.json<Version>().content).toBe('Intro\n\nBody\n\nOutro');
  });

  it('restoring a version is an edit every open editor sees', async () => {
    const item = await newItem(owner, 'Take one');
    const client = open(item.id, owner.access);
    await client.synced;
    const named = await owner.post(`${itemUrl(item.id)}versions/`, { label: 'first' });
    expect(named.statusCode, named.body).toBe(201);
    client.text.delete(0, client.text.length);
    client.text.insert(0, 'Take two, live');
    await client.saved();
    const restored = await owner.post(
      `${itemUrl(item.id)}versions/${named.json<Version>().id}/restore/`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    await until(() => client.text.toString() === 'Take one', 'the editor to see the restore');
    expect(restored.json<ContentItem>().content).toBe('Take one');
  });

  it('a named version is the document as typed a moment ago', async () => {
    const item = await newItem(owner, 'Draft');
    const client = open(item.id, owner.access);
    await client.synced;
    client.text.insert(5, ' typed just now');
    await client.saved();
    const named = await owner.post(`${itemUrl(item.id)}versions/`, { label: 'now' });
    expect(named.json<Version>().content).toBe('Draft typed just now');
  });
});

describe('storage', () => {
  it('folds many updates into the state, and the text survives a reopen', async () => {
    const item = await newItem(owner, 'Count:');
    const client = open(item.id, owner.access);
    await client.synced;
    for (let i = 0; i < 150; i++) {
      client.text.insert(client.text.length, `${i} `);
      if (i % 10 === 0) await client.saved();
    }
    await client.saved();
    const expected = client.text.toString();
    await storedTextBecomes(owner, item.id, expected);
    client.destroy();
    const reopened = open(item.id, owner.access);
    await reopened.synced;
    expect(reopened.text.toString()).toBe(expected);
    const pending = await ctx.database.db.execute(
      sql`select count(*)::int as n from content_document_updates where content_id = ${item.id}`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeLessThan(100);
  });
});

describe('the socket’s address', () => {
  it('answers a plain GET with 426, and refuses an upgrade anywhere else with 404', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/collab' });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ code: 'upgrade_required' });
    expect(plain.headers.upgrade).toBe('websocket');
    const elsewhere = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url.replace('/api/collab', '/api/health'));
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('an upgrade of /api/health was accepted')));
      socket.on('error', () => undefined);
    });
    expect(elsewhere).toBe(404);
  });
});

describe('messages the product does not use', () => {
  it('a stateless broadcast closes its socket (4400) and reaches no other editor', async () => {
    const item = await newItem(owner, 'Quiet');
    const listener = open(item.id, owner.access);
    const sender = open(item.id, owner.access);
    await Promise.all([listener.synced, sender.synced]);
    const heard: string[] = [];
    listener.provider.on('stateless', ({ payload }: { payload: string }) => heard.push(payload));
    let closeCode = 0;
    sender.socket.on('close', ({ event }: { event: { code: number } }) => {
      closeCode = event.code;
    });
    sender.provider.sendStateless('spam to every editor');
    await until(() => closeCode !== 0, 'the sender’s socket to close');
    expect(closeCode).toBe(4400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });
});
