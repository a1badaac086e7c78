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
  Version,
} from '@cw/contract';
import { DOWNLOAD_CSP } from '../../../src/http/response-headers';
import { PUBLIC_CSP } from '../../../src/library/publishing/public-html';
import { PUBLIC_API_CONTENT_BYTES } from '../../../src/library/publishing/public.repository';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import {
  executableInFragment,
  executableInPage,
  expectInertFragment,
  expectInertPage,
  XSS_CORPUS,
  XSS_MARKDOWN,
} from '../../xss-corpus';

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

/** Marks a file public: served on its item's public pages (decision 230). */
const makePublic = (caller: Caller, file: FileObject) =>
  ok<FileObject>(caller.patch(`/api/collections/files/${file.id}/`, { is_public: true }));

/** "Update public page": the item's current text becomes what its public pages show. */
const updatePublicPage = (caller: Caller, id: number) =>
  ok<ContentItem>(caller.post(`${CONTENTS}${id}/publish/`));

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

interface Feed {
  title: string;
  link: string;
  description: string;
  pubDate: string;
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
  const addNote = () =>
    ok<Note>(
      alice.post(`/api/collections/notes/?collection=${collection.id}`, {
        title: 'Note',
        content: 'a note',
      }),
      201,
    );
  let note = await addNote();
  // A note whose id is also the public item's would be found as that item (ids of two tables).
  if (note.id === publicItem.id) note = await addNote();
  const upload = (name: string, fields: Record<string, string>) =>
    ok<FileObject>(alice.upload({ name, bytes: Buffer.from(`bytes of ${name}`) }, fields), 201);
  const cueSheet = await upload('cue-sheet.txt', { content: String(publicItem.id) });
  // Files are private unless marked public (decision 230).
  const publicFile = await makePublic(alice, cueSheet);
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
        width: null,
        height: null,
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
    // The excerpt: the words read, without headings (decision 231).
    expect(page.body).toContain('<p>The host walks in.</p>');
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

