import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListCursor, type Collection, type Paginated } from '@cw/contract';
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

const LIST = '/api/collections/list/';
const one = (id: number) => `/api/collections/list/${id}/`;

async function createCollection(caller: Caller, body: object = {}): Promise<Collection> {
  const res = await caller.post(LIST, { name: 'A collection', ...body });
  expect(res.statusCode).toBe(201);
  return res.json<Collection>();
}

async function createTag(caller: Caller, name: string): Promise<number> {
  const res = await caller.post('/api/collections/tags/', { name });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('collections', () => {
  it('creates a collection with the defaults of the spec and answers 201 with it', async () => {
    const res = await alice.post(LIST, {
      name: '  Launch videos  ',
      meta_data: {},
      user: alice.id,
      tags: [],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Launch videos',
      description: '',
      is_active: true,
      is_public: true,
      created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_on: null,
      tags: [],
      tags_named_list: [],
      meta_data: {},
      user: alice.id,
      content_count: 0,
      role: 'owner',
      owner_name: expect.any(String),
      member_count: 0,
      members_preview: [],
      public_id: null,
      public_url: null,
      feed_full_text: false,
    });
  });

  it('reads one collection, with or without the trailing slash', async () => {
    const created = await createCollection(alice, { description: 'About it' });
    const withSlash = await alice.get(one(created.id));
    const withoutSlash = await alice.get(`/api/collections/list/${created.id}`);
    expect(withSlash.statusCode).toBe(200);
    expect(withSlash.json()).toEqual(created);
    expect(withoutSlash.json()).toEqual(created);
  });

  it('lists tag names ordered by name and tag ids in the same order', async () => {
    const zebra = await createTag(alice, 'zebra');
    const apple = await createTag(alice, 'Apple');
    const mango = await createTag(alice, 'mango');
    const created = await createCollection(alice, { tags: [zebra, apple, mango, apple] });
    expect(created.tags_named_list).toEqual([
      { id: apple, name: 'Apple' },
      { id: mango, name: 'mango' },
      { id: zebra, name: 'zebra' },
    ]);
    expect(created.tags).toEqual([apple, mango, zebra]);
  });

  it('changes any subset of fields, stamping updated_on on every change', async () => {
    const created = await createCollection(alice);
    const tag = await createTag(alice, 'patched-tag');
    const first = await alice.patch(one(created.id), { is_public: false });
    expect(first.statusCode).toBe(200);
    const afterFirst = first.json<Collection>();
    expect(afterFirst).toMatchObject({ is_public: false, is_active: true, name: 'A collection' });
    expect(afterFirst.updated_on).not.toBeNull();

    const second = await alice.patch(one(created.id), {
      name: 'Renamed',
      description: 'New words',
      is_active: false,
      tags: [tag],
      meta_data: { color: 'blue' },
    });
    const afterSecond = second.json<Collection>();
    expect(afterSecond).toMatchObject({
      name: 'Renamed',
      description: 'New words',
      is_active: false,
      is_public: false,
      tags: [tag],
      tags_named_list: [{ id: tag, name: 'patched-tag' }],
      meta_data: { color: 'blue' },
    });
    expect(Date.parse(afterSecond.updated_on ?? '')).toBeGreaterThanOrEqual(
      Date.parse(afterFirst.updated_on ?? ''),
    );
    expect((await alice.get(one(created.id))).json()).toEqual(afterSecond);
  });

  it('deletes a collection with 204, after which it is not found', async () => {
    const created = await createCollection(alice);
    const res = await alice.delete(one(created.id));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await alice.get(one(created.id))).statusCode).toBe(404);
    expect((await alice.delete(one(created.id))).statusCode).toBe(404);
  });

  it('refuses invalid fields with 400 and the problems per field', async () => {
    const blank = await alice.post(LIST, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'invalid', errors: { name: expect.any(Array) } });

    const missing = await alice.post(LIST, { description: 'no name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('name');

    const tooLong = await alice.post(LIST, { name: 'x'.repeat(201) });
    expect(tooLong.json().errors).toHaveProperty('name');

    const longDescription = await alice.post(LIST, { name: 'ok', description: 'x'.repeat(5001) });
    expect(longDescription.json().errors).toHaveProperty('description');

    const bigMeta = await alice.post(LIST, { name: 'ok', meta_data: { big: 'x'.repeat(17_000) } });
    expect(bigMeta.statusCode).toBe(400);
    expect(bigMeta.json().errors).toHaveProperty('meta_data');

    const notObject = await alice.post(LIST, { name: 'ok', meta_data: [1, 2] });
    expect(notObject.json().errors).toHaveProperty('meta_data');

    const created = await createCollection(alice);
    const badPatch = await alice.patch(one(created.id), { is_active: 'yes' });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().errors).toHaveProperty('is_active');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const url of [one(999_999), '/api/collections/list/abc/', '/api/collections/list/0/']) {
      expect((await alice.get(url)).statusCode).toBe(404);
      expect((await alice.patch(url, { name: 'x' })).statusCode).toBe(404);
      expect((await alice.delete(url)).statusCode).toBe(404);
    }
  });

  it("answers 404 for another user's collection and leaves it untouched", async () => {
    const bobs = await createCollection(bob, { name: "Bob's" });
    expect((await alice.get(one(bobs.id))).statusCode).toBe(404);
    expect((await alice.patch(one(bobs.id), { name: 'taken' })).statusCode).toBe(404);
    expect((await alice.delete(one(bobs.id))).statusCode).toBe(404);
    expect((await bob.get(one(bobs.id))).json()).toEqual(bobs);
  });

  it('answers 403 for a user filter or user field naming someone else', async () => {
    expect((await alice.get(`${LIST}?user=${bob.id}`)).statusCode).toBe(403);
    expect((await alice.get(`${LIST}?user=${alice.id}`)).statusCode).toBe(200);
    const create = await alice.post(LIST, { name: 'x', user: bob.id });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ code: 'permission_denied' });
    const mine = await createCollection(alice);
    expect((await alice.patch(one(mine.id), { user: bob.id })).statusCode).toBe(403);
    expect((await alice.patch(one(mine.id), { user: alice.id })).statusCode).toBe(200);
  });

  it("refuses another user's or unknown tag ids with 400 errors.tags, changing nothing", async () => {
    const bobsTag = await createTag(bob, 'bob-only');
    const create = await alice.post(LIST, { name: 'x', tags: [bobsTag] });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors.tags).toHaveLength(1);
    const unknown = await alice.post(LIST, { name: 'x', tags: [987_654] });
    expect(unknown.json().errors).toHaveProperty('tags');

    const mine = await createCollection(alice, { name: 'Before' });
    const patch = await alice.patch(one(mine.id), { name: 'After', tags: [bobsTag] });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors).toHaveProperty('tags');
    // The whole request failed: the name did not change and updated_on is still unset.
    expect((await alice.get(one(mine.id))).json()).toEqual(mine);
  });

  it('needs a valid access token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: LIST,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('collection lists', () => {
  it('walks 120 collections newest first, each exactly once, with links keeping filters', async () => {
    const walker = await signedInCaller(ctx);
    const created: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await walker.post(LIST, { name: `Item ${i}` });
      created.push(res.json<Collection>().id);
    }
    const seen: number[] = [];
    let url: string | null = `${LIST}?user=${walker.id}&page_size=50`;
    const pages: Paginated<Collection>[] = [];
    while (url) {
      const res = await walker.get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json<Paginated<Collection>>();
      expect(page.count).toBe(120);
      pages.push(page);
      seen.push(...page.results.map((c) => c.id));
      url = page.next;
    }
    expect(pages.map((p) => p.results.length)).toEqual([50, 50, 20]);
    expect(seen).toEqual([...created].reverse());
    expect(pages[0]?.previous).toBeNull();
    // `next` carries the cursor of the page's last row (decision 264); `previous` a page number.
    const cursor = encodeListCursor('-created_on', [seen[49]!]);
    expect(pages[0]?.next).toBe(`${LIST}?page=2&page_size=50&after=${cursor}&user=${walker.id}`);
    expect(pages[2]?.previous).toBe(`${LIST}?page=2&page_size=50&user=${walker.id}`);
    expect(pages[2]?.next).toBeNull();
  });

  it('uses 50 per page by default, refuses page sizes over 200 and pages under 1', async () => {
    const res = await alice.get(LIST);
    expect(res.statusCode).toBe(200);
    expect(res.json<Paginated<Collection>>().results.length).toBeLessThanOrEqual(50);
    expect((await alice.get(`${LIST}?page_size=201`)).statusCode).toBe(400);
    expect((await alice.get(`${LIST}?page=0`)).statusCode).toBe(400);
    expect((await alice.get(`${LIST}?page=abc`)).statusCode).toBe(400);
  });

  it('answers a page past the end with no results', async () => {
    const res = await alice.get(`${LIST}?page=999`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: [], next: null });
  });

  it("holds only the caller's own collections", async () => {
    const stranger = await signedInCaller(ctx);
    await createCollection(stranger, { name: 'Hidden' });
    const page = (await alice.get(`${LIST}?page_size=200`)).json<Paginated<Collection>>();
    expect(page.results.every((c) => c.user === alice.id)).toBe(true);
    const strangers = (await stranger.get(LIST)).json<Paginated<Collection>>();
    expect(strangers.count).toBe(1);
  });

  it('deleting a collection deletes its notes', async () => {
    const collection = await createCollection(alice);
    const note = await alice.post('/api/collections/notes/', {
      collection: collection.id,
      title: 'Kept?',
      content: 'No',
    });
    expect(note.statusCode).toBe(201);
    expect((await alice.delete(one(collection.id))).statusCode).toBe(204);
    expect((await alice.get(`/api/collections/notes/${note.json().id}/`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI description', () => {
  it('lists every library route with tags, a summary and its answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses?: object }>
      >;
    }>();
    const expected: Record<string, string[]> = {
      '/api/collections/list/': ['get', 'post'],
      '/api/collections/list/{id}/': ['get', 'patch', 'delete'],
      '/api/collections/contents-list/': ['get', 'post'],
      '/api/collections/contents-list/{id}/': ['get', 'patch', 'delete'],
      '/api/collections/tags/': ['get', 'post'],
      '/api/collections/tags/{id}/': ['get', 'patch', 'delete'],
      '/api/collections/files/': ['get', 'post'],
      '/api/collections/files/{id}/': ['get', 'patch', 'delete'],
      '/api/collections/files/{id}/download/': ['get'],
      '/api/collections/notes/': ['get', 'post'],
      '/api/collections/notes/{id}/': ['get', 'patch', 'delete'],
    };
    for (const [route, methods] of Object.entries(expected)) {
      for (const method of methods) {
        const operation = doc.paths[route]?.[method];
        expect(operation, `${method} ${route}`).toBeDefined();
        expect(operation?.tags?.length, `${method} ${route} tags`).toBeGreaterThan(0);
        expect(operation?.summary, `${method} ${route} summary`).toBeTruthy();
        const statuses = Object.keys(operation?.responses ?? {});
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${method} ${route} 2xx`,
        ).toBe(true);
        expect(statuses, `${method} ${route} 401`).toContain('401');
      }
    }
  });
});
