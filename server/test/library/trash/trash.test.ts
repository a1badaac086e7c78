import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type {
  Collection,
  ContentItem,
  FileObject,
  Note,
  Paginated,
  Tag,
  TrashItem,
} from '@cw/contract';
import { fileRemovals, files } from '../../../src/db/schema';
import { FileRemovals, QueuedFileRemovals } from '../../../src/storage/file-removals';
import { defaultFileStorage } from '../../../src/library/library.plugin';
import { purgeExpiredTrash } from '../../../src/library/trash/trash-purge';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { storedFilesOf } from '../../stored-rows';
import { share } from '../../sharing-helpers';

let ctx: TestContext;
let removals: FileRemovals;
const log = { error: () => undefined };
beforeAll(async () => {
  ctx = await createTestApp();
  removals = new FileRemovals(ctx.database.db, defaultFileStorage(ctx.config.dataDir), log);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const COLLECTIONS = '/api/collections/list/';
const CONTENTS = '/api/collections/contents-list/';
const NOTES = '/api/collections/notes/';
const TRASH = '/api/trash/';

const filesOnDisk = () => storedFilesOf(ctx);
const storedOf = async (fileId: number) => {
  const [row] = await ctx.database.db
    .select({ key: files.storageKey })
    .from(files)
    .where(eq(files.id, fileId));
  return row ? filesOnDisk().find((file) => file.endsWith(row.key)) : undefined;
};

async function ok<T>(
  res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
  status = 200,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return status === 204 ? (undefined as T) : answer.json<T>();
}
const newCollection = (caller: Caller, name = 'Season 2', tags: number[] = []) =>
  ok<Collection>(caller.post(COLLECTIONS, { name, tags }), 201);
const newItem = (caller: Caller, body: Record<string, unknown> = {}) =>
  ok<ContentItem>(caller.post(CONTENTS, { title: 'Episode', content: 'Some words', ...body }), 201);
const newNote = (caller: Caller, collection: number, title = 'A note') =>
  ok<Note>(caller.post(`${NOTES}?collection=${collection}`, { title, content: 'Note text' }), 201);
const trashOf = (caller: Caller) => ok<Paginated<TrashItem>>(caller.get(TRASH));
const searchIds = async (caller: Caller, q: string) =>
  (
    await ok<Paginated<{ type: string; id: number }>>(caller.get(`/api/search/?q=${q}`))
  ).results.map((hit) => `${hit.type}:${hit.id}`);

describe('a content item in the trash', () => {
  it('is 404 and left out of lists, counts, tag usage and search; restore brings it back', async () => {
    const alice = await signedInCaller(ctx);
    const tag = await ok<Tag>(alice.post('/api/collections/tags/', { name: 'zebra' }), 201);
    const collection = await newCollection(alice);
    const item = await newItem(alice, {
      title: 'Quasar episode',
      tags: [tag.id],
      collections: [collection.id],
    });
    expect(await searchIds(alice, 'quasar')).toEqual([`content:${item.id}`]);

    const deletedAt = Date.now();
    await ok(alice.delete(`${CONTENTS}${item.id}/`), 204);
    expect((await alice.get(`${CONTENTS}${item.id}/`)).statusCode).toBe(404);
    expect((await alice.patch(`${CONTENTS}${item.id}/`, { title: 'x' })).statusCode).toBe(404);
    expect((await alice.delete(`${CONTENTS}${item.id}/`)).statusCode).toBe(404);
    expect((await ok<Paginated<ContentItem>>(alice.get(CONTENTS))).count).toBe(0);
    expect(
      (await ok<Paginated<ContentItem>>(alice.get(`${CONTENTS}?collection=${collection.id}`)))
        .count,
    ).toBe(0);
    expect((await ok<Collection>(alice.get(`${COLLECTIONS}${collection.id}/`))).content_count).toBe(
      0,
    );
    expect((await ok<Tag>(alice.get(`/api/collections/tags/${tag.id}/`))).usage_count).toBe(0);
    expect(await searchIds(alice, 'quasar')).toEqual([]);

    const trash = await trashOf(alice);
    expect(trash.count).toBe(1);
    const [entry] = trash.results;
    expect(entry).toMatchObject({ type: 'content', id: item.id, title: 'Quasar episode' });
    const deletedOn = new Date(entry!.deleted_on).getTime();
    expect(Math.abs(deletedOn - deletedAt)).toBeLessThan(60_000);
    expect(new Date(entry!.purge_on).getTime() - deletedOn).toBe(30 * DAY);

    const restored = await ok<ContentItem>(alice.post(`${TRASH}content/${item.id}/restore/`));
    expect(restored).toMatchObject({ id: item.id, collections: [collection.id], tags: [tag.id] });
    expect((await ok<Collection>(alice.get(`${COLLECTIONS}${collection.id}/`))).content_count).toBe(
      1,
    );
    expect((await ok<Tag>(alice.get(`/api/collections/tags/${tag.id}/`))).usage_count).toBe(1);
    expect(await searchIds(alice, 'quasar')).toEqual([`content:${item.id}`]);
    expect((await trashOf(alice)).count).toBe(0);
    // Not in the trash any more: restoring again is a 404.
    expect((await alice.post(`${TRASH}content/${item.id}/restore/`)).statusCode).toBe(404);
  });

  it('keeps its files while trashed (hidden) and deleting it for good removes them from disk', async () => {
    const alice = await signedInCaller(ctx);
    const item = await newItem(alice);
    const upload = await alice.upload(
      { name: 'take.txt', bytes: Buffer.from('take one'), type: 'text/plain' },
      { content: String(item.id) },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json<FileObject>();
    const onDisk = await storedOf(file.id);
    expect(onDisk && fs.existsSync(onDisk)).toBe(true);

    await ok(alice.delete(`${CONTENTS}${item.id}/`), 204);
    expect(fs.existsSync(onDisk!)).toBe(true);
    expect((await alice.get(`/api/collections/files/${file.id}/`)).statusCode).toBe(404);
    expect((await ok<Paginated<FileObject>>(alice.get('/api/collections/files/'))).count).toBe(0);

    await ok(alice.delete(`${TRASH}content/${item.id}/`), 204);
    expect(fs.existsSync(onDisk!)).toBe(false);
    expect((await alice.post(`${TRASH}content/${item.id}/restore/`)).statusCode).toBe(404);
    expect((await alice.delete(`${TRASH}content/${item.id}/`)).statusCode).toBe(404);
    expect((await trashOf(alice)).count).toBe(0);
  });
});

describe('a collection in the trash', () => {
  it('takes its notes, leaves its items (without the link) and comes back with both', async () => {
    const alice = await signedInCaller(ctx);
    const tag = await ok<Tag>(alice.post('/api/collections/tags/', { name: 'series' }), 201);
    const collection = await newCollection(alice, 'Nebula season', [tag.id]);
    const item = await newItem(alice, { collections: [collection.id] });
    const kept = await newNote(alice, collection.id, 'Kept note');
    const earlier = await newNote(alice, collection.id, 'Trashed before');
    await ok(alice.delete(`${NOTES}${earlier.id}/`), 204);
    expect((await trashOf(alice)).results.map((e) => e.title)).toEqual(['Trashed before']);

    await ok(alice.delete(`${COLLECTIONS}${collection.id}/`), 204);
    expect((await alice.get(`${COLLECTIONS}${collection.id}/`)).statusCode).toBe(404);
    expect((await alice.get(`${NOTES}${kept.id}/`)).statusCode).toBe(404);
    expect((await ok<Paginated<Collection>>(alice.get(COLLECTIONS))).count).toBe(0);
    expect((await ok<Paginated<Note>>(alice.get(NOTES))).count).toBe(0);
    expect((await alice.get(`${NOTES}?collection=${collection.id}`)).statusCode).toBe(404);
    const lonely = await ok<ContentItem>(alice.get(`${CONTENTS}${item.id}/`));
    expect(lonely.collections).toEqual([]);
    expect((await ok<Tag>(alice.get(`/api/collections/tags/${tag.id}/`))).usage_count).toBe(0);
    expect(await searchIds(alice, 'nebula')).toEqual([]);
    // The trash shows the collection; its notes are inside it, not entries of their own.
    expect((await trashOf(alice)).results.map((e) => `${e.type}:${e.title}`)).toEqual([
      'collection:Nebula season',
    ]);
    // A note inside a trashed collection comes back only with it.
    expect((await alice.post(`${TRASH}note/${kept.id}/restore/`)).statusCode).toBe(404);

    const restored = await ok<Collection>(
      alice.post(`${TRASH}collection/${collection.id}/restore/`),
    );
    expect(restored).toMatchObject({ id: collection.id, content_count: 1, tags: [tag.id] });
    const notes = await ok<Paginated<Note>>(alice.get(`${NOTES}?collection=${collection.id}`));
    expect(notes.results.map((note) => note.id)).toEqual([kept.id]);
    expect((await ok<ContentItem>(alice.get(`${CONTENTS}${item.id}/`))).collections).toEqual([
      collection.id,
    ]);
    expect(await searchIds(alice, 'nebula')).toEqual([`collection:${collection.id}`]);
    // The note trashed on its own before stays in the trash.
    expect((await trashOf(alice)).results.map((e) => `${e.type}:${e.id}`)).toEqual([
      `note:${earlier.id}`,
    ]);
  });

  it('ends every member’s access while trashed and gives it back on restore', async () => {
    const owner = await signedInCaller(ctx);
    const editor = await signedInCaller(ctx);
    const collection = await newCollection(owner, 'Shared comet');
    const item = await newItem(owner, { title: 'Comet script', collections: [collection.id] });
    const note = await newNote(owner, collection.id, 'Comet note');
    await share(ctx, owner, collection.id, editor, 'editor');
    expect((await editor.get(`${CONTENTS}${item.id}/`)).statusCode).toBe(200);

    await ok(owner.delete(`${COLLECTIONS}${collection.id}/`), 204);
    for (const url of [
      `${COLLECTIONS}${collection.id}/`,
      `${CONTENTS}${item.id}/`,
      `${NOTES}${note.id}/`,
      `${COLLECTIONS}${collection.id}/members/`,
    ]) {
      expect((await editor.get(url)).statusCode, url).toBe(404);
    }
    expect((await ok<Paginated<Collection>>(editor.get(`${COLLECTIONS}?scope=shared`))).count).toBe(
      0,
    );
    expect(await searchIds(editor, 'comet')).toEqual([]);
    // Members see nothing of the owner's trash, and may not restore a collection.
    expect((await trashOf(editor)).count).toBe(0);
    expect((await editor.post(`${TRASH}collection/${collection.id}/restore/`)).statusCode).toBe(
      404,
    );

    await ok(owner.post(`${TRASH}collection/${collection.id}/restore/`));
    expect((await editor.get(`${CONTENTS}${item.id}/`)).statusCode).toBe(200);
    expect((await editor.get(`${NOTES}${note.id}/`)).statusCode).toBe(200);
  });
});

describe('who may trash, restore and delete for good in a shared collection', () => {
  it('an editor trashes and restores (Undo); only the owner deletes for good; a viewer neither', async () => {
    const owner = await signedInCaller(ctx);
    const editor = await signedInCaller(ctx);
    const viewer = await signedInCaller(ctx);
    const stranger = await signedInCaller(ctx);
    const collection = await newCollection(owner, 'Team');
    await share(ctx, owner, collection.id, editor, 'editor');
    await share(ctx, owner, collection.id, viewer, 'viewer');
    const note = await newNote(editor, collection.id, 'Editor note');
    const item = await newItem(editor, { title: 'Editor item' });
    // The editor's own item is theirs; one in the shared collection is the owner's.
    const shared = await newItem(owner, { title: 'Shared item', collections: [collection.id] });

    expect((await viewer.delete(`${NOTES}${note.id}/`)).statusCode).toBe(403);
    await ok(editor.delete(`${NOTES}${note.id}/`), 204);
    await ok(editor.delete(`${CONTENTS}${shared.id}/`), 204);
    await ok(editor.delete(`${CONTENTS}${item.id}/`), 204);
    // Each sees what they own in their trash.
    expect((await trashOf(owner)).results.map((e) => `${e.type}:${e.id}`).sort()).toEqual(
      [`content:${shared.id}`, `note:${note.id}`].sort(),
    );
    expect((await trashOf(editor)).results.map((e) => `${e.type}:${e.id}`)).toEqual([
      `content:${item.id}`,
    ]);
    expect((await viewer.post(`${TRASH}note/${note.id}/restore/`)).statusCode).toBe(403);
    expect((await stranger.post(`${TRASH}note/${note.id}/restore/`)).statusCode).toBe(404);
    expect((await stranger.delete(`${TRASH}content/${shared.id}/`)).statusCode).toBe(404);
    expect((await editor.delete(`${TRASH}note/${note.id}/`)).statusCode).toBe(403);
    await ok(editor.post(`${TRASH}note/${note.id}/restore/`));
    await ok(editor.post(`${TRASH}content/${shared.id}/restore/`));
    expect((await viewer.get(`${NOTES}${note.id}/`)).statusCode).toBe(200);
    expect((await viewer.get(`${CONTENTS}${shared.id}/`)).statusCode).toBe(200);
  });
});

describe('emptying the trash', () => {
  it('deletes everything of the caller’s trash for good, files on disk included, and nobody else’s', async () => {
    const alice = await signedInCaller(ctx);
    const bob = await signedInCaller(ctx);
    const collection = await newCollection(alice);
    await newNote(alice, collection.id);
    const item = await newItem(alice);
    const upload = await alice.upload(
      { name: 'a.txt', bytes: Buffer.from('aaa'), type: 'text/plain' },
      { content: String(item.id) },
    );
    const onDisk = await storedOf(upload.json<FileObject>().id);
    const bobsItem = await newItem(bob);
    await ok(bob.delete(`${CONTENTS}${bobsItem.id}/`), 204);
    await ok(alice.delete(`${COLLECTIONS}${collection.id}/`), 204);
    await ok(alice.delete(`${CONTENTS}${item.id}/`), 204);
    expect((await trashOf(alice)).count).toBe(2);

    await ok(alice.delete(TRASH), 204);
    expect((await trashOf(alice)).count).toBe(0);
    expect(fs.existsSync(onDisk!)).toBe(false);
    expect((await alice.post(`${TRASH}collection/${collection.id}/restore/`)).statusCode).toBe(404);
    expect((await trashOf(bob)).count).toBe(1);
  });
});

describe('the purge', () => {
  it('keeps what has been in the trash 29 days and deletes what has been there 31, files included', async () => {
    const alice = await signedInCaller(ctx);
    const collection = await newCollection(alice);
    await newNote(alice, collection.id);
    const item = await newItem(alice);
    const upload = await alice.upload(
      { name: 'old.txt', bytes: Buffer.from('old'), type: 'text/plain' },
      { content: String(item.id) },
    );
    const onDisk = await storedOf(upload.json<FileObject>().id);
    await ok(alice.delete(`${COLLECTIONS}${collection.id}/`), 204);
    await ok(alice.delete(`${CONTENTS}${item.id}/`), 204);

    const now = () => new Date(ctx.clock.now().getTime());
    ctx.clock.advance(29 * DAY);
    await purgeExpiredTrash({ db: ctx.database.db, removals, now });
    expect((await trashOf(alice)).count).toBe(2);
    expect(fs.existsSync(onDisk!)).toBe(true);

    ctx.clock.advance(2 * DAY);
    const purged = await purgeExpiredTrash({ db: ctx.database.db, removals, now });
    expect(purged).toMatchObject({ collections: expect.any(Number), contents: expect.any(Number) });
    expect(purged.collections).toBeGreaterThanOrEqual(1);
    expect((await trashOf(alice)).count).toBe(0);
    expect(fs.existsSync(onDisk!)).toBe(false);
    expect((await alice.post(`${TRASH}content/${item.id}/restore/`)).statusCode).toBe(404);
  });

  it('removes files a crash left queued after their rows were deleted (the sweep)', async () => {
    const alice = await signedInCaller(ctx);
    const upload = await alice.upload({
      name: 'orphan.txt',
      bytes: Buffer.from('orphan'),
      type: 'text/plain',
    });
    const file = upload.json<FileObject>();
    const onDisk = await storedOf(file.id);
    // As if a deletion had committed (row gone, key queued) and the process died before removing.
    await ctx.database.db.transaction(async (tx) => {
      const [row] = await tx.delete(files).where(eq(files.id, file.id)).returning();
      await tx.insert(fileRemovals).values({ storageKey: row!.storageKey });
    });
    expect(fs.existsSync(onDisk!)).toBe(true);
    await purgeExpiredTrash({ db: ctx.database.db, removals, now: ctx.clock.now });
    expect(fs.existsSync(onDisk!)).toBe(false);
    const [left] = await ctx.database.db.select({ n: count() }).from(fileRemovals);
    expect(left?.n).toBe(0);
  });

  it('removes the bytes of an upload cut off before its row committed, once its reservation runs out', async () => {
    const alice = await signedInCaller(ctx);
    // A finished upload and a file's delete leave nothing in file_removals.
    const upload = await alice.upload({
      name: 'kept.txt',
      bytes: Buffer.from('kept'),
      type: 'text/plain',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const waiting = async () =>
      (await ctx.database.db.select({ n: count() }).from(fileRemovals))[0]!.n;
    expect(await waiting()).toBe(0);
    const kept = await storedOf(upload.json<FileObject>().id);
    expect(
      (await alice.delete(`/api/collections/files/${upload.json<FileObject>().id}/`)).statusCode,
    ).toBe(204);
    expect(fs.existsSync(kept!)).toBe(false);
    expect(await waiting()).toBe(0);

    // As the upload does: the key is reserved, then the bytes stored; then the process died.
    const storage = defaultFileStorage(ctx.config.dataDir);
    const key = storage.newKey();
    await new QueuedFileRemovals(ctx.database.db).reserve(key, 3600);
    await storage.write(key, Readable.from([Buffer.from('no row names me')]), 100);
    const onDisk = path.join(ctx.config.dataDir, 'files', key.slice(0, 2), key);
    expect(fs.existsSync(onDisk)).toBe(true);
    // An upload may still be under way: the sweep leaves a reservation alone until it runs out.
    await purgeExpiredTrash({ db: ctx.database.db, removals, now: ctx.clock.now });
    expect(fs.existsSync(onDisk)).toBe(true);
    await ctx.database.db
      .update(fileRemovals)
      .set({ notBefore: sql`now() - interval '1 second'` })
      .where(eq(fileRemovals.storageKey, key));
    await purgeExpiredTrash({ db: ctx.database.db, removals, now: ctx.clock.now });
    expect(fs.existsSync(onDisk)).toBe(false);
    expect(await waiting()).toBe(0);
  });

  it('two purges at once delete each row once', async () => {
    const alice = await signedInCaller(ctx);
    for (let i = 0; i < 6; i++) {
      const item = await newItem(alice, { title: `Batch ${i}` });
      await ok(alice.delete(`${CONTENTS}${item.id}/`), 204);
    }
    const later = () => new Date(ctx.clock.now().getTime() + 31 * DAY);
    const [a, b] = await Promise.all([
      purgeExpiredTrash({ db: ctx.database.db, removals, now: later, batch: 2 }),
      purgeExpiredTrash({ db: ctx.database.db, removals, now: later, batch: 2 }),
    ]);
    expect(a.contents + b.contents).toBeGreaterThanOrEqual(6);
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from contents where user_id = ${alice.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('trash paths', () => {
  it('answers 404 to an unknown type or a bad id and 401 without a token', async () => {
    const alice = await signedInCaller(ctx);
    for (const url of [
      `${TRASH}file/1/restore/`,
      `${TRASH}content/0/restore/`,
      `${TRASH}content/99999999999/restore/`,
      `${TRASH}content/abc/restore/`,
    ]) {
      expect((await alice.post(url)).statusCode, url).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: TRASH })).statusCode).toBe(401);
    expect((await alice.get(`${TRASH}?page_size=0`)).statusCode).toBe(400);
  });
});
