import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type {
  Collection,
  ContentItem,
  FileObject,
  Note,
  PublicCollection,
  Tag,
} from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { share } from './sharing-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const COLLECTIONS = '/api/collections/list/';
const CONTENTS = '/api/collections/contents-list/';

async function ok<T>(
  res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
  status = 200,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return status === 204 ? (undefined as T) : answer.json<T>();
}

/** A visitor: no token. */
const visit = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const publish = (caller: Caller, id: number) =>
  ok<Collection>(caller.post(`${COLLECTIONS}${id}/publish/`));

/** What every "not public" answer must look like: the answer to an id nobody ever had. */
async function unknownAnswers() {
  const page = await visit('/p/AAAAAAAAAAAAAAAAAAAAAA');
  const api = await visit('/api/public/AAAAAAAAAAAAAAAAAAAAAA/');
  return { page, api };
}

async function expectSame404(url: string) {
  const { page, api } = await unknownAnswers();
  const res = await visit(url);
  const reference = url.startsWith('/api/') ? api : page;
  expect(res.statusCode, url).toBe(404);
  expect(res.body, url).toBe(reference.body);
  for (const header of ['content-type', 'cache-control', 'content-security-policy', 'etag']) {
    expect(res.headers[header], `${url} ${header}`).toEqual(reference.headers[header]);
  }
}

interface World {
  alice: Caller;
  collection: Collection;
  other: Collection;
  publicItem: ContentItem;
  privateItem: ContentItem;
  otherItem: ContentItem;
  note: Note;
  publicFile: FileObject;
  privateFile: FileObject;
  collectionFile: FileObject;
}

async function world(): Promise<World> {
  const alice = await signedInCaller(ctx);
  const tag = await ok<Tag>(alice.post('/api/collections/tags/', { name: 'sponsors' }), 201);
  const collection = await ok<Collection>(
    alice.post(COLLECTIONS, { name: 'Season 3', description: 'The plan', tags: [tag.id] }),
    201,
  );
  const other = await ok<Collection>(alice.post(COLLECTIONS, { name: 'Other' }), 201);
  const publicItem = await ok<ContentItem>(
    alice.post(CONTENTS, {
      title: 'Episode one',
      content: '# Cold open\n\nThe **host** walks in.',
      collections: [collection.id],
      is_public: true,
      publish_on: '2026-11-20',
    }),
    201,
  );
  const privateItem = await ok<ContentItem>(
    alice.post(CONTENTS, {
      title: 'Secret draft',
      content: 'not for anyone',
      collections: [collection.id],
    }),
    201,
  );
  const otherItem = await ok<ContentItem>(
    alice.post(CONTENTS, {
      title: 'Elsewhere',
      content: 'public, but in another collection',
      collections: [other.id],
      is_public: true,
    }),
    201,
  );
  const note = await ok<Note>(
    alice.post(`/api/collections/notes/?collection=${collection.id}`, {
      title: 'Note',
      content: 'a note',
    }),
    201,
  );
  const upload = (name: string, fields: Record<string, string>) =>
    ok<FileObject>(alice.upload({ name, bytes: Buffer.from(`bytes of ${name}`) }, fields), 201);
  const publicFile = await upload('cue-sheet.txt', { content: String(publicItem.id) });
  const privateFile = await upload('secret.txt', { content: String(privateItem.id) });
  const collectionFile = await upload('own.txt', { collection: String(collection.id) });
  return {
    alice,
    collection,
    other,
    publicItem,
    privateItem,
    otherItem,
    note,
    publicFile,
    privateFile,
    collectionFile,
  };
}

