import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, FileObject, Note, Paginated, Tag } from '@cw/contract';
import { collabUrl, listen } from './collab-support';
import { RawSocket } from './collab-raw';
import { createTestApp, type TestContext } from './helpers';
import { allByteValues, multipartBody, signedInCaller, type Caller } from './library-helpers';

interface Library {
  caller: Caller;
  tag: Tag;
  file: FileObject;
  content: ContentItem;
  collection: Collection;
  note: Note;
}

let ctx: TestContext;
let url: string;
let alice: Library;
let bob: Library;

/** One user's whole library: a tag, a file attached to a tagged item, a tagged collection and a note. */
async function buildLibrary(caller: Caller, label: string): Promise<Library> {
  const tag = (await caller.post('/api/collections/tags/', { name: `${label}-tag` })).json<Tag>();
  const file = (
    await caller.upload({ name: `${label}.bin`, bytes: allByteValues(), type: 'application/x-bin' })
  ).json<FileObject>();
  const content = (
    await caller.post('/api/collections/contents-list/', {
      title: `${label} item`,
      content: 'private',
      tags: [tag.id],
      files: [file.id],
    })
  ).json<ContentItem>();
  const collection = (
    await caller.post('/api/collections/list/', { name: `${label} collection`, tags: [tag.id] })
  ).json<Collection>();
  const note = (
    await caller.post('/api/collections/notes/', {
      collection: collection.id,
      title: `${label} note`,
      content: 'private',
    })
  ).json<Note>();
  return { caller, tag, file: { ...file, content: content.id }, content, collection, note };
}

