import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Note, Paginated } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

let ctx: TestContext;
let alice: Caller;
let bob: Caller;
let aliceCollection: Collection;
let bobCollection: Collection;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
  aliceCollection = (
    await alice.post('/api/collections/list/', { name: 'Alice notes' })
  ).json<Collection>();
  bobCollection = (
    await bob.post('/api/collections/list/', { name: 'Bob notes' })
  ).json<Collection>();
});
afterAll(async () => {
  await ctx.close();
});

const LIST = '/api/collections/notes/';
const one = (id: number) => `/api/collections/notes/${id}/`;

async function createNote(caller: Caller, collection: number, body: object = {}): Promise<Note> {
  const res = await caller.post(LIST, { collection, title: 'Idea', content: 'Text', ...body });
  expect(res.statusCode).toBe(201);
  return res.json<Note>();
}

describe('collection notes', () => {
  it('creates a note with trimmed title and tags without repeats', async () => {
    const res = await alice.post(LIST, {
      collection: aliceCollection.id,
      title: '  Intro  ',
      content: '**bold** text',
      tags: [' hook ', 'hook', 'cta', '  cta'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      collection: aliceCollection.id,
      title: 'Intro',
      content: '**bold** text',
      tags: ['hook', 'cta'],
      created_on: expect.any(String),
      updated_on: null,
      updated_by: { id: expect.any(Number), name: expect.any(String) },
    });
  });

  it('takes the collection from the query when the body has none', async () => {
    const res = await alice.post(`${LIST}?collection=${aliceCollection.id}`, {
      title: 'From query',
      content: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Note>().collection).toBe(aliceCollection.id);
  });

  it('reads, changes and deletes a note', async () => {
    const note = await createNote(alice, aliceCollection.id);
    expect((await alice.get(one(note.id))).json()).toEqual(note);
    const patched = await alice.patch(one(note.id), { title: 'Better', tags: ['a', ' a '] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Better', content: 'Text', tags: ['a'] });
    expect(patched.json<Note>().updated_on).not.toBeNull();
    expect((await alice.delete(one(note.id))).statusCode).toBe(204);
    expect((await alice.get(one(note.id))).statusCode).toBe(404);
  });

  it('refuses blank titles and content, blank tags and a missing collection', async () => {
    const blank = await alice.post(LIST, {
      collection: aliceCollection.id,
      title: '  ',
      content: ' \n ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('title');
    expect(blank.json().errors).toHaveProperty('content');
    const blankTag = await alice.post(LIST, {
      collection: aliceCollection.id,
      title: 't',
      content: 'c',
      tags: ['  '],
    });
    expect(blankTag.json().errors).toHaveProperty('tags');
    const noCollection = await alice.post(LIST, { title: 't', content: 'c' });
    expect(noCollection.statusCode).toBe(400);
    expect(noCollection.json().errors).toHaveProperty('collection');
    const note = await createNote(alice, aliceCollection.id);
    expect((await alice.patch(one(note.id), { content: '' })).statusCode).toBe(400);
    expect((await alice.get(one(note.id))).json()).toEqual(note);
  });

  it("refuses another user's or an unknown collection with 400 errors.collection", async () => {
    for (const collection of [bobCollection.id, 987_654]) {
      const res = await alice.post(LIST, { collection, title: 't', content: 'c' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('collection');
      const viaQuery = await alice.post(`${LIST}?collection=${collection}`, {
        title: 't',
        content: 'c',
      });
      expect(viaQuery.statusCode).toBe(400);
    }
    expect((await bob.get(`${LIST}?collection=${bobCollection.id}`)).json()).toMatchObject({
      count: 0,
    });
  });

  it("answers 404 for unknown ids and for another user's notes", async () => {
    const bobs = await createNote(bob, bobCollection.id, { title: 'Bob only' });
    for (const id of [999_999, bobs.id]) {
      expect((await alice.get(one(id))).statusCode).toBe(404);
      expect((await alice.patch(one(id), { title: 'mine' })).statusCode).toBe(404);
      expect((await alice.delete(one(id))).statusCode).toBe(404);
    }
    expect((await bob.get(one(bobs.id))).json()).toEqual(bobs);
    await bob.delete(one(bobs.id));
  });
});

describe('note lists', () => {
  it("list one collection's notes newest first, or all of the caller's notes", async () => {
    const user = await signedInCaller(ctx);
    const first = (await user.post('/api/collections/list/', { name: 'One' })).json<Collection>();
    const second = (await user.post('/api/collections/list/', { name: 'Two' })).json<Collection>();
    const a = await createNote(user, first.id);
    const b = await createNote(user, second.id);
    const c = await createNote(user, first.id);
    const ofFirst = (await user.get(`${LIST}?collection=${first.id}`)).json<Paginated<Note>>();
    expect(ofFirst.results.map((n) => n.id)).toEqual([c.id, a.id]);
    const all = (await user.get(LIST)).json<Paginated<Note>>();
    expect(all.results.map((n) => n.id)).toEqual([c.id, b.id, a.id]);
    const paged = (await user.get(`${LIST}?collection=${first.id}&page_size=1`)).json();
    expect(paged).toMatchObject({
      count: 2,
      next: `${LIST}?page=2&page_size=1&collection=${first.id}`,
    });
  });

  it("answer 404 for another user's or an unknown collection", async () => {
    expect((await alice.get(`${LIST}?collection=${bobCollection.id}`)).statusCode).toBe(404);
    expect((await alice.get(`${LIST}?collection=987654`)).statusCode).toBe(404);
  });
});
