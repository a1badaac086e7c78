import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, FileObject, Paginated } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

/** Content in collections, status, planning and words (docs/api.md, "Content item"). */
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
const COLLECTIONS = '/api/collections/list/';
const FILES = '/api/collections/files/';
const item = (id: number) => `${CONTENTS}${id}/`;

async function createCollection(caller: Caller, name: string): Promise<Collection> {
  const res = await caller.post(COLLECTIONS, { name });
  expect(res.statusCode).toBe(201);
  return res.json<Collection>();
}
async function createContent(caller: Caller, body: object = {}): Promise<ContentItem> {
  const res = await caller.post(CONTENTS, { title: 'A script', content: 'Hello there', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}
async function titles(caller: Caller, query: string): Promise<string[]> {
  const res = await caller.get(`${CONTENTS}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<ContentItem>>().results.map((c) => c.title);
}

describe('content items in collections', () => {
  it('puts an item in collections and names them, and counts items per collection', async () => {
    const season = await createCollection(alice, 'Season 2');
    const shorts = await createCollection(alice, 'Shorts');
    const created = await createContent(alice, { collections: [shorts.id, season.id, season.id] });
    expect(created.collections_named_list).toEqual([
      { id: season.id, name: 'Season 2' },
      { id: shorts.id, name: 'Shorts' },
    ]);
    expect(created.collections).toEqual([season.id, shorts.id]);
    const read = (await alice.get(`${COLLECTIONS}${season.id}/`)).json<Collection>();
    expect(read.content_count).toBe(1);

    const moved = await alice.patch(item(created.id), { collections: [shorts.id] });
    expect(moved.json<ContentItem>().collections).toEqual([shorts.id]);
    expect((await alice.get(`${COLLECTIONS}${season.id}/`)).json<Collection>().content_count).toBe(
      0,
    );
  });

  it('refuses another user’s or an unknown collection with 400 errors.collections, changing nothing', async () => {
    const bobs = await createCollection(bob, 'Bob’s');
    const res = await alice.post(CONTENTS, {
      title: 'Mine',
      content: 'text',
      collections: [bobs.id, 999_999],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['collections']);
    expect(await titles(alice, 'page_size=200')).not.toContain('Mine');

    const mine = await createContent(alice, { title: 'Kept' });
    const patch = await alice.patch(item(mine.id), { collections: [bobs.id], title: 'Changed' });
    expect(patch.statusCode).toBe(400);
    expect((await alice.get(item(mine.id))).json<ContentItem>()).toMatchObject({
      title: 'Kept',
      collections: [],
    });
  });

  it('deleting a collection keeps its items, which only lose the link', async () => {
    const doomed = await createCollection(alice, 'Doomed');
    const kept = await createContent(alice, { collections: [doomed.id] });
    expect((await alice.delete(`${COLLECTIONS}${doomed.id}/`)).statusCode).toBe(204);
    expect((await alice.get(item(kept.id))).json<ContentItem>().collections).toEqual([]);
  });
});

describe('status, publish date, public flag, words and position', () => {
  it('stores each field and counts words without markdown syntax', async () => {
    const created = await createContent(alice, {
      content: '# Intro\n\nRead [the docs](https://example.com/long/path) **now**.',
      status: 'scripting',
      publish_on: '2026-12-24',
      is_public: true,
    });
    expect(created).toMatchObject({
      status: 'scripting',
      publish_on: '2026-12-24',
      is_public: true,
      word_count: 5,
    });
    const changed = await alice.patch(item(created.id), { content: 'one two', publish_on: null });
    expect(changed.json<ContentItem>()).toMatchObject({ word_count: 2, publish_on: null });
  });

  it('refuses an unknown status, a malformed date and a negative position', async () => {
    for (const body of [{ status: 'done' }, { publish_on: '24/12/2026' }, { position: -1 }]) {
      const res = await alice.post(CONTENTS, { title: 't', content: 'c', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(Object.keys(body));
    }
  });

  it('puts a new item, and an item moved to another column, at the end of its column', async () => {
    const user = await signedInCaller(ctx);
    const a = await createContent(user, { status: 'editing' });
    const b = await createContent(user, { status: 'editing' });
    expect([a.position, b.position]).toEqual([0, 1]);
    const idea = await createContent(user);
    expect(idea.position).toBe(0);
    const moved = (await user.patch(item(idea.id), { status: 'editing' })).json<ContentItem>();
    expect(moved.position).toBe(2);
    const placed = (await user.patch(item(b.id), { position: 0 })).json<ContentItem>();
    expect(placed).toMatchObject({ status: 'editing', position: 0 });
  });

  it('makes room at a given position: the item there and those after it move down, in one request', async () => {
    const user = await signedInCaller(ctx);
    const [a, b, c] = [
      await createContent(user, { title: 'A', status: 'scripting' }),
      await createContent(user, { title: 'B', status: 'scripting' }),
      await createContent(user, { title: 'C', status: 'scripting' }),
    ];
    const idea = await createContent(user, { title: 'I' });
    const column = async () =>
      (await user.get(`${CONTENTS}?status=scripting&ordering=position`))
        .json<Paginated<ContentItem>>()
        .results.map((x) => `${x.title}${x.position}`);
    // Idea → Scripting, before B.
    const moved = await user.patch(item(idea.id), { status: 'scripting', position: b.position });
    expect(moved.json<ContentItem>()).toMatchObject({ status: 'scripting', position: 1 });
    expect(await column()).toEqual(['A0', 'I1', 'B2', 'C3']);
    // A within the column, before C; the others keep their updated_on.
    await user.patch(item(a.id), { position: 3 });
    expect(await column()).toEqual(['I1', 'B2', 'A3', 'C4']);
    expect((await user.get(item(c.id))).json<ContentItem>().updated_on).toBeNull();
    // A free position moves nobody; a new item given a position makes room too.
    await user.patch(item(c.id), { position: 9 });
    expect(await column()).toEqual(['I1', 'B2', 'A3', 'C9']);
    await createContent(user, { title: 'N', status: 'scripting', position: 2 });
    expect(await column()).toEqual(['I1', 'N2', 'B3', 'A4', 'C10']);
    // The largest position stays a 200, never an overflow.
    const last = 2 ** 31 - 1;
    await user.patch(item(c.id), { position: last });
    const top = await user.patch(item(a.id), { position: last });
    expect(top.statusCode, top.body).toBe(200);
  });

  it('makes room only among the items the caller may change (another user’s column is untouched)', async () => {
    const user = await signedInCaller(ctx);
    const other = await signedInCaller(ctx);
    const mine = await createContent(user, { status: 'recording' });
    const theirs = await createContent(other, { status: 'recording' });
    expect([mine.position, theirs.position]).toEqual([0, 0]);
    await createContent(user, { status: 'recording', position: 0 });
    expect((await other.get(item(theirs.id))).json<ContentItem>().position).toBe(0);
    expect((await user.get(item(mine.id))).json<ContentItem>().position).toBe(1);
  });
});

describe('content list filters and orderings', () => {
  let user: Caller;
  let season: Collection;
  beforeAll(async () => {
    user = await signedInCaller(ctx);
    season = await createCollection(user, 'Season');
    const tag = (await user.post('/api/collections/tags/', { name: 'tips' })).json<{
      id: number;
    }>();
    await createContent(user, { title: 'banana', status: 'idea', publish_on: '2026-03-01' });
    await createContent(user, {
      title: 'Apple',
      status: 'editing',
      publish_on: '2026-01-15',
      collections: [season.id],
      tags: [tag.id],
    });
    await createContent(user, { title: 'cherry', status: 'published', is_public: true });
    const first = (await titles(user, 'ordering=-created_on')).at(-1);
    expect(first).toBe('banana');
    const res = await user.get(`${CONTENTS}?title=x`);
    const banana = res.json<Paginated<ContentItem>>().results.find((c) => c.title === 'banana');
    await user.patch(item(banana!.id), { content: 'edited last' });
  });

  it('filters by collection, tag, one or more statuses, public flag and publish dates', async () => {
    expect(await titles(user, `collection=${season.id}`)).toEqual(['Apple']);
    expect(await titles(user, 'status=idea&status=published')).toEqual(['cherry', 'banana']);
    expect(await titles(user, 'status=editing')).toEqual(['Apple']);
    expect(await titles(user, 'is_public=true')).toEqual(['cherry']);
    expect(await titles(user, 'is_public=false')).toEqual(['Apple', 'banana']);
    expect(await titles(user, 'publish_on_after=2026-01-15&publish_on_before=2026-02-28')).toEqual([
      'Apple',
    ]);
    const tag = (await user.get('/api/collections/tags/')).json<Paginated<{ id: number }>>()
      .results[0]!;
    expect(await titles(user, `tag=${tag.id}`)).toEqual(['Apple']);
  });

  it('orders newest first by default, and by last change, title, publish date or position', async () => {
    expect(await titles(user, '')).toEqual(['cherry', 'Apple', 'banana']);
    expect(await titles(user, 'ordering=-updated_on')).toEqual(['banana', 'cherry', 'Apple']);
    expect(await titles(user, 'ordering=title')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await titles(user, 'ordering=publish_on')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await titles(user, 'ordering=position')).toHaveLength(3);
  });

  it('refuses unknown orderings, statuses and malformed filters with 400', async () => {
    for (const query of [
      'ordering=random',
      'status=done',
      'is_public=yes',
      'publish_on_after=tomorrow',
      'collection=abc',
      'collection=99999999999',
    ]) {
      expect((await user.get(`${CONTENTS}?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers 404 for a collection the caller may not read, as the notes list does', async () => {
    const res = await bob.get(`/api/collections/contents-list/?collection=${season.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('collection orderings', () => {
  it('orders by newest, last change or name', async () => {
    const user = await signedInCaller(ctx);
    const b = await createCollection(user, 'beta');
    await createCollection(user, 'Alpha');
    await user.patch(`${COLLECTIONS}${b.id}/`, { description: 'changed' });
    const names = async (ordering: string) =>
      (await user.get(`${COLLECTIONS}?ordering=${ordering}`))
        .json<Paginated<Collection>>()
        .results.map((c) => c.name);
    expect(await names('-created_on')).toEqual(['Alpha', 'beta']);
    expect(await names('-updated_on')).toEqual(['beta', 'Alpha']);
    expect(await names('name')).toEqual(['Alpha', 'beta']);
    expect((await user.get(`${COLLECTIONS}?ordering=size`)).statusCode).toBe(400);
  });
});

describe('files of a collection', () => {
  it('uploads to a collection and lists its own files with those of its items', async () => {
    const user = await signedInCaller(ctx);
    const season = await createCollection(user, 'Season');
    const other = await createCollection(user, 'Other');
    const script = await createContent(user, { collections: [season.id] });
    const upload = async (name: string, fields: Record<string, string>) => {
      const res = await user.upload({ name, bytes: Buffer.from(name) }, fields);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<FileObject>();
    };
    const own = await upload('plan.txt', { collection: String(season.id) });
    expect(own).toMatchObject({ collection: season.id, content: null });
    const attached = await upload('take1.txt', { content: String(script.id) });
    await upload('elsewhere.txt', { collection: String(other.id) });
    await upload('loose.txt', {});

    const list = await user.get(`${FILES}?collection=${season.id}`);
    expect(list.json<Paginated<FileObject>>().results.map((f) => f.id)).toEqual([
      attached.id,
      own.id,
    ]);
    const moved = await user.patch(`${FILES}${own.id}/`, { collection: other.id });
    expect(moved.json<FileObject>().collection).toBe(other.id);
  });

  it('refuses another user’s collection on upload and change with 400 errors.collection', async () => {
    const bobs = await createCollection(bob, 'Bob’s files');
    const res = await alice.upload(
      { name: 'x.txt', bytes: Buffer.from('x') },
      {
        collection: String(bobs.id),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['collection']);
    const mine = (
      await alice.upload({ name: 'y.txt', bytes: Buffer.from('y') }, {})
    ).json<FileObject>();
    const patch = await alice.patch(`${FILES}${mine.id}/`, { collection: bobs.id });
    expect(patch.statusCode).toBe(400);
    expect(
      (await bob.get(`${FILES}?collection=${bobs.id}`)).json<Paginated<FileObject>>().count,
    ).toBe(0);
  });

  it('keeps a collection’s own file, unattached, when the collection is deleted for good', async () => {
    const season = await createCollection(alice, 'Short-lived');
    const file = (
      await alice.upload(
        { name: 'keep.txt', bytes: Buffer.from('k') },
        {
          collection: String(season.id),
        },
      )
    ).json<FileObject>();
    await alice.delete(`${COLLECTIONS}${season.id}/`);
    // In the trash, the file stays the owner's and keeps its collection, to come back with it.
    expect((await alice.get(`${FILES}${file.id}/`)).json<FileObject>().collection).toBe(season.id);
    expect((await alice.delete(`/api/trash/collection/${season.id}/`)).statusCode).toBe(204);
    expect((await alice.get(`${FILES}${file.id}/`)).json<FileObject>().collection).toBeNull();
  });
});