  it('answers 304 to a matching If-None-Match, on the page, an item, the feed and the JSON', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    for (const url of [
      `/p/${id}`,
      `/p/${id}/${w.publicItem.id}`,
      `/p/${id}/feed.xml`,
      `/api/public/${id}/`,
    ]) {
      const first = await visit(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await visit(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('public, max-age=60');
      expect(again.headers['content-security-policy'], url).toBe(PUBLIC_CSP);
      // The same version answers the same bytes (from the cache) under the same ETag.
      const third = await visit(url);
      expect(third.headers.etag, url).toBe(etag);
      expect(third.body, url).toBe(first.body);
      // Each address has its own validator.
      expect((await visit(`/p/${id}`, { 'if-none-match': etag })).statusCode, url).toBe(
        url === `/p/${id}` ? 304 : 200,
      );
      expect((await visit(url, { 'if-none-match': `W/${etag}` })).statusCode, url).toBe(304);
      expect((await visit(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
    // A published change makes a new validator.
    const before = (await visit(`/p/${id}`)).headers.etag as string;
    await ok(w.alice.patch(`${CONTENTS}${w.publicItem.id}/`, { title: 'Episode 1' }));
    await updatePublicPage(w.alice, w.publicItem.id);
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
    // The description is the start of the text (the page's excerpt) as HTML: raw HTML in the
    // text is shown as text, escaped inside the description.
    expect(channel.item[0]!.description).toBe('<p>Second &lt;b&gt;one&lt;/b&gt;</p>');
    expect(channel.item[1]!.description).toBe('<p>The host walks in.</p>');
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
    const trashedFile = await makePublic(
      w.alice,
      await ok<FileObject>(
        w.alice.upload(
          { name: 'trashed.txt', bytes: Buffer.from('gone') },
          { content: String(trashedItem.id) },
        ),
        201,
      ),
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
    // Another user's published collection: neither's items nor files show through the other's id.
    const bobsItem = await ok<ContentItem>(
      bob.post(CONTENTS, {
        title: 'Bob public',
        content: 'bob',
        collections: [bobs.id],
        is_public: true,
      }),
      201,
    );
    const bobsFile = await makePublic(
      bob,
      await ok<FileObject>(
        bob.upload(
          { name: 'bob.txt', bytes: Buffer.from('bob') },
          { content: String(bobsItem.id) },
        ),
        201,
      ),
    );
    const bobId = (await publish(bob, bobs.id)).public_id!;
    expect((await visit(`/p/${bobId}/${bobsItem.id}`)).statusCode).toBe(200);
    expect((await visit(`/p/${bobId}/files/${bobsFile.id}`)).statusCode).toBe(200);
    expect((await visit(`/p/${id}/${w.publicItem.id}`)).statusCode).toBe(200);
    expect((await visit(`/p/${id}/files/${w.publicFile.id}`)).statusCode).toBe(200);
    await expectSame404(`/p/${bobId}/${w.publicItem.id}`);
    await expectSame404(`/p/${bobId}/files/${w.publicFile.id}`);
    await expectSame404(`/p/${id}/${bobsItem.id}`);
    await expectSame404(`/p/${id}/files/${bobsFile.id}`);
    for (const url of [`/p/${bobId}`, `/p/${bobId}/feed.xml`, `/api/public/${bobId}/`]) {
      const body = (await visit(url)).body;
      expect(body, url).toContain('Bob public');
      expect(body, url).not.toContain('Episode one');
    }

    // A trashed item is on no public answer, and its page and files are the same 404.
    for (const url of [`/p/${id}`, `/p/${id}/feed.xml`, `/api/public/${id}/`]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Episode one');
      expect(res.body, url).not.toContain('Trashed');
      expect(res.body, url).not.toMatch(new RegExp(`/p/${id}/${trashedItem.id}[^0-9]`));
      expect(res.body, url).not.toContain('trashed.txt');
    }
    const listed = (await visit(`/api/public/${id}/`)).json<PublicCollection>();
    expect(listed.items.map((item) => item.id)).toEqual([w.publicItem.id]);
    await expectSame404(`/p/${id}/files/${trashedFile.id}`);

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

  it('an editor cannot put an item on the owner’s public page: is_public stays the owner’s choice', async () => {
    const w = await world();
    const editor = await signedInCaller(ctx);
    await share(ctx, w.alice, w.collection.id, editor, 'editor');
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const scoop = { title: 'Unreleased scoop', content: 'Not for the public yet' };
    const refused = await editor.post(CONTENTS, {
      ...scoop,
      collections: [w.collection.id],
      is_public: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('permission_denied');

    // Written private (the default), it stays off every public address until the owner says.
    const item = await ok<ContentItem>(
      editor.post(CONTENTS, { ...scoop, collections: [w.collection.id] }),
      201,
    );
    expect(item.is_public).toBe(false);
    expect((await editor.patch(`${CONTENTS}${item.id}/`, { is_public: true })).statusCode).toBe(
      403,
    );
    const page = await visit(`/p/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(w.publicItem.title);
    expect(page.body).not.toContain(scoop.title);
    const api = await ok<PublicCollection>(visit(`/api/public/${id}/`));
    expect(api.items.map((shown) => shown.title)).not.toContain(scoop.title);
    expect((await visit(`/p/${id}/${item.id}`)).statusCode).toBe(404);
    expect((await visit(`/p/${id}/feed.xml`)).body).not.toContain(scoop.title);

    await ok(w.alice.patch(`${CONTENTS}${item.id}/`, { is_public: true }));
    expect((await visit(`/p/${id}`)).body).toContain(scoop.title);
  });

  it('keeps the XSS corpus inert in names, tags, titles, content and file names, on every answer', async () => {
    for (const payload of XSS_CORPUS) {
      const alice = await signedInCaller(ctx);
      await ok(
        alice.patch('/api/auth/update-profile/', { first_name: payload, last_name: payload }),
      );
      const tag = await ok<Tag>(alice.post('/api/collections/tags/', { name: payload }), 201);
      const collection = await ok<Collection>(
        alice.post(COLLECTIONS, { name: payload, description: payload, tags: [tag.id] }),
        201,
      );
      const content = [...XSS_CORPUS, ...XSS_MARKDOWN].join('\n\n');
      const item = await ok<ContentItem>(
        alice.post(CONTENTS, {
          title: payload,
          content,
          collections: [collection.id],
          is_public: true,
        }),
        201,
      );
      const file = await ok<FileObject>(
        alice.upload({ name: 'x.txt', bytes: Buffer.from('x') }, { content: String(item.id) }),
        201,
      );
      // File names lose what looks like a path (`…/`): what is left is what shows.
      const fileName = (
        await ok<FileObject>(
          alice.patch(`/api/collections/files/${file.id}/`, { name: payload, is_public: true }),
        )
      ).name;
      const id = (await publish(alice, collection.id)).public_id!;
      const where = (url: string) => `${url} with ${JSON.stringify(payload)}`;

      const page = (await visit(`/p/${id}`)).body;
      expectInertPage(page, where('page'));
      const itemPage = (await visit(`/p/${id}/${item.id}`)).body;
      expectInertPage(itemPage, where('item'));
      // The texts are there, as text.
      expect(itemPage).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

      const rss = (await visit(`/p/${id}/feed.xml`)).body;
      expect(XMLValidator.validate(rss), where('feed')).toBe(true);
      const channel = (
        new XMLParser({ isArray: (name) => name === 'item', htmlEntities: true }).parse(rss) as {
          rss: { channel: { title: string; description: string; item: Feed[] } };
        }
      ).rss.channel;
      // Titles are plain text (RSS), kept exactly; descriptions are HTML, and inert.
      expect(channel.title).toBe(payload);
      expect(channel.item.map((entry) => entry.title)).toEqual([payload]);
      expectInertFragment(channel.description, where('feed channel'));
      for (const entry of channel.item) expectInertFragment(entry.description, where('feed item'));

      const api = await visit(`/api/public/${id}/`);
      expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toBe(PUBLIC_CSP);
      // No markup in the bytes at all (`<` travels as \u003c), and the data is intact.
      expect(api.body, where('api')).not.toMatch(/[<>]/);
      const answer = api.json<PublicCollection>();
      expect(answer.name).toBe(payload);
      expect(answer.owner_name).toBe(`${payload} ${payload}`.trim());
      expect(answer.tags).toEqual([payload]);
      expect(answer.items[0]!.title).toBe(payload);
      expect(answer.items[0]!.content).toBe(content);
      expect(answer.items[0]!.files[0]!.name).toBe(fileName);
      expect(itemPage).toContain('Files');
      expect(answer.items[0]!.files[0]!.url).toBe(`/p/${id}/files/${file.id}`);
    }
  });

  it('the corpus check finds what it must', () => {
    expect(executableInPage('<p onclick="x">a</p>')).toEqual(['onclick= on <p>']);
    expect(executableInPage('<a href=" JaVa\tScript:alert(1)">a</a>')).toHaveLength(1);
    expect(executableInPage('<img src="data:text/html,x">')).toHaveLength(1);
    expect(executableInPage('<body><svg></svg><style>*{}</style></body>')).toHaveLength(2);
    expect(executableInFragment('<SCRIPT>alert(1)</SCRIPT>').length).toBeGreaterThan(0);
    expect(executableInFragment('<p>&lt;script&gt;</p><a href="https://x">x</a>')).toEqual([]);
  });
});

/** Every public answer of a published collection's item. */
const answersOf = (id: string, itemId: number) => [
  `/p/${id}`,
  `/p/${id}/${itemId}`,
  `/p/${id}/feed.xml`,
  `/api/public/${id}/`,
];

describe('public answers cost little: a version first, each version rendered once', () => {
  it('a change gives a new ETag and the new content at once, on every answer that shows it', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const tag = w.collection.tags[0]!;
    const urls = answersOf(id, w.publicItem.id);
    const held = new Map<string, string>();
    const remember = async () => {
      for (const url of urls) {
        const res = await visit(url);
        expect(res.statusCode, url).toBe(200);
        held.set(url, res.headers.etag as string);
      }
    };
    /** After the change, each of `shown` answers 200 anew (not 304) with the text. */
    const expectShown = async (what: string, text: string, shown: string[]) => {
      for (const url of shown) {
        const res = await visit(url, { 'if-none-match': held.get(url)! });
        expect(res.statusCode, `${what}: ${url}`).toBe(200);
        expect(res.headers.etag, `${what}: ${url}`).not.toBe(held.get(url));
        expect(res.body, `${what}: ${url}`).toContain(text);
      }
    };
    const [page, item, feedUrl, api] = urls as [string, string, string, string];

    await remember();
    await ok(w.alice.patch(`${CONTENTS}${w.publicItem.id}/`, { title: 'Episode 1' }));
    // An edit stays private (decision 229): every answer is still the one held.
    for (const url of urls) {
      expect((await visit(url, { 'if-none-match': held.get(url)! })).statusCode, url).toBe(304);
    }
    await updatePublicPage(w.alice, w.publicItem.id);
    await expectShown('title', 'Episode 1', urls);

    await remember();
    await ok(w.alice.patch(`${CONTENTS}${w.publicItem.id}/`, { content: 'A *new* opening.' }));
    await updatePublicPage(w.alice, w.publicItem.id);
    await expectShown('text', 'new', urls);

    await remember();
    await ok(w.alice.patch(`${COLLECTIONS}${w.collection.id}/`, { name: 'Season Four' }));
    await expectShown('collection name', 'Season Four', urls);

    await remember();
    await ok(w.alice.patch(`/api/collections/tags/${tag}/`, { name: 'partners' }));
    await expectShown('tag name', 'partners', [page, api]);

    await remember();
    await ok(w.alice.patch('/api/auth/update-profile/', { first_name: 'Adelaide' }));
    await expectShown('owner name', 'Adelaide', [page, item, api]);

    await remember();
    await ok(w.alice.patch(`/api/collections/files/${w.publicFile.id}/`, { name: 'cues.txt' }));
    await expectShown('file name', 'cues.txt', [item, api]);

    await remember();
    const more = await ok<FileObject>(
      w.alice.upload(
        { name: 'more.txt', bytes: Buffer.from('more') },
        {
          content: String(w.publicItem.id),
        },
      ),
      201,
    );
    for (const url of [item, api]) {
      expect((await visit(url, { 'if-none-match': held.get(url)! })).statusCode, url).toBe(304);
    }
    await makePublic(w.alice, more);
    await expectShown('new file', 'more.txt', [item, api]);

    await remember();
    await ok(w.alice.patch(`${CONTENTS}${w.privateItem.id}/`, { is_public: true }));
    await expectShown('item made public', 'Secret draft', [page, feedUrl, api]);

    await remember();
    await ok(w.alice.patch(`${CONTENTS}${w.privateItem.id}/`, { is_public: false }));
    for (const url of [page, feedUrl, api]) {
      const res = await visit(url, { 'if-none-match': held.get(url)! });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Secret draft');
    }
    await expectSame404(`/p/${id}/${w.privateItem.id}`);

    // A trashed item leaves every answer at once; restored, it is back.
    await remember();
    await ok(w.alice.delete(`${CONTENTS}${w.publicItem.id}/`), 204);
    for (const url of [page, feedUrl, api]) {
      const res = await visit(url, { 'if-none-match': held.get(url)! });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Episode 1');
    }
    await expectSame404(item);
  });

  it('long texts: excerpts on the page and in the feed, the item rendered up to its limit, the JSON within its budget', async () => {
    const alice = await signedInCaller(ctx);
    const collection = await ok<Collection>(alice.post(COLLECTIONS, { name: 'Long' }), 201);
    const big = (n: number, last: string) =>
      ok<ContentItem>(
        alice.post(CONTENTS, {
          title: `Big ${n}`,
          content: `# Start ${n}\n\n${'word **bold** '.repeat(54_000)}\n\n${last}`,
          collections: [collection.id],
          is_public: true,
          publish_on: `2026-01-0${n}`,
        }),
        201,
      );
    // About 756,000 bytes each: two fit in the JSON's budget, three do not.
    const items = [await big(1, 'end one'), await big(2, 'end two'), await big(3, 'end three')];
    expect(2 * 756_000).toBeLessThan(PUBLIC_API_CONTENT_BYTES);
    expect(3 * 756_000).toBeGreaterThan(PUBLIC_API_CONTENT_BYTES);
    const id = (await publish(alice, collection.id)).public_id!;

    const page = await visit(`/p/${id}`);
    expect(page.body).toContain('Big 1');
    expect(page.body).toContain('Big 3');
    expect(Buffer.byteLength(page.body)).toBeLessThan(10_000);

    const rss = (await visit(`/p/${id}/feed.xml`)).body;
    expect(XMLValidator.validate(rss)).toBe(true);
    const entries = (
      new XMLParser({ isArray: (name) => name === 'item' }).parse(rss) as {
        rss: { channel: { item: Feed[] } };
      }
    ).rss.channel.item;
    expect(entries.map((entry) => entry.title)).toEqual(['Big 3', 'Big 2', 'Big 1']);
    for (const entry of entries) {
      expect(entry.description).toMatch(/^<p>word bold word bold .*…<\/p>$/);
      expect(entry.description.length).toBeLessThan(300);
    }

    // The start is markdown; past the limit the text goes on as plain text, to its end.
    const item = (await visit(`/p/${id}/${items[2]!.id}`)).body;
    expect(item).toContain('<h1>Start 3</h1>');
    expect(item).toContain('<strong>bold</strong>');
    expect(item).toMatch(/<div class="plain">[a-z* ]*\*\*bold\*\* word \*\*bold\*\*/);
    expect(item).toMatch(/end three<\/div>/);

    const api = (await visit(`/api/public/${id}/`)).json<PublicCollection>();
    expect(api.items.map((entry) => entry.title)).toEqual(['Big 3', 'Big 2']);
    expect(api.items[0]!.content).toMatch(/end three$/);
  });

  it('a text nested deeper than any real one shows as plain text, and costs little', async () => {
    const w = await world();
    const deep = await ok<ContentItem>(
      w.alice.post(CONTENTS, {
        title: 'Deep',
        content: `${'> - '.repeat(4000)}the bottom\n\n${'>'.repeat(3000)} a`,
        collections: [w.collection.id],
        is_public: true,
      }),
      201,
    );
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const item = await visit(`/p/${id}/${deep.id}`);
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain('<div class="plain">&gt; - &gt; - ');
    expect(item.body).toContain('the bottom\n\n&gt;&gt;&gt;');
    expect((await visit(`/p/${id}`)).statusCode).toBe(200);
    expect((await visit(`/p/${id}/feed.xml`)).statusCode).toBe(200);
  });
});

describe('every other address under /p/ and /api/public/', () => {
  it('a part too long for the router, or another method, is the same 404 as an unknown id', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    for (const url of [
      `/p/${'x'.repeat(201)}`,
      `/p/${id}/${'1'.repeat(201)}`,
      `/p/${id}/files/${'1'.repeat(201)}`,
      `/p/${'x'.repeat(300)}/feed.xml`,
      `/api/public/${'x'.repeat(201)}/`,
      `/p/%E0%A4%A`,
    ]) {
      await expectSame404(url);
    }
    const { page, api } = await unknownAnswers();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      for (const url of [`/p/${id}`, `/p/${id}/${w.publicItem.id}`, '/p/', `/api/public/${id}/`]) {
        const reference = url.startsWith('/api/') ? api : page;
        for (const body of [undefined, '{not json', JSON.stringify({ a: 1 })]) {
          const res = await ctx.app.inject({
            method,
            url,
            ...(body === undefined
              ? {}
              : { payload: body, headers: { 'content-type': 'application/json' } }),
          });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.body, `${method} ${url}`).toBe(reference.body);
          for (const header of ['content-type', 'cache-control', 'content-security-policy']) {
            expect(res.headers[header], `${method} ${url} ${header}`).toEqual(
              reference.headers[header],
            );
          }
        }
      }
    }
    // A signed-in caller gets the same.
    expect((await w.alice.post(`/p/${id}`)).body).toBe(page.body);
  });

  it('/api/public/ answers carry the public CSP, not the app’s, found or not', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    const found = await visit(`/api/public/${id}/`);
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-security-policy']).toBe(PUBLIC_CSP);
    const missing = await visit('/api/public/AAAAAAAAAAAAAAAAAAAAAA/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(PUBLIC_CSP);
    expect(missing.json()).toEqual({
      message: 'Not found.',
      detail: 'Not found.',
      code: 'not_found',
    });
    expect(PUBLIC_CSP).toMatch(/^default-src 'none'; /);
    expect(PUBLIC_CSP).not.toMatch(/script-src/);
    // Only the site's own robots.txt and the like (decision 252); no script can ask anyway.
    expect(PUBLIC_CSP).toContain("; connect-src 'self';");
  });
});

describe('the rest of the publishing rules', () => {
  it('publishing a private collection makes it public', async () => {
    const alice = await signedInCaller(ctx);
    const made = await ok<Collection>(
      alice.post(COLLECTIONS, { name: 'Quiet', is_public: false }),
      201,
    );
    expect(made.is_public).toBe(false);
    const published = await publish(alice, made.id);
    expect(published.is_public).toBe(true);
    expect((await ok<Collection>(alice.get(`${COLLECTIONS}${made.id}/`))).is_public).toBe(true);
    expect((await visit(published.public_url!)).statusCode).toBe(200);
  });

  it('the feed orders by publish date, else the day it was created, newest first; dated by publish date, else the day first published', async () => {
    const alice = await signedInCaller(ctx);
    const collection = await ok<Collection>(alice.post(COLLECTIONS, { name: 'Order' }), 201);
    const add = (title: string, publishOn?: string) =>
      ok<ContentItem>(
        alice.post(CONTENTS, {
          title,
          content: title,
          collections: [collection.id],
          is_public: true,
          ...(publishOn ? { publish_on: publishOn } : {}),
        }),
        201,
      );
    const old = await add('Published long ago', '2020-01-01');
    const first = await add('Created first');
    const second = await add('Created second');
    const future = await add('Published later', '2099-01-01');
    const id = (await publish(alice, collection.id)).public_id!;
    const entries = (
      new XMLParser({ isArray: (name) => name === 'item' }).parse(
        (await visit(`/p/${id}/feed.xml`)).body,
      ) as { rss: { channel: { item: Feed[] } } }
    ).rss.channel.item;
    expect(entries.map((entry) => entry.title)).toEqual([
      'Published later',
      'Created second',
      'Created first',
      'Published long ago',
    ]);
    const [published] = (
      await ok<{ results: Version[] }>(alice.get(`${CONTENTS}${second.id}/versions/`))
    ).results;
    expect(published!.label).toBe('Published');
    expect(new Date(entries[1]!.pubDate).getTime()).toBe(
      Math.floor(new Date(published!.created_on).getTime() / 1000) * 1000,
    );
    expect(first.publish_on).toBeNull();
    const api = (await visit(`/api/public/${id}/`)).json<PublicCollection>();
    expect(api.items.map((item) => item.id)).toEqual([future.id, second.id, first.id, old.id]);
  });

  it('the item page, the feed and files carry the caching headers, the CSP and their meta', async () => {
    const w = await world();
    const id = (await publish(w.alice, w.collection.id)).public_id!;
    for (const url of [
      `/p/${id}/${w.publicItem.id}`,
      `/p/${id}/feed.xml`,
      `/p/${id}/files/${w.publicFile.id}`,
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');
      // A file is a download: the sandbox of every download (decision 190), not the pages' CSP.
      expect(res.headers['content-security-policy'], url).toBe(
        url.includes('/files/') ? DOWNLOAD_CSP : PUBLIC_CSP,
      );
    }
    const item = (await visit(`/p/${id}/${w.publicItem.id}`)).body;
    expect(item).toContain('<title>Episode one · Season 3</title>');
    expect(item).toContain('<meta name="description" content="The host walks in.">');
    expect(item).toContain('<meta property="og:description" content="The host walks in.">');
    expect(item).toContain('<meta property="og:title" content="Episode one · Season 3">');
    expect(item).toMatch(
      new RegExp(
        `<meta property="og:url" content="http://localhost:\\d+/p/${id}/${w.publicItem.id}">`,
      ),
    );
    const page = (await visit(`/p/${id}`)).body;
    expect(page).toContain('<meta property="og:description" content="The plan">');
    const rss = await visit(`/p/${id}/feed.xml`);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('a page of 10 items weighs under 30 KB, its style sheet included', async () => {
    const alice = await signedInCaller(ctx);
    const tags = await Promise.all(
      ['sponsors', 'season three', 'behind the scenes'].map((name) =>
        ok<Tag>(alice.post('/api/collections/tags/', { name }), 201),
      ),
    );
    const collection = await ok<Collection>(
      alice.post(COLLECTIONS, {
        name: 'Season 3: what we film this spring',
        description: 'The plan for our sponsors and editors: episodes, dates and notes.',
        tags: tags.map((tag) => tag.id),
      }),
      201,
    );
    const paragraph =
      'The **host** walks in and the lights come up; camera A holds the wide shot while camera B finds the guest. ';
    for (let n = 1; n <= 10; n += 1) {
      await ok(
        alice.post(CONTENTS, {
          title: `Episode ${n}: a title about as long as a real one`,
          content: `# Episode ${n}\n\n${paragraph.repeat(40)}`,
          collections: [collection.id],
          is_public: true,
          publish_on: `2026-12-${String(n).padStart(2, '0')}`,
        }),
        201,
      );
    }
    const id = (await publish(alice, collection.id)).public_id!;
    const page = await visit(`/p/${id}`);
    expect(page.body.match(/<li><h2>/g)).toHaveLength(10);
    const bytes = Buffer.byteLength(page.body);
    expect(bytes).toBeGreaterThan(4_000);
    expect(bytes).toBeLessThan(30_000);
  });
});