/** Every object of a library as its owner reads it now. */
async function snapshot(lib: Library) {
  const { caller } = lib;
  return {
    tag: (await caller.get(`/api/collections/tags/${lib.tag.id}/`)).json(),
    file: (await caller.get(`/api/collections/files/${lib.file.id}/`)).json(),
    bytes: (await caller.get(lib.file.url)).rawPayload,
    content: (await caller.get(`/api/collections/contents-list/${lib.content.id}/`)).json(),
    collection: (await caller.get(`/api/collections/list/${lib.collection.id}/`)).json(),
    note: (await caller.get(`/api/collections/notes/${lib.note.id}/`)).json(),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  url = collabUrl(await listen(ctx.app));
  alice = await buildLibrary(await signedInCaller(ctx), 'alice');
  bob = await buildLibrary(await signedInCaller(ctx), 'bob');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const pairs = () =>
  [
    ['alice', alice, bob],
    ['bob', bob, alice],
  ] as const;

describe('two users', () => {
  it.each(['alice', 'bob'])('%s cannot read the other’s objects', async (who) => {
    const [, me, other] = pairs().find(([name]) => name === who)!;
    const ids = {
      '/api/collections/list/': other.collection.id,
      '/api/collections/contents-list/': other.content.id,
      '/api/collections/tags/': other.tag.id,
      '/api/collections/files/': other.file.id,
      '/api/collections/notes/': other.note.id,
    };
    for (const [list, id] of Object.entries(ids)) {
      const read = await me.caller.get(`${list}${id}/`);
      expect(read.statusCode, `GET ${list}${id}/`).toBe(404);
      expect(read.body).not.toContain('private');

      const filtered = await me.caller.get(`${list}?user=${other.caller.id}`);
      if (list !== '/api/collections/notes/')
        expect(filtered.statusCode, `${list}?user=`).toBe(403);

      const mine = (await me.caller.get(`${list}?page_size=200`)).json<Paginated<{ id: number }>>();
      expect(
        mine.results.map((o) => o.id),
        `${list} holds only my own`,
      ).not.toContain(id);
      expect(mine.count).toBe(1);
    }
    // Links between items: the other's item's links and backlinks are a 404 too.
    for (const path of ['links', 'backlinks']) {
      const read = await me.caller.get(
        `/api/collections/contents-list/${other.content.id}/${path}/`,
      );
      expect(read.statusCode, `GET …/${path}/`).toBe(404);
    }
    // Live editing: the other's document is refused like an unknown one, and one's own opens.
    const socket = new RawSocket(url);
    try {
      await socket.open;
      const token = me.caller.access;
      expect(await socket.authenticate(`content:${other.content.id}`, token)).toBe(
        'denied: not-found',
      );
      expect(await socket.authenticate('content:2000000000', token)).toBe('denied: not-found');
      expect(await socket.authenticate(`content:${me.content.id}`, token)).toBe('read-write');
    } finally {
      socket.terminate();
    }
    // Followers by email (decision 247): another's count and export are a 404, like the collection.
    for (const path of ['followers', 'followers/export']) {
      const read = await me.caller.get(`/api/collections/list/${other.collection.id}/${path}/`);
      expect(read.statusCode, `GET …/${path}/`).toBe(404);
      expect(read.body).not.toContain('@');
    }
    // Sharing: another's members cannot be read or changed, nor their collection joined.
    const members = `/api/collections/list/${other.collection.id}/members/`;
    expect((await me.caller.get(members)).statusCode).toBe(404);
    expect(
      (await me.caller.post(members, { email: me.caller.email, role: 'editor' })).statusCode,
    ).toBe(404);
    expect(
      (await me.caller.get(`/api/collections/list/?scope=all`))
        .json<Paginated<{ id: number }>>()
        .results.map((c) => c.id),
    ).not.toContain(other.collection.id);
    // The pipeline's lists (decision 220): nothing of another's in `all` or `shared`.
    for (const scope of ['all', 'shared']) {
      expect(
        (await me.caller.get(`/api/collections/contents-list/?scope=${scope}&page_size=200`))
          .json<Paginated<{ id: number }>>()
          .results.map((c) => c.id),
      ).not.toContain(other.content.id);
    }
    // Publishing: another's collection cannot be published or unpublished, and its id is no
    // public address.
    const publish = `/api/collections/list/${other.collection.id}/publish/`;
    expect((await me.caller.post(publish)).statusCode).toBe(404);
    expect((await me.caller.delete(publish)).statusCode).toBe(404);
    expect((await me.caller.get(`/api/public/${other.collection.id}/`)).statusCode).toBe(404);
    expect((await me.caller.get(`/p/${other.collection.id}`)).statusCode).toBe(404);
    // Imports: another's import is a 404, like an unknown id.
    const archive = multipartBody({ name: 'a.zip', bytes: Buffer.from('not a zip') });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...other.caller.auth, 'content-type': archive.contentType },
      payload: archive.body,
    });
    expect(started.statusCode, started.body).toBe(202);
    const importId = started.json<{ id: number }>().id;
    expect((await me.caller.get(`/api/import/${importId}/`)).statusCode).toBe(404);
    expect((await other.caller.get(`/api/import/${importId}/`)).statusCode).toBe(200);
    const download = await me.caller.get(other.file.url);
    expect(download.statusCode).toBe(404);
    expect(download.headers['content-disposition']).toBeUndefined();
    // A preview: neither a link to it nor the preview itself.
    const previewLink = await me.caller.post(
      `/api/collections/files/${other.file.id}/preview-link/`,
    );
    expect(previewLink.statusCode).toBe(404);
    const preview = await me.caller.get(`/api/collections/files/${other.file.id}/preview/`);
    expect(preview.statusCode).toBe(404);
    expect(preview.headers['content-disposition']).toBeUndefined();
    expect(
      (await me.caller.get(`/api/collections/notes/?collection=${other.collection.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await me.caller.get(`/api/collections/contents-list/?tag=${other.tag.id}`)).json(),
    ).toMatchObject({ count: 0, results: [] });
    // Filtering by an item or collection one may not read: 404, as for notes (docs/api.md).
    expect(
      (await me.caller.get(`/api/collections/files/?content=${other.content.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await me.caller.get(`/api/collections/files/?collection=${other.collection.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await me.caller.get(`/api/collections/contents-list/?collection=${other.collection.id}`))
        .statusCode,
    ).toBe(404);
    // Search: both libraries share the words "item", "collection", "note", "private"; each user
    // finds only their own rows, and another's collection as a filter is a 404.
    const found = (
      await me.caller.get(
        '/api/search/?q=item%20OR%20collection%20OR%20note%20OR%20private%20OR%20tag',
      )
    ).json<Paginated<{ type: string; id: number; title: string }>>();
    expect(found.count).toBeGreaterThanOrEqual(4);
    for (const hit of found.results) {
      expect(hit.title, `search finds ${hit.type} ${hit.id}`).not.toContain(
        who === 'alice' ? 'bob' : 'alice',
      );
    }
    expect(
      (await me.caller.get(`/api/search/?q=private&collection=${other.collection.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await me.caller.get(`/api/search/?q=private&tag=${other.tag.id}`)).json(),
    ).toMatchObject({
      count: 0,
    });
  });

  it.each(['alice', 'bob'])('%s cannot change or delete the other’s objects', async (who) => {
    const [, me, other] = pairs().find(([name]) => name === who)!;
    const before = await snapshot(other);
    const changes: [string, object][] = [
      [`/api/collections/list/${other.collection.id}/`, { name: 'pwned', tags: [] }],
      [`/api/collections/contents-list/${other.content.id}/`, { title: 'pwned', files: [] }],
      [`/api/collections/tags/${other.tag.id}/`, { name: 'pwned' }],
      [`/api/collections/files/${other.file.id}/`, { name: 'pwned', content: null }],
      [`/api/collections/notes/${other.note.id}/`, { title: 'pwned' }],
    ];
    for (const [url, body] of changes) {
      expect((await me.caller.patch(url, body)).statusCode, `PATCH ${url}`).toBe(404);
      expect((await me.caller.delete(url)).statusCode, `DELETE ${url}`).toBe(404);
    }
    // Merging the other's tag into mine, or mine into theirs.
    expect(
      (await me.caller.post(`/api/collections/tags/${other.tag.id}/merge/`, { into: me.tag.id }))
        .statusCode,
    ).toBe(404);
    const into = await me.caller.post(`/api/collections/tags/${me.tag.id}/merge/`, {
      into: other.tag.id,
    });
    expect(into.statusCode).toBe(400);
    expect(into.json()).toMatchObject({ errors: { into: expect.any(Array) } });
    expect(await snapshot(other)).toEqual(before);
  });

  it.each(['alice', 'bob'])('%s cannot link the other’s objects to their own', async (who) => {
    const [, me, other] = pairs().find(([name]) => name === who)!;
    const mineBefore = await snapshot(me);
    const otherBefore = await snapshot(other);
    const refused = async (
      res: Promise<{ statusCode: number; json(): unknown }>,
      field: string,
    ) => {
      const answer = await res;
      expect(answer.statusCode, field).toBe(400);
      expect((answer.json() as { errors: object }).errors).toHaveProperty(field);
    };

    // The other's tag on my collection or my content item.
    await refused(
      me.caller.patch(`/api/collections/list/${me.collection.id}/`, { tags: [other.tag.id] }),
      'tags',
    );
    await refused(
      me.caller.post('/api/collections/list/', { name: 'x', tags: [other.tag.id] }),
      'tags',
    );
    await refused(
      me.caller.patch(`/api/collections/contents-list/${me.content.id}/`, {
        tags: [other.tag.id],
      }),
      'tags',
    );
    // The other's file on my content item.
    await refused(
      me.caller.patch(`/api/collections/contents-list/${me.content.id}/`, {
        files: [other.file.id],
      }),
      'files',
    );
    await refused(
      me.caller.post('/api/collections/contents-list/', {
        title: 'x',
        content: 'x',
        files: [other.file.id],
      }),
      'files',
    );
    // My file onto the other's content item, by upload or by change.
    await refused(
      me.caller.upload(
        { name: 'x', bytes: Buffer.from('x') },
        { content: String(other.content.id) },
      ),
      'content',
    );
    await refused(
      me.caller.patch(`/api/collections/files/${me.file.id}/`, { content: other.content.id }),
      'content',
    );
    // A note into the other's collection.
    await refused(
      me.caller.post('/api/collections/notes/', {
        collection: other.collection.id,
        title: 'x',
        content: 'x',
      }),
      'collection',
    );
    // Creating as the other user.
    expect(
      (await me.caller.post('/api/collections/tags/', { name: 'x', user: other.caller.id }))
        .statusCode,
    ).toBe(403);

    expect(await snapshot(me)).toEqual(mineBefore);
    expect(await snapshot(other)).toEqual(otherBefore);
  });

  it.each(['alice', 'bob'])('%s cannot see, restore or delete the other’s trash', async (who) => {
    const [, me, other] = pairs().find(([name]) => name === who)!;
    const item = (
      await other.caller.post('/api/collections/contents-list/', {
        title: 'private trashed',
        content: 'x',
      })
    ).json<ContentItem>();
    const collection = (
      await other.caller.post('/api/collections/list/', { name: 'private trashed' })
    ).json<Collection>();
    expect(
      (await other.caller.delete(`/api/collections/contents-list/${item.id}/`)).statusCode,
    ).toBe(204);
    expect((await other.caller.delete(`/api/collections/list/${collection.id}/`)).statusCode).toBe(
      204,
    );
    const mine = (await me.caller.get('/api/trash/')).json<Paginated<{ title: string }>>();
    expect(mine.results.map((entry) => entry.title)).not.toContain('private trashed');
    for (const [type, id] of [
      ['content', item.id],
      ['collection', collection.id],
    ] as const) {
      expect((await me.caller.post(`/api/trash/${type}/${id}/restore/`)).statusCode).toBe(404);
      expect((await me.caller.delete(`/api/trash/${type}/${id}/`)).statusCode).toBe(404);
    }
    expect((await me.caller.delete('/api/trash/')).statusCode).toBe(204);
    const theirs = (await other.caller.get('/api/trash/')).json<Paginated<{ title: string }>>();
    expect(theirs.results.filter((entry) => entry.title === 'private trashed')).toHaveLength(2);
    // Put back, so the other tests see the libraries as they were.
    await other.caller.delete('/api/trash/');
  });
});
