import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, FileObject, Paginated } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

let ctx: TestContext;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const LIST = '/api/collections/contents-list/';
const one = (id: number) => `/api/collections/contents-list/${id}/`;

async function createContent(caller: Caller, body: object = {}): Promise<ContentItem> {
  const res = await caller.post(LIST, { title: 'A script', content: '# Hello', ...body });
  expect(res.statusCode).toBe(201);
  return res.json<ContentItem>();
}
const createTag = async (caller: Caller, name: string) =>
  (await caller.post('/api/collections/tags/', { name })).json<{ id: number }>().id;
async function upload(caller: Caller, text: string): Promise<FileObject> {
  const res = await caller.upload({
    name: `${text}.txt`,
    bytes: Buffer.from(text),
    type: 'text/plain',
  });
  expect(res.statusCode).toBe(201);
  return res.json<FileObject>();
}
/** Every stored blob under DATA_DIR/files (not the temporary folder). */
function storedBlobs(): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('content items', () => {
  it('creates an item as the spec sends it and answers 201 with the whole object', async () => {
    const res = await alice.post(LIST, {
      meta_data: {},
      title: ' First script ',
      content: 'Some **markdown**',
      user: alice.id,
      tags: [],
      files: [],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'First script',
      content: 'Some **markdown**',
      tags: [],
      tags_named_list: [],
      collections: [],
      collections_named_list: [],
      files: [],
      meta_data: {},
      user: alice.id,
      status: 'idea',
      publish_on: null,
      is_public: false,
      published_version: null,
      summary: '',
      cover: null,
      word_count: 2,
      position: 0,
      chapter_starts: [],
      created_on: expect.any(String),
      updated_on: null,
      updated_by: { id: alice.id, name: expect.any(String) },
      role: 'owner',
    });
  });

  it('reads, changes and deletes an item; updated_on is set by every change', async () => {
    const item = await createContent(alice);
    expect((await alice.get(one(item.id))).json()).toEqual(item);
    const patched = await alice.patch(one(item.id), { content: 'Changed' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'A script', content: 'Changed' });
    expect(patched.json<ContentItem>().updated_on).not.toBeNull();
    expect((await alice.delete(one(item.id))).statusCode).toBe(204);
    expect((await alice.get(one(item.id))).statusCode).toBe(404);
  });

  it('attaches uploaded files on create, and replaces them on change', async () => {
    const f1 = await upload(alice, 'one');
    const f2 = await upload(alice, 'two');
    const item = await createContent(alice, { files: [f1.id] });
    expect(item.files).toEqual([{ ...f1, content: item.id }]);
    const changed = (await alice.patch(one(item.id), { files: [f2.id] })).json<ContentItem>();
    expect(changed.files.map((f) => f.id)).toEqual([f2.id]);
    // A detached file is kept, just no longer attached.
    expect((await alice.get(`/api/collections/files/${f1.id}/`)).json()).toMatchObject({
      content: null,
    });
    const cleared = (await alice.patch(one(item.id), { files: [] })).json<ContentItem>();
    expect(cleared.files).toEqual([]);
  });

  it('refuses invalid fields with 400 per field', async () => {
    expect((await alice.post(LIST, { content: 'x' })).json().errors).toHaveProperty('title');
    expect((await alice.post(LIST, { title: 'x' })).json().errors).toHaveProperty('content');
    expect((await alice.post(LIST, { title: 'x', content: '  ' })).json().errors).toHaveProperty(
      'content',
    );
    const longTitle = await alice.post(LIST, { title: 'x'.repeat(121), content: 'x' });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().errors).toHaveProperty('title');
    expect(
      (await alice.post(LIST, { title: 'x'.repeat(120), content: 'x'.repeat(1_000_000) }))
        .statusCode,
    ).toBe(201);
    const tooMuch = await alice.post(LIST, { title: 'x', content: 'x'.repeat(1_000_001) });
    expect(tooMuch.json().errors).toHaveProperty('content');
    const item = await createContent(alice);
    expect((await alice.patch(one(item.id), { title: '' })).json().errors).toHaveProperty('title');
  });

  it('answers 404 for unknown ids and for ids of another user', async () => {
    const bobs = await createContent(bob, { title: "Bob's" });
    for (const id of [999_999, bobs.id]) {
      expect((await alice.get(one(id))).statusCode).toBe(404);
      expect((await alice.patch(one(id), { title: 'mine' })).statusCode).toBe(404);
      expect((await alice.delete(one(id))).statusCode).toBe(404);
    }
    expect((await bob.get(one(bobs.id))).json()).toEqual(bobs);
  });

  it('answers 403 for a user filter or user field naming someone else', async () => {
    expect((await alice.get(`${LIST}?user=${bob.id}`)).statusCode).toBe(403);
    expect((await alice.post(LIST, { title: 't', content: 'c', user: bob.id })).statusCode).toBe(
      403,
    );
    const item = await createContent(alice);
    expect((await alice.patch(one(item.id), { user: bob.id })).statusCode).toBe(403);
  });

  it("refuses another user's tag and file ids with 400, changing nothing", async () => {
    const bobsTag = await createTag(bob, 'bobs');
    const bobsFile = await upload(bob, 'bobs-file');
    const withTag = await alice.post(LIST, { title: 't', content: 'c', tags: [bobsTag] });
    expect(withTag.statusCode).toBe(400);
    expect(withTag.json().errors).toHaveProperty('tags');
    const withFile = await alice.post(LIST, { title: 't', content: 'c', files: [bobsFile.id] });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().errors).toHaveProperty('files');
    expect(
      (await alice.post(LIST, { title: 't', content: 'c', files: [424_242] })).statusCode,
    ).toBe(400);

    const item = await createContent(alice);
    const patch = await alice.patch(one(item.id), { title: 'Changed', files: [bobsFile.id] });
    expect(patch.statusCode).toBe(400);
    expect((await alice.get(one(item.id))).json()).toEqual(item);
    expect((await bob.get(`/api/collections/files/${bobsFile.id}/`)).json()).toEqual(bobsFile);
  });
});

