import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, Paginated, Version, VersionSummary } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/** Versions of a content item (docs/api.md, "Versions"), on both databases. */
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

const CONTENTS = '/api/collections/contents-list/';
const item = (id: number) => `${CONTENTS}${id}/`;
const versionsOf = (id: number) => `${CONTENTS}${id}/versions/`;
const MINUTE = 60_000;

async function createContent(caller: Caller, body: object = {}): Promise<ContentItem> {
  const res = await caller.post(CONTENTS, { title: 'Draft', content: 'one', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}
async function save(caller: Caller, id: number, body: object): Promise<ContentItem> {
  const res = await caller.patch(item(id), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContentItem>();
}
/** A save from the text the caller loaded: with the item's ETag as If-Match, as an editor saves. */
async function saveLoaded(caller: Caller, id: number, body: object): Promise<ContentItem> {
  const etag = (await caller.get(item(id))).headers.etag;
  expect(typeof etag).toBe('string');
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: item(id),
    headers: { ...caller.auth, 'if-match': String(etag) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContentItem>();
}
async function history(caller: Caller, id: number, query = ''): Promise<Paginated<VersionSummary>> {
  const res = await caller.get(`${versionsOf(id)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<VersionSummary>>();
}
async function version(caller: Caller, id: number, vid: number): Promise<Version> {
  const res = await caller.get(`${versionsOf(id)}${vid}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Version>();
}

describe('versions kept by saving', () => {
  it('keeps the replaced text once, folds saves within 5 minutes, and again after them', async () => {
    const created = await createContent(alice, { title: 'Intro', content: 'first words' });
    expect((await history(alice, created.id)).count).toBe(0);

    await saveLoaded(alice, created.id, { content: 'second words here' });
    await saveLoaded(alice, created.id, { content: 'third' });
    ctx.clock.advance(4 * MINUTE);
    await saveLoaded(alice, created.id, { content: 'fourth' });
    let page = await history(alice, created.id);
    // Autosaves within 5 minutes of the newest version fold into it: only the first text.
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ label: null, title: 'Intro', word_count: 2 });
    expect((await version(alice, created.id, page.results[0]!.id)).content).toBe('first words');

    ctx.clock.advance(2 * MINUTE);
    await save(alice, created.id, { title: 'Intro (final)' });
    page = await history(alice, created.id);
    expect(page.count).toBe(2);
    // Newest first: the text as it was just before this save.
    const newest = await version(alice, created.id, page.results[0]!.id);
    expect(newest).toMatchObject({ title: 'Intro', content: 'fourth', label: null });
  });

  it('keeps every text a save without If-Match replaces, whatever the newest version’s age', async () => {
    const created = await createContent(alice, { title: 'Blind', content: 'first words' });
    await save(alice, created.id, { content: 'second' });
    await save(alice, created.id, { content: 'third' });
    const page = await history(alice, created.id);
    expect(page.count).toBe(2);
    const texts = await Promise.all(
      page.results.map(async (summary) => (await version(alice, created.id, summary.id)).content),
    );
    expect(texts).toEqual(['second', 'first words']);
  });

  it('keeps nothing when a save changes no text (status, position, same text)', async () => {
    const created = await createContent(alice, { title: 'Same', content: 'unchanged' });
    await save(alice, created.id, { status: 'scripting' });
    await save(alice, created.id, { content: 'unchanged', title: 'Same' });
    await save(alice, created.id, { publish_on: '2027-01-02' });
    expect((await history(alice, created.id)).count).toBe(0);
  });
});

describe('named saves', () => {
  it('keeps the current text now with its label, whatever the newest version’s age', async () => {
    const created = await createContent(alice, { content: 'take one' });
    await save(alice, created.id, { content: 'take two' });
    const res = await alice.post(versionsOf(created.id), { label: '  Sent to editor  ' });
    expect(res.statusCode, res.body).toBe(201);
    const named = res.json<Version>();
    expect(named).toMatchObject({ label: 'Sent to editor', title: 'Draft', content: 'take two' });
    expect(typeof named.created_on).toBe('string');

    const unnamed = await alice.post(versionsOf(created.id), {});
    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json<Version>().label).toBeNull();
    const blank = await alice.post(versionsOf(created.id), { label: '   ' });
    expect(blank.json<Version>().label).toBeNull();

    const page = await history(alice, created.id);
    expect(page.results.map((v) => v.label)).toEqual([null, null, 'Sent to editor', null]);
  });

  it('refuses a label that is too long or not text', async () => {
    const created = await createContent(alice);
    const long = await alice.post(versionsOf(created.id), { label: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ errors: Record<string, string[]> }>().errors.label).toBeDefined();
    expect((await alice.post(versionsOf(created.id), { label: 12 })).statusCode).toBe(400);
    expect((await alice.post(versionsOf(created.id), { label: 'a\u0000b' })).statusCode).toBe(400);
    expect((await history(alice, created.id)).count).toBe(0);
  });
});

describe('restore', () => {
  it('puts a version back and keeps the text it replaces as a version', async () => {
    const created = await createContent(alice, { title: 'Cold open', content: 'version A text' });
    await save(alice, created.id, { title: 'Cold open v2', content: 'version B text is longer' });
    const [kept] = (await history(alice, created.id)).results;
    expect(kept).toBeDefined();

    const res = await alice.post(`${versionsOf(created.id)}${kept!.id}/restore/`);
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json<ContentItem>();
    expect(restored).toMatchObject({
      title: 'Cold open',
      content: 'version A text',
      word_count: 3,
    });
    expect((await alice.get(item(created.id))).json<ContentItem>().content).toBe('version A text');

    const page = await history(alice, created.id);
    expect(page.count).toBe(2);
    const replaced = await version(alice, created.id, page.results[0]!.id);
    expect(replaced).toMatchObject({ title: 'Cold open v2', content: 'version B text is longer' });
  });

  it('answers 404 for a version of another item, and an unknown version', async () => {
    const one = await createContent(alice, { content: 'one' });
    const two = await createContent(alice, { content: 'two' });
    await save(alice, one.id, { content: 'one changed' });
    const [ofOne] = (await history(alice, one.id)).results;
    expect((await alice.get(`${versionsOf(two.id)}${ofOne!.id}/`)).statusCode).toBe(404);
    expect((await alice.post(`${versionsOf(two.id)}${ofOne!.id}/restore/`)).statusCode).toBe(404);
    expect((await alice.get(`${versionsOf(one.id)}2147483647/`)).statusCode).toBe(404);
    expect((await alice.get(`${versionsOf(one.id)}99999999999/`)).statusCode).toBe(404);
    expect((await alice.get(item(two.id))).json<ContentItem>().content).toBe('two');
  });
});

describe('at most 200 versions', () => {
  it('drops the oldest unnamed first and keeps the named ones', async () => {
    const created = await createContent(alice, { content: 'v0' });
    const first = await alice.post(versionsOf(created.id), { label: 'Keep me' });
    expect(first.statusCode).toBe(201);
    for (let i = 1; i <= 200; i += 1) {
      ctx.clock.advance(6 * MINUTE);
      await save(alice, created.id, { content: `v${i}` });
    }
    const page = await history(alice, created.id, '?page_size=200');
    expect(page.count).toBe(200);
    expect(page.results.some((v) => v.label === 'Keep me')).toBe(true);
    // 201 were kept: the named one and 200 unnamed (v0 … v199); the oldest unnamed (v0) went.
    const contents = await Promise.all(
      page.results.slice(-2).map(async (v) => (await version(alice, created.id, v.id)).content),
    );
    expect(contents).toEqual(['v1', 'v0']);
    const oldestUnnamed = page.results.filter((v) => v.label === null).at(-1);
    expect((await version(alice, created.id, oldestUnnamed!.id)).content).toBe('v1');
  });
});

describe('who may read and change versions', () => {
  it('members read, editors save and restore, viewers get 403, strangers 404', async () => {
    const editor = await signedInCaller(ctx);
    const viewer = await signedInCaller(ctx);
    const res = await alice.post('/api/collections/list/', { name: 'Shared season' });
    const collection = res.json<Collection>();
    await share(ctx, alice, collection.id, editor, 'editor');
    await share(ctx, alice, collection.id, viewer, 'viewer');
    const created = await createContent(alice, { collections: [collection.id], content: 'a' });
    await save(alice, created.id, { content: 'b' });
    const [kept] = (await history(alice, created.id)).results;

    expect((await history(viewer, created.id)).count).toBe(1);
    expect((await viewer.get(`${versionsOf(created.id)}${kept!.id}/`)).statusCode).toBe(200);
    expect((await viewer.post(versionsOf(created.id), {})).statusCode).toBe(403);
    expect((await viewer.post(`${versionsOf(created.id)}${kept!.id}/restore/`)).statusCode).toBe(
      403,
    );

    const named = await editor.post(versionsOf(created.id), { label: 'Editor pass' });
    expect(named.statusCode).toBe(201);
    const restored = await editor.post(`${versionsOf(created.id)}${kept!.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<ContentItem>().updated_by?.id).toBe(editor.id);

    for (const call of [
      bob.get(versionsOf(created.id)),
      bob.get(`${versionsOf(created.id)}${kept!.id}/`),
      bob.post(versionsOf(created.id), {}),
      bob.post(`${versionsOf(created.id)}${kept!.id}/restore/`),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
  });

  it('versions go with their item', async () => {
    const created = await createContent(alice, { content: 'x' });
    await save(alice, created.id, { content: 'y' });
    const [kept] = (await history(alice, created.id)).results;
    expect((await alice.delete(item(created.id))).statusCode).toBe(204);
    expect((await alice.get(`${versionsOf(created.id)}${kept!.id}/`)).statusCode).toBe(404);
    expect((await alice.get(versionsOf(created.id))).statusCode).toBe(404);
  });

  it('come back with their item from the trash, named ones and their texts intact', async () => {
    const created = await createContent(alice, { title: 'Script', content: 'first take' });
    await save(alice, created.id, { content: 'second take' });
    const named = await alice.post(versionsOf(created.id), { label: 'Before the edit' });
    expect(named.statusCode, named.body).toBe(201);
    const before = await history(alice, created.id);
    expect(before.count).toBe(2);

    expect((await alice.delete(item(created.id))).statusCode).toBe(204);
    expect((await alice.get(versionsOf(created.id))).statusCode).toBe(404);
    // Another person's restore of it is the trash's 404, and changes nothing.
    expect((await bob.post(`/api/trash/content/${created.id}/restore/`, {})).statusCode).toBe(404);
    const restored = await alice.post(`/api/trash/content/${created.id}/restore/`, {});
    expect(restored.statusCode, restored.body).toBe(200);

    const after = await history(alice, created.id);
    expect(after).toEqual(before);
    const texts = await Promise.all(
      after.results.map(async (v) => (await version(alice, created.id, v.id)).content),
    );
    expect(texts.sort()).toEqual(['first take', 'second take']);
    expect(after.results.map((v) => v.label)).toContain('Before the edit');
    // And they work as before: restoring the oldest keeps today's text as a version.
    const oldest = after.results.find((v) => v.label !== 'Before the edit')!;
    const back = await alice.post(`${versionsOf(created.id)}${oldest.id}/restore/`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<ContentItem>().content).toBe('first take');
    expect((await history(alice, created.id)).count).toBe(3);
  });
});
