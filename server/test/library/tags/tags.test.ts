import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, Paginated, Tag } from '@cw/contract';
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
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Tutorial',
      user: alice.id,
      usage_count: 0,
    });
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

describe('usage counts', () => {
  it('count the content items and collections carrying a tag, after every change', async () => {
    const user = await signedInCaller(ctx);
    const tag = await createTag(user, 'counted');
    const other = await createTag(user, 'renamed later');
    const collection = (
      await user.post('/api/collections/list/', { name: 'C', tags: [tag.id] })
    ).json<Collection>();
    for (const title of ['a', 'b']) {
      await user.post('/api/collections/contents-list/', {
        title,
        content: 'x',
        tags: [tag.id, other.id],
      });
    }
    expect((await user.get(one(tag.id))).json<Tag>().usage_count).toBe(3);
    expect((await user.get(one(other.id))).json<Tag>().usage_count).toBe(2);
    const renamed = await user.patch(one(other.id), { name: 'Renamed' });
    expect(renamed.json()).toEqual({ ...other, name: 'Renamed', usage_count: 2 });
    const listed = (await user.get(LIST)).json<Paginated<Tag>>().results;
    expect(listed.map((t) => [t.name, t.usage_count])).toEqual([
      ['Renamed', 2],
      ['counted', 3],
    ]);
    await user.patch(`/api/collections/list/${collection.id}/`, { tags: [] });
    expect((await user.get(one(tag.id))).json<Tag>().usage_count).toBe(2);
    // Deleting the other tag leaves this one's count alone.
    expect((await user.delete(one(other.id))).statusCode).toBe(204);
    expect((await user.get(one(tag.id))).json<Tag>().usage_count).toBe(2);
  });
});

describe('merging tags', () => {
  const merge = (caller: Caller, id: number, into: unknown) =>
    caller.post(`/api/collections/tags/${id}/merge/`, { into });

  it('moves every link to `into`, keeps one link where both were, deletes the tag', async () => {
    const user = await signedInCaller(ctx);
    const from = await createTag(user, 'vlog');
    const into = await createTag(user, 'Video');
    const both = (
      await user.post('/api/collections/contents-list/', {
        title: 'both',
        content: 'x',
        tags: [from.id, into.id],
      })
    ).json<ContentItem>();
    const onlyFrom = (
      await user.post('/api/collections/contents-list/', {
        title: 'only from',
        content: 'x',
        tags: [from.id],
      })
    ).json<ContentItem>();
    const collection = (
      await user.post('/api/collections/list/', { name: 'C', tags: [from.id] })
    ).json<Collection>();

    const res = await merge(user, from.id, into.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...into, usage_count: 3 });

    expect((await user.get(one(from.id))).statusCode).toBe(404);
    const item = (k: ContentItem) => user.get(`/api/collections/contents-list/${k.id}/`);
    expect((await item(both)).json<ContentItem>().tags).toEqual([into.id]);
    expect((await item(onlyFrom)).json<ContentItem>().tags_named_list).toEqual([
      { id: into.id, name: 'Video' },
    ]);
    expect(
      (await user.get(`/api/collections/list/${collection.id}/`)).json<Collection>().tags,
    ).toEqual([into.id]);
    expect(
      (await user.get(`/api/collections/contents-list/?tag=${into.id}`)).json<
        Paginated<ContentItem>
      >().count,
    ).toBe(2);
  });

  it('answers 404 for a tag that is not the caller’s, 400 on `into` for a bad target', async () => {
    const user = await signedInCaller(ctx);
    const mine = await createTag(user, 'mine');
    const target = await createTag(user, 'target');
    const bobs = await createTag(bob, 'bobs-merge');
    await user.post('/api/collections/contents-list/', {
      title: 't',
      content: 'x',
      tags: [mine.id],
    });

    expect((await merge(user, bobs.id, mine.id)).statusCode).toBe(404);
    expect((await merge(user, 999_999, mine.id)).statusCode).toBe(404);
    const self = await merge(user, mine.id, mine.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ into: ['Choose another tag to merge into.'] });
    for (const id of [bobs.id, 999_999]) {
      const foreign = await merge(user, mine.id, id);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({
        into: [`Invalid pk "${id}" - object does not exist.`],
      });
    }
    expect((await merge(user, mine.id, 'abc')).statusCode).toBe(400);
    expect((await user.post(`/api/collections/tags/${mine.id}/merge/`, {})).statusCode).toBe(400);
    // Nothing changed: both tags are there with their counts, and Bob's is untouched.
    expect((await user.get(one(mine.id))).json<Tag>().usage_count).toBe(1);
    expect((await user.get(one(target.id))).json<Tag>().usage_count).toBe(0);
    expect((await bob.get(one(bobs.id))).json()).toEqual(bobs);
  });
});