describe('content lists', () => {
  it('filter by tag id, newest first, and hold only the caller’s items', async () => {
    const user = await signedInCaller(ctx);
    const tag = await createTag(user, 'script');
    const a = await createContent(user, { tags: [tag] });
    await createContent(user);
    const c = await createContent(user, { tags: [tag] });
    await createContent(bob, { title: 'not yours' });
    const tagged = (await user.get(`${LIST}?tag=${tag}`)).json<Paginated<ContentItem>>();
    expect(tagged.results.map((i) => i.id)).toEqual([c.id, a.id]);
    expect(tagged.results[0]?.tags_named_list).toEqual([{ id: tag, name: 'script' }]);
    const all = (await user.get(`${LIST}?user=${user.id}`)).json<Paginated<ContentItem>>();
    expect(all.count).toBe(3);
    // Another user's tag id finds nothing of the caller's.
    const bobsTag = await createTag(bob, 'bob-filter');
    expect((await user.get(`${LIST}?tag=${bobsTag}`)).json()).toMatchObject({ count: 0 });
  });

  it('walks 120 items exactly once with page_size 50', async () => {
    const user = await signedInCaller(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push((await createContent(user, { title: `#${i}` })).id);
    const seen: number[] = [];
    let url: string | null = `${LIST}?page_size=50`;
    while (url) {
      const page: Paginated<ContentItem> = (await user.get(url)).json();
      seen.push(...page.results.map((i) => i.id));
      url = page.next;
    }
    expect(seen).toEqual(ids.reverse());
  });

  it('show each item’s files, fetched for the whole page', async () => {
    const user = await signedInCaller(ctx);
    const f1 = await upload(user, 'page-a');
    const f2 = await upload(user, 'page-b');
    const first = await createContent(user, { files: [f1.id, f2.id] });
    const second = await createContent(user);
    const page = (await user.get(LIST)).json<Paginated<ContentItem>>();
    expect(page.results.map((i) => [i.id, i.files.map((f) => f.id)])).toEqual([
      [second.id, []],
      [first.id, [f1.id, f2.id]],
    ]);
  });
});

describe('deleting a content item', () => {
  it('takes its files to the trash, and deleting it for good removes their rows and stored bytes', async () => {
    const user = await signedInCaller(ctx);
    const kept = await upload(user, 'kept');
    const f1 = await upload(user, 'gone-1');
    const f2 = await upload(user, 'gone-2');
    const item = await createContent(user, { files: [f1.id, f2.id] });
    const blobsBefore = storedBlobs().length;
    expect((await alice.delete(one(item.id))).statusCode).toBe(404);
    expect(storedBlobs()).toHaveLength(blobsBefore);

    expect((await user.delete(one(item.id))).statusCode).toBe(204);
    expect((await user.get(`/api/collections/files/${f1.id}/`)).statusCode).toBe(404);
    expect((await user.get(`/api/collections/files/${f2.id}/download/`)).statusCode).toBe(404);
    // In the trash (docs/api.md, "Trash") the bytes stay, so a restore brings the files back.
    expect(storedBlobs()).toHaveLength(blobsBefore);
    expect((await user.delete(`/api/trash/content/${item.id}/`)).statusCode).toBe(204);
    expect(storedBlobs()).toHaveLength(blobsBefore - 2);
    const download = await user.get(kept.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('kept');
  });
});
