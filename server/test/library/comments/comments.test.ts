import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Collection, ContentItem, Paginated, Person, Thread } from '@cw/contract';
import { DocumentsService } from '../../../src/collab/documents.service';
import { TEXT_NAME } from '../../../src/collab/documents';
import { anchorOf } from '../../../src/library/comments/anchors';
import {
  CommentsService,
  type CommentWritten,
} from '../../../src/library/comments/comments.service';
import { LibraryStore } from '../../../src/library/library-store';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import { asCaller } from '../services';

/** Comments on content items (docs/api.md, "Comments"; decisions 221, 222), on both databases. */
let ctx: TestContext;
let documents: DocumentsService;
let owner: Caller;
let editor: Caller;
let viewer: Caller;
let stranger: Caller;
let collection: Collection;

beforeAll(async () => {
  ctx = await createTestApp();
  documents = new DocumentsService(new LibraryStore(ctx.database.db, ctx.clock.now), ctx.clock.now);
  [owner, editor, viewer, stranger] = await Promise.all([
    signedInCaller(ctx),
    signedInCaller(ctx),
    signedInCaller(ctx),
    signedInCaller(ctx),
  ]);
  collection = (await owner.post('/api/collections/list/', { name: 'Season' })).json<Collection>();
  await share(ctx, owner, collection.id, editor, 'editor');
  await share(ctx, owner, collection.id, viewer, 'viewer');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const SCRIPT = 'Intro. The sponsor read goes here. Outro.';
const itemPath = (id: number) => `/api/collections/contents-list/${id}/`;

async function newItem(content = SCRIPT): Promise<ContentItem> {
  const res = await owner.post('/api/collections/contents-list/', {
    title: 'Episode',
    content,
    collections: [collection.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}

/** An editor's copy of the item's stored document, and a way to store its edits. */
async function liveCopy(id: number) {
  const stored = await documents.open(id);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(stored!));
  const text = doc.getText(TEXT_NAME);
  return {
    text,
    anchor: (passage: string) => {
      const from = text.toString().indexOf(passage);
      return anchorOf(text, from, from + passage.length);
    },
    edit: async (change: (text: Y.Text) => void) => {
      let update: Uint8Array | undefined;
      doc.once('update', (made: Uint8Array) => (update = made));
      change(text);
      await documents.append(id, update!, owner.id);
    },
  };
}

async function start(caller: Caller, id: number, body: object): Promise<Thread> {
  const res = await caller.post(`${itemPath(id)}threads/`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Thread>();
}
async function threads(caller: Caller, id: number, query = ''): Promise<Paginated<Thread>> {
  const res = await caller.get(`${itemPath(id)}threads/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<Thread>>();
}

describe('comments on a passage', () => {
  it('anchors a thread to a passage, quotes it, follows edits and marks it detached once deleted', async () => {
    const item = await newItem();
    const live = await liveCopy(item.id);
    const thread = await start(editor, item.id, {
      body: 'Cut this?',
      anchor: live.anchor('sponsor read'),
    });
    expect(thread).toMatchObject({
      content_id: item.id,
      anchor: { quote: 'sponsor read' },
      detached: false,
      resolved: false,
      comments: [{ body: 'Cut this?', author: { id: editor.id }, deleted: false }],
    });
    await live.edit((text) => text.insert(0, 'Cold open. '));
    await live.edit((text) => text.insert(text.toString().indexOf('read'), 'big '));
    expect((await threads(owner, item.id)).results[0]!.detached).toBe(false);
    await live.edit((text) => {
      const at = text.toString().indexOf('sponsor big read');
      text.delete(at, 'sponsor big read'.length);
    });
    const after = await threads(viewer, item.id);
    expect(after.count).toBe(1);
    expect(after.results[0]).toMatchObject({ detached: true, anchor: { quote: 'sponsor read' } });
  });

  it('refuses an anchor the saved document does not hold, or that is not one', async () => {
    const item = await newItem();
    const elsewhere = new Y.Doc().getText(TEXT_NAME);
    elsewhere.insert(0, 'Something else entirely');
    for (const anchor of [
      anchorOf(elsewhere, 0, 9),
      { start: 'AAAA', end: 'AAAA' },
      { start: 'not base64!', end: 'x' },
    ]) {
      const res = await owner.post(`${itemPath(item.id)}threads/`, { body: 'Hm', anchor });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('threads and comments', () => {
  it('replies, resolves, reopens, filters and pages', async () => {
    const item = await newItem();
    const thread = await start(owner, item.id, { body: 'Whole item: **too long**' });
    expect(thread.anchor).toBeNull();
    const replied = await viewer.post(`${itemPath(item.id)}threads/${thread.id}/comments/`, {
      body: 'Agreed',
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json<Thread>().comments.map((c) => c.body)).toEqual([
      'Whole item: **too long**',
      'Agreed',
    ]);
    await start(editor, item.id, { body: 'Second' });
    const resolved = await viewer.post(`${itemPath(item.id)}threads/${thread.id}/resolve/`);
    expect(resolved.json<Thread>()).toMatchObject({
      resolved: true,
      resolved_by: { id: viewer.id },
    });
    expect(
      (await threads(owner, item.id, '?resolved=false')).results.map((t) => t.comments[0]!.body),
    ).toEqual(['Second']);
    expect((await threads(owner, item.id, '?resolved=true')).count).toBe(1);
    const page = await threads(owner, item.id, '?page_size=1');
    expect(page).toMatchObject({ count: 2, previous: null });
    expect(page.next).toContain('page=2');
    const reopened = await editor.delete(`${itemPath(item.id)}threads/${thread.id}/resolve/`);
    expect(reopened.json<Thread>()).toMatchObject({ resolved: false, resolved_by: null });
  });

  it('lets only the author edit or delete a comment; a first comment with replies stays emptied', async () => {
    const item = await newItem();
    const thread = await start(editor, item.id, { body: 'First' });
    const first = thread.comments[0]!.id;
    ctx.clock.advance(60_000);
    const edited = await editor.patch(`${itemPath(item.id)}comments/${first}/`, { body: 'First!' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Thread>().comments[0]).toMatchObject({ body: 'First!' });
    expect(edited.json<Thread>().comments[0]!.edited_on).not.toBeNull();
    expect(
      (await owner.patch(`${itemPath(item.id)}comments/${first}/`, { body: 'x' })).statusCode,
    ).toBe(403);
    expect((await owner.delete(`${itemPath(item.id)}comments/${first}/`)).statusCode).toBe(403);
    const reply = (
      await owner.post(`${itemPath(item.id)}threads/${thread.id}/comments/`, { body: 'Reply' })
    ).json<Thread>().comments[1]!.id;
    expect((await editor.delete(`${itemPath(item.id)}comments/${first}/`)).statusCode).toBe(204);
    const [kept] = (await threads(viewer, item.id)).results;
    expect(kept!.comments).toMatchObject([
      { id: first, body: '', deleted: true },
      { id: reply, body: 'Reply' },
    ]);
    // An emptied comment is no one's to change; the last reply going takes the thread with it.
    expect(
      (await editor.patch(`${itemPath(item.id)}comments/${first}/`, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await owner.delete(`${itemPath(item.id)}comments/${reply}/`)).statusCode).toBe(204);
    expect((await threads(owner, item.id)).count).toBe(0);
  });

  it('refuses empty and too long bodies, and ids of another item', async () => {
    const item = await newItem();
    const other = await newItem();
    for (const body of ['', '   ', 'x'.repeat(10_001), 'a\u0000b']) {
      expect((await owner.post(`${itemPath(item.id)}threads/`, { body })).statusCode).toBe(400);
    }
    const thread = await start(owner, item.id, { body: 'Here' });
    const wrong = await owner.post(`${itemPath(other.id)}threads/${thread.id}/comments/`, {
      body: 'x',
    });
    expect(wrong.statusCode).toBe(404);
    expect(
      (await owner.patch(`${itemPath(other.id)}comments/${thread.comments[0]!.id}/`, { body: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for an item in the trash and shows no comment on public pages', async () => {
    const item = await newItem();
    await owner.patch(itemPath(item.id), { is_public: true });
    await start(owner, item.id, { body: 'Private remark' });
    const published = await owner.post(`/api/collections/list/${collection.id}/publish/`);
    const publicId = published.json<Collection>().public_id;
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${publicId}/${item.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Private remark');
    expect((await owner.delete(itemPath(item.id))).statusCode).toBe(204);
    expect((await owner.get(`${itemPath(item.id)}threads/`)).statusCode).toBe(404);
    expect((await editor.post(`${itemPath(item.id)}threads/`, { body: 'x' })).statusCode).toBe(404);
  });
});

describe('mentions', () => {
  it('lists the people who can read the item and keeps only their mentions', async () => {
    const item = await newItem();
    const people = (await viewer.get(`${itemPath(item.id)}people/`)).json<Paginated<Person>>();
    expect(people.results.map((p) => p.id).sort()).toEqual([owner.id, editor.id, viewer.id].sort());
    expect(people.results.find((p) => p.id === owner.id)!.name).toBe(
      `${owner.firstName} ${owner.lastName}`,
    );
    const thread = await start(editor, item.id, {
      body: `@[Owner](user:${owner.id}) and @[Nobody](user:${stranger.id}) look`,
    });
    expect(thread.comments[0]!.mentions).toEqual([owner.id]);
  });

  it('tells the listener of each write, in its transaction, with who is newly mentioned', async () => {
    const item = await newItem();
    const events: CommentWritten[] = [];
    const service = new CommentsService(
      new LibraryStore(ctx.database.db, ctx.clock.now),
      ctx.clock.now,
      async (_repos, event) => {
        events.push(event);
      },
    );
    const thread = await service.start(asCaller(editor), item.id, {
      body: `@[O](user:${owner.id}) please`,
    });
    await service.reply(asCaller(viewer), item.id, thread.id, 'Me too');
    const mine = (await service.reply(asCaller(owner), item.id, thread.id, 'Ok')).comments[2]!;
    await service.edit(asCaller(owner), item.id, mine.id, `Ok @[V](user:${viewer.id})`);
    expect(
      events.map(({ kind, authorId, threadAuthors, mentioned, newlyMentioned }) => ({
        kind,
        authorId,
        threadAuthors,
        mentioned,
        newlyMentioned,
      })),
    ).toEqual([
      {
        kind: 'started',
        authorId: editor.id,
        threadAuthors: [],
        mentioned: [owner.id],
        newlyMentioned: [owner.id],
      },
      {
        kind: 'replied',
        authorId: viewer.id,
        threadAuthors: [editor.id],
        mentioned: [],
        newlyMentioned: [],
      },
      {
        kind: 'replied',
        authorId: owner.id,
        threadAuthors: [editor.id, viewer.id],
        mentioned: [],
        newlyMentioned: [],
      },
      {
        kind: 'edited',
        authorId: owner.id,
        threadAuthors: [editor.id, viewer.id],
        mentioned: [viewer.id],
        newlyMentioned: [viewer.id],
      },
    ]);
    // A listener that fails undoes the comment with it.
    const failing = new CommentsService(
      new LibraryStore(ctx.database.db, ctx.clock.now),
      ctx.clock.now,
      () => Promise.reject(new Error('listener down')),
    );
    await expect(failing.reply(asCaller(owner), item.id, thread.id, 'Lost')).rejects.toThrow(
      'listener down',
    );
    expect((await threads(owner, item.id)).results[0]!.comments).toHaveLength(3);
  });
});

describe('a deleted account', () => {
  it('leaves its comments, without an author, and its mentions go', async () => {
    const leaving = await signedInCaller(ctx);
    await share(ctx, owner, collection.id, leaving, 'editor');
    const item = await newItem();
    const thread = await start(leaving, item.id, { body: 'I was here' });
    await owner.post(`${itemPath(item.id)}threads/${thread.id}/comments/`, {
      body: `Thanks @[L](user:${leaving.id})`,
    });
    const gone = await leaving.post('/api/auth/delete-account/', { password: leaving.password });
    expect(gone.statusCode, gone.body).toBe(200);
    const [after] = (await threads(owner, item.id)).results;
    expect(after!.comments).toMatchObject([
      { author: null, body: 'I was here' },
      { author: { id: owner.id }, mentions: [] },
    ]);
  });
});