describe('publishing a collection', () => {
  it('gives an unguessable public id that publishing again keeps; the owner name, tags and public items show', async () => {
    const w = await world();
    expect(w.collection.public_id).toBeNull();
    expect(w.collection.public_url).toBeNull();
    // is_public alone (the default) publishes nothing.
    expect(w.collection.is_public).toBe(true);

    const published = await publish(w.alice, w.collection.id);
    expect(published.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(published.public_url).toBe(`/p/${published.public_id}`);
    expect(published.is_public).toBe(true);
    expect((await publish(w.alice, w.collection.id)).public_id).toBe(published.public_id);
    expect((await ok<Collection>(w.alice.get(`${COLLECTIONS}${w.collection.id}/`))).public_id).toBe(
      published.public_id,
    );

    const id = published.public_id!;
    const api = await ok<PublicCollection>(visit(`/api/public/${id}/`));
    expect(api).toMatchObject({
      name: 'Season 3',
      description: 'The plan',
      tags: ['sponsors'],
      owner_name: `${w.alice.firstName} ${w.alice.lastName}`,
    });
    expect(api.items.map((item) => item.id)).toEqual([w.publicItem.id]);
    expect(api.items[0]!.files).toEqual([
      {
        id: w.publicFile.id,
        name: 'cue-sheet.txt',
        size: w.publicFile.size,
        content_type: w.publicFile.content_type,
        url: `/p/${id}/files/${w.publicFile.id}`,
      },
    ]);
    expect(JSON.stringify(api)).not.toContain(w.alice.email);

    const page = await visit(`/p/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.body).toContain('<title>Season 3</title>');
    expect(page.body).toContain('<meta name="description" content="The plan">');
    expect(page.body).toContain('<meta property="og:title" content="Season 3">');
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost`);
    expect(page.body).toContain(`${w.alice.firstName} ${w.alice.lastName}`);
    expect(page.body).not.toContain(w.alice.email);
    expect(page.body).toContain('sponsors');
    expect(page.body).toContain(`href="/p/${id}/${w.publicItem.id}"`);
    expect(page.body).toContain('Episode one');
    expect(page.body).toContain('Nov 20, 2026');
    expect(page.body).toContain('Cold open The host walks in.');
    expect(page.body).toContain('Made with <a href="/">Creator Workspace</a>');
    expect(page.body).not.toContain('Secret draft');
    expect(page.body).not.toContain('Elsewhere');
    expect(page.body).not.toContain('<script');

    const item = await visit(`/p/${id}/${w.publicItem.id}`);
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain('<h1>Cold open</h1>');
    expect(item.body).toContain('<strong>host</strong>');
    expect(item.body).toContain(`href="/p/${id}/files/${w.publicFile.id}"`);

    const file = await visit(`/p/${id}/files/${w.publicFile.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('bytes of cue-sheet.txt');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="cue-sheet.txt"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to a matching If-None-Match, on the page, an item and the feed', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    for (const url of [`/p/${id}`, `/p/${id}/${w.publicItem.id}`, `/p/${id}/feed.xml`]) {
      const first = await visit(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await visit(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect((await visit(url, { 'if-none-match': `W/${etag}` })).statusCode, url).toBe(304);
      expect((await visit(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
    // A change makes a new validator.
    const before = (await visit(`/p/${id}`)).headers.etag as string;
    await ok(w.alice.patch(`${CONTENTS}${w.publicItem.id}/`, { title: 'Episode 1' }));
    const after = await visit(`/p/${id}`, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Episode 1');
  });

  it('feed.xml is RSS 2.0 of the public items, newest publish date (else created date) first', async () => {
    const w = await world();
    const later = await ok<ContentItem>(
      w.alice.post(CONTENTS, {
        title: 'Episode two & more',
        content: 'Second <b>one</b>',
        collections: [w.collection.id],
        is_public: true,
        publish_on: '2026-12-01',
      }),
      201,
    );
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const res = await visit(`/p/${id}/feed.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(res.body) as {
      rss: {
        '@_version': string;
        channel: {
          title: string;
          link: string;
          description: string;
          item: {
            title: string;
            link: string;
            guid: { '#text': string };
            pubDate: string;
            description: string;
          }[];
        };
      };
    };
    expect(parsed.rss['@_version']).toBe('2.0');
    const channel = parsed.rss.channel;
    expect(channel.title).toBe('Season 3');
    expect(channel.link).toMatch(new RegExp(`^http://localhost:\\d+/p/${id}$`));
    expect(channel.item.map((item) => item.title)).toEqual(['Episode two & more', 'Episode one']);
    expect(channel.item[0]!.link).toMatch(new RegExp(`/p/${id}/${later.id}$`));
    expect(new Date(channel.item[1]!.pubDate).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // Raw HTML in the text is shown as text, escaped inside the description.
    expect(channel.item[0]!.description).toBe('<p>Second &#x3C;b>one&#x3C;/b></p>');
  });

  it('unpublishing stops the link at once; publishing later gives a new id and the old one stays 404', async () => {
    const w = await world();
    const first = (await publish(w.alice, w.collection.id)).public_id!;
    await ok(w.alice.delete(`${COLLECTIONS}${w.collection.id}/publish/`), 204);
    await expectSame404(`/p/${first}`);
    await expectSame404(`/api/public/${first}/`);
    expect(
      (await ok<Collection>(w.alice.get(`${COLLECTIONS}${w.collection.id}/`))).public_id,
    ).toBeNull();

    const second = (await publish(w.alice, w.collection.id)).public_id!;
    expect(second).not.toBe(first);
    expect((await visit(`/p/${second}`)).statusCode).toBe(200);
    await expectSame404(`/p/${first}`);
    await expectSame404(`/p/${first}/${w.publicItem.id}`);
  });

  it('Set Private unpublishes too; Set Public alone does not publish again', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const made = await ok<Collection>(
      w.alice.patch(`${COLLECTIONS}${w.collection.id}/`, { is_public: false }),
    );
    expect(made.public_id).toBeNull();
    await expectSame404(`/p/${id}`);
    const back = await ok<Collection>(
      w.alice.patch(`${COLLECTIONS}${w.collection.id}/`, { is_public: true }),
    );
    expect(back.public_id).toBeNull();
    await expectSame404(`/p/${id}`);
  });

  it('everything that is not public answers exactly like an unknown id', async () => {
    const w = await world();
    const bob = await signedInCaller(ctx);
    const bobs = await ok<Collection>(bob.post(COLLECTIONS, { name: 'Bob' }), 201);
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const otherId = (await publish(w.alice, w.other.id)).public_id!;
    const trashedItem = await ok<ContentItem>(
      w.alice.post(CONTENTS, {
        title: 'Trashed',
        content: 'gone',
        collections: [w.collection.id],
        is_public: true,
      }),
      201,
    );
    await ok(w.alice.delete(`${CONTENTS}${trashedItem.id}/`), 204);

    for (const url of [
      `/p/${id}/${w.privateItem.id}`,
      `/p/${id}/${w.otherItem.id}`,
      `/p/${id}/${w.note.id}`,
      `/p/${id}/${trashedItem.id}`,
      `/p/${id}/999999999`,
      `/p/${id}/abc`,
      `/p/${id}/0`,
      `/p/${id}/-1`,
      `/p/${id}/files/${w.privateFile.id}`,
      `/p/${id}/files/${w.collectionFile.id}`,
      `/p/${otherId}/files/${w.publicFile.id}`,
      `/p/${id}/files/abc`,
      `/p/${bobs.id}`,
      `/p/short`,
      `/p/${'x'.repeat(150)}`,
      `/p/${id}/a/b/c`,
      '/p/',
      '/p',
      `/api/public/${bobs.id}/`,
      '/api/public/short/',
    ]) {
      await expectSame404(url);
    }
    // Another collection's public item shows only through its own collection.
    expect((await visit(`/p/${otherId}/${w.otherItem.id}`)).statusCode).toBe(200);

    // A trashed collection: 404 everywhere, like an unknown id.
    await ok(w.alice.delete(`${COLLECTIONS}${w.collection.id}/`), 204);
    await expectSame404(`/p/${id}`);
    await expectSame404(`/p/${id}/${w.publicItem.id}`);
    await expectSame404(`/p/${id}/feed.xml`);
    await expectSame404(`/p/${id}/files/${w.publicFile.id}`);
    await expectSame404(`/api/public/${id}/`);
  });

  it('only the owner publishes or unpublishes: editors and viewers may not, strangers get 404', async () => {
    const w = await world();
    const editor = await signedInCaller(ctx);
    const viewer = await signedInCaller(ctx);
    const stranger = await signedInCaller(ctx);
    await share(ctx, w.alice, w.collection.id, editor, 'editor');
    await share(ctx, w.alice, w.collection.id, viewer, 'viewer');
    const url = `${COLLECTIONS}${w.collection.id}/publish/`;
    expect((await editor.post(url)).statusCode).toBe(403);
    expect((await viewer.post(url)).statusCode).toBe(403);
    expect((await stranger.post(url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    expect((await editor.delete(url)).statusCode).toBe(403);
    expect((await stranger.delete(url)).statusCode).toBe(404);
    expect((await visit(`/p/${id}`)).statusCode).toBe(200);
    // Members see the link.
    expect((await ok<Collection>(viewer.get(`${COLLECTIONS}${w.collection.id}/`))).public_id).toBe(
      id,
    );
  });

  it('keeps hostile text inert: names, titles, tags and content never become markup', async () => {
    const alice = await signedInCaller(ctx);
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      "'><iframe src=javascript:alert(1)>",
    ];
    const tag = await ok<Tag>(
      alice.post('/api/collections/tags/', { name: '<b onmouseover=alert(1)>t' }),
      201,
    );
    const collection = await ok<Collection>(
      alice.post(COLLECTIONS, {
        name: payloads[0],
        description: payloads[1],
        tags: [tag.id],
      }),
      201,
    );
    const item = await ok<ContentItem>(
      alice.post(CONTENTS, {
        title: payloads[2],
        content: `${payloads.join('\n\n')}\n\n[click](javascript:alert(1)) ![x](data:text/html,hi) <a href="javascript:alert(1)">a</a>`,
        collections: [collection.id],
        is_public: true,
      }),
      201,
    );
    const id = (await publish(alice, collection.id)).public_id!;
    for (const url of [`/p/${id}`, `/p/${id}/${item.id}`]) {
      const body = (await visit(url)).body;
      expect(body, url).not.toMatch(/<(script|img src=x|svg|iframe|b onmouseover)/i);
      expect(body, url).not.toMatch(
        /<a\s[^>]*href="(javascript|data):|<img\s[^>]*src="(javascript|data):/i,
      );
    }
    const itemBody = (await visit(`/p/${id}/${item.id}`)).body;
    expect(itemBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const rss = (await visit(`/p/${id}/feed.xml`)).body;
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(rss).not.toMatch(/<script|<img src=x/i);
  });
});
