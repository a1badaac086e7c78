import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, Paginated, Tag } from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';

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
});

const LIST = '/api/collections/tags/';
const one = (id: number) => `/api/collections/tags/${id}/`;

async function createTag(caller: Caller, name: string): Promise<Tag> {
  const res = await caller.post(LIST, { name });
  expect(res.statusCode).toBe(201);
  return res.json<Tag>();
}

const names = (res: { json<T>(): T }) => res.json<Paginated<Tag>>().results.map((t) => t.name);

describe('tags', () => {
  it('creates a tag with a trimmed name and answers 201 with it', async () => {
    const res = await alice.post(LIST, { name: '  Tutorial ', user: alice.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Tutorial', user: alice.id });
  });

  it('reads, renames and deletes a tag', async () => {
    const tag = await createTag(alice, 'draft');
    expect((await alice.get(one(tag.id))).json()).toEqual(tag);
    const renamed = await alice.patch(one(tag.id), { name: 'Drafts' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...tag, name: 'Drafts' });
    // Renaming to the same name in another case is not a clash with itself.
    expect((await alice.patch(one(tag.id), { name: 'DRAFTS' })).statusCode).toBe(200);
    expect((await alice.patch(one(tag.id), {})).json()).toEqual({ ...tag, name: 'DRAFTS' });
    expect((await alice.delete(one(tag.id))).statusCode).toBe(204);
    expect((await alice.get(one(tag.id))).statusCode).toBe(404);
  });

  it('keeps names unique per user ignoring case, on create and on rename', async () => {
    await createTag(alice, 'Podcast');
    const dup = await alice.post(LIST, { name: 'podcast' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'invalid', errors: { name: expect.any(Array) } });

    const other = await createTag(alice, 'Other');
    const rename = await alice.patch(one(other.id), { name: ' PODCAST ' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors).toHaveProperty('name');
    expect((await alice.get(one(other.id))).json()).toEqual(other);

    // Another user may have the same name.
    expect((await bob.post(LIST, { name: 'Podcast' })).statusCode).toBe(201);
  });

  it('refuses blank and over-long names', async () => {
    expect((await alice.post(LIST, { name: '   ' })).json().errors).toHaveProperty('name');
    expect((await alice.post(LIST, {})).statusCode).toBe(400);
    const long = await alice.post(LIST, { name: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('name');
    expect((await alice.post(LIST, { name: 'x'.repeat(50) })).statusCode).toBe(201);
  });

  it('answers 404 for unknown ids and for ids of another user', async () => {
    const bobs = await createTag(bob, 'bob-secret');
    for (const id of [999_999, bobs.id]) {
      expect((await alice.get(one(id))).statusCode).toBe(404);
      expect((await alice.patch(one(id), { name: 'mine now' })).statusCode).toBe(404);
      expect((await alice.delete(one(id))).statusCode).toBe(404);
    }
    expect((await bob.get(one(bobs.id))).json()).toEqual(bobs);
  });

  it('answers 403 for a user filter or user field naming someone else', async () => {
    expect((await alice.get(`${LIST}?user=${bob.id}`)).statusCode).toBe(403);
    expect((await alice.post(LIST, { name: 'x1', user: bob.id })).statusCode).toBe(403);
    const mine = await createTag(alice, 'x2');
    expect((await alice.patch(one(mine.id), { user: bob.id })).statusCode).toBe(403);
  });
});

describe('tag lists', () => {
  it('filter by name as a case-insensitive substring, with % and _ matched literally', async () => {
    const user = await signedInCaller(ctx);
    for (const name of [
      'Video Edit',
      'video-notes',
      'Audio',
      '100% done',
      'snake_case',
      'snakeXcase',
    ]) {
      await createTag(user, name);
    }
    expect(names(await user.get(`${LIST}?name=VIDEO`))).toEqual(['video-notes', 'Video Edit']);
    expect(names(await user.get(`${LIST}?name=${encodeURIComponent('%')}`))).toEqual(['100% done']);
    expect(names(await user.get(`${LIST}?name=${encodeURIComponent('e_c')}`))).toEqual([
      'snake_case',
    ]);
    expect(names(await user.get(`${LIST}?name=zzz`))).toEqual([]);
    const filtered = await user.get(`${LIST}?name=video&user=${user.id}&page_size=1`);
    expect(filtered.json()).toMatchObject({
      count: 2,
      next: `${LIST}?page=2&page_size=1&name=video&user=${user.id}`,
    });
    // An empty filter is no filter.
    expect(names(await user.get(`${LIST}?name=`))).toHaveLength(6);
  });

  it("lists only the caller's tags, newest first", async () => {
    const user = await signedInCaller(ctx);
    await createTag(bob, 'not yours');
    const first = await createTag(user, 'first');
    const second = await createTag(user, 'second');
    const page = (await user.get(LIST)).json<Paginated<Tag>>();
    expect(page.results.map((t) => t.id)).toEqual([second.id, first.id]);
  });
});

describe('deleting a tag', () => {
  it('detaches it from every collection and content item', async () => {
    const keep = await createTag(alice, 'keep-me');
    const drop = await createTag(alice, 'drop-me');
    const collection = (
      await alice.post('/api/collections/list/', { name: 'Tagged', tags: [keep.id, drop.id] })
    ).json<Collection>();
    const content = (
      await alice.post('/api/collections/contents-list/', {
        title: 'Tagged',
        content: 'body',
        tags: [drop.id, keep.id],
      })
    ).json<ContentItem>();
    expect(collection.tags).toHaveLength(2);
    expect(content.tags).toHaveLength(2);

    expect((await alice.delete(one(drop.id))).statusCode).toBe(204);

    const collectionAfter = (
      await alice.get(`/api/collections/list/${collection.id}/`)
    ).json<Collection>();
    expect(collectionAfter.tags).toEqual([keep.id]);
    expect(collectionAfter.tags_named_list).toEqual([{ id: keep.id, name: 'keep-me' }]);
    const contentAfter = (
      await alice.get(`/api/collections/contents-list/${content.id}/`)
    ).json<ContentItem>();
    expect(contentAfter.tags).toEqual([keep.id]);
    expect(
      (await alice.get(`/api/collections/contents-list/?tag=${drop.id}`)).json<
        Paginated<ContentItem>
      >().count,
    ).toBe(0);
  });
});
