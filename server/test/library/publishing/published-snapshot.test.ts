import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Collection, ContentItem, FileObject, PublicCollection, Version } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import { pngImage } from '../../image-fixtures';
import { excerpt } from '../../../src/library/publishing/public-excerpt';

/*
 * Published means a snapshot (decision 229), files are private unless marked public (230), and
 * a page worth sharing (231): summary, cover, share tags, clean excerpts, the feed's options.
 */

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
const FILES = '/api/collections/files/';

async function ok<T>(
  res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
  status = 200,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

const visit = (url: string) => ctx.app.inject({ method: 'GET', url });

async function publishedCollection(alice: Caller, name = 'Season 3') {
  const collection = await ok<Collection>(alice.post(COLLECTIONS, { name }), 201);
  const published = await ok<Collection>(alice.post(`${COLLECTIONS}${collection.id}/publish/`));
  return { collection, id: published.public_id! };
}

const newItem = (alice: Caller, collection: Collection, body: object) =>
  ok<ContentItem>(
    alice.post(CONTENTS, { collections: [collection.id], is_public: true, ...body }),
    201,
  );

const upload = (caller: Caller, item: ContentItem, name: string, bytes: Buffer, type: string) =>
  ok<FileObject>(caller.upload({ name, bytes, type }, { content: String(item.id) }), 201);

describe('published means a snapshot (decision 229)', () => {
  it('an edit stays private until Update public page, which makes the current text public', async () => {
    const alice = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice);
    const item = await newItem(alice, collection, {
      title: 'Ep 1',
      content: 'The host walks in.',
    });
    expect(item.published_version).toEqual(expect.any(Number));
    const versions = await ok<{ results: Version[] }>(alice.get(`${CONTENTS}${item.id}/versions/`));
    expect(versions.results.map((version) => version.label)).toEqual(['Published']);

    const edited = await ok<ContentItem>(
      alice.patch(`${CONTENTS}${item.id}/`, {
        title: 'Ep 1 (draft)',
        content: 'SAM: add end-screen timing.',
      }),
    );
    expect(edited.published_version).toBe(item.published_version);
    for (const url of [
      `/p/${id}`,
      `/p/${id}/${item.id}`,
      `/p/${id}/feed.xml`,
      `/api/public/${id}/`,
    ]) {
      const body = (await visit(url)).body;
      expect(body, url).not.toContain('end-screen');
      expect(body, url).not.toContain('(draft)');
    }
    expect((await visit(`/p/${id}/${item.id}`)).body).toContain('The host walks in.');

    const updated = await ok<ContentItem>(alice.post(`${CONTENTS}${item.id}/publish/`));
    expect(updated.published_version).toBeGreaterThan(item.published_version!);
    const page = (await visit(`/p/${id}/${item.id}`)).body;
    expect(page).toContain('SAM: add end-screen timing.');
    expect(page).toContain('Ep 1 (draft)');
    expect((await visit(`/p/${id}`)).body).not.toContain('The host walks in.');
    const api = (await visit(`/api/public/${id}/`)).json<PublicCollection>();
    expect(api.items[0]!.content).toBe('SAM: add end-screen timing.');
  });

  it('switching the item off the public page drops its snapshot; on again, it publishes the text of now', async () => {
    const alice = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice);
    const item = await newItem(alice, collection, { title: 'Ep 2', content: 'First words.' });
    const off = await ok<ContentItem>(alice.patch(`${CONTENTS}${item.id}/`, { is_public: false }));
    expect(off.published_version).toBeNull();
    expect((await visit(`/p/${id}/${item.id}`)).statusCode).toBe(404);
    await ok(alice.patch(`${CONTENTS}${item.id}/`, { content: 'Second words.' }));
    // Not public: nothing to update.
    const refused = await alice.post(`${CONTENTS}${item.id}/publish/`);
    expect(refused.statusCode).toBe(400);
    const on = await ok<ContentItem>(alice.patch(`${CONTENTS}${item.id}/`, { is_public: true }));
    expect(on.published_version).toEqual(expect.any(Number));
    expect((await visit(`/p/${id}/${item.id}`)).body).toContain('Second words.');
  });

  it('an editor updates the public page; a viewer may not', async () => {
    const alice = await signedInCaller(ctx);
    const editor = await signedInCaller(ctx);
    const viewer = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice);
    await share(ctx, alice, collection.id, editor, 'editor');
    await share(ctx, alice, collection.id, viewer, 'viewer');
    const item = await newItem(alice, collection, { title: 'Ep 3', content: 'Before.' });
    await ok(editor.patch(`${CONTENTS}${item.id}/`, { content: 'After, by the co-host.' }));
    expect((await viewer.post(`${CONTENTS}${item.id}/publish/`)).statusCode).toBe(403);
    expect((await visit(`/p/${id}/${item.id}`)).body).toContain('Before.');
    await ok(editor.post(`${CONTENTS}${item.id}/publish/`));
    expect((await visit(`/p/${id}/${item.id}`)).body).toContain('After, by the co-host.');
  });
});

describe('files are private unless marked public (decision 230)', () => {
  it('a public item’s file is served only once marked public; moving it makes it private again', async () => {
    const alice = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice);
    const item = await newItem(alice, collection, { title: 'Ep 4', content: 'Words.' });
    const other = await newItem(alice, collection, { title: 'Ep 5', content: 'More.' });
    const brief = await upload(
      alice,
      item,
      'sponsor-brief.pdf',
      Buffer.from('%PDF'),
      'application/pdf',
    );
    expect(brief.is_public).toBe(false);
    const itemPage = () => visit(`/p/${id}/${item.id}`);
    expect((await itemPage()).body).not.toContain('sponsor-brief.pdf');
    expect((await visit(`/p/${id}/files/${brief.id}`)).statusCode).toBe(404);
    expect((await visit(`/api/public/${id}/`)).body).not.toContain('sponsor-brief');

    const shown = await ok<FileObject>(alice.patch(`${FILES}${brief.id}/`, { is_public: true }));
    expect(shown.is_public).toBe(true);
    expect((await itemPage()).body).toContain('sponsor-brief.pdf');
    expect((await visit(`/p/${id}/files/${brief.id}`)).statusCode).toBe(200);

    const moved = await ok<FileObject>(alice.patch(`${FILES}${brief.id}/`, { content: other.id }));
    expect(moved.is_public).toBe(false);
    expect((await visit(`/p/${id}/files/${brief.id}`)).statusCode).toBe(404);
  });
});

describe('a page worth sharing (decision 231)', () => {
  it('a summary and a cover give the pages their description, og:image and a large card', async () => {
    const alice = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice);
    const item = await newItem(alice, collection, {
      title: 'Ep 6',
      content: '# Ep 6\n\nEp 6: the cold open. [B-roll: the workshop] We start **here**.',
    });
    const page = () => visit(`/p/${id}/${item.id}`).then((res) => res.body);
    let html = await page();
    expect(html).toContain('<meta name="description" content="the cold open. We start here.">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');

    const photo = await upload(alice, item, 'stage.png', pngImage(64, 48), 'image/png');
    const text = await upload(alice, item, 'notes.txt', Buffer.from('x'), 'text/plain');
    expect((await alice.patch(`${CONTENTS}${item.id}/`, { cover: text.id })).statusCode).toBe(400);
    expect(
      (await alice.patch(`${CONTENTS}${item.id}/`, { summary: 'x'.repeat(301) })).statusCode,
    ).toBe(400);
    const changed = await ok<ContentItem>(
      alice.patch(`${CONTENTS}${item.id}/`, { cover: photo.id, summary: 'How we film at home.' }),
    );
    expect(changed.cover).toBe(photo.id);
    expect(changed.summary).toBe('How we film at home.');
    expect(changed.files.find((file) => file.id === photo.id)!.is_public).toBe(true);

    html = await page();
    expect(html).toContain(
      `<meta property="og:image" content="${ctx.config.publicUrl}/p/${id}/files/${photo.id}">`,
    );
    expect(html).toContain('<meta property="og:image:width" content="64">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="description" content="How we film at home.">');
    expect(html).toContain(
      `<img class="cover" src="/p/${id}/files/${photo.id}" alt="" width="64" height="48">`,
    );
    const list = (await visit(`/p/${id}`)).body;
    expect(list).toContain('<p>How we film at home.</p>');
    expect(list).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('the feed: publish date, full text as an option, audio enclosures', async () => {
    const alice = await signedInCaller(ctx);
    const { collection, id } = await publishedCollection(alice, 'The podcast');
    const item = await newItem(alice, collection, {
      title: 'Episode 7',
      content: '## Intro\n\nWelcome **back**. [music]\n\n<script>alert(1)</script>',
      publish_on: '2026-11-20',
    });
    const audio = await upload(alice, item, 'ep7.mp3', Buffer.from('ID3'), 'audio/mpeg');
    const parse = async () => {
      const body = (await visit(`/p/${id}/feed.xml`)).body;
      expect(XMLValidator.validate(body)).toBe(true);
      return {
        body,
        rss: new XMLParser({ ignoreAttributes: false }).parse(body) as {
          rss: { channel: { item: Record<string, unknown> } };
        },
      };
    };
    let { body, rss } = await parse();
    expect(rss.rss.channel.item.pubDate).toBe('Fri, 20 Nov 2026 00:00:00 GMT');
    // Raw HTML is text, as everywhere (docs/product.md).
    expect(rss.rss.channel.item.description).toBe(
      '<p>Welcome back. &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(body).not.toContain('content:encoded>');
    expect(body).not.toContain('<enclosure');

    await ok(alice.patch(`${FILES}${audio.id}/`, { is_public: true }));
    await ok(alice.patch(`${COLLECTIONS}${collection.id}/`, { feed_full_text: true }));
    ({ body, rss } = await parse());
    expect(body).toContain(
      `<enclosure url="${ctx.config.publicUrl}/p/${id}/files/${audio.id}" length="3" type="audio/mpeg"/>`,
    );
    const full = String(rss.rss.channel.item['content:encoded']);
    expect(full).toContain('<h2>Intro</h2>');
    expect(full).toContain('<strong>back</strong>');
    expect(full).not.toContain('<script>');
  });

  it('excerpts leave out markdown, headings, cues and the title', () => {
    expect(
      excerpt(
        '# Ep 3.04\n\nEp 3.04 — Fixing the light. [B-roll: lamp] A **cheap** lamp.',
        'Ep 3.04',
      ),
    ).toBe('Fixing the light. A cheap lamp.');
    expect(
      excerpt('- spring clamps\n- a [C-stand](https://x.example)\n\n> [!tip]\n> Patience'),
    ).toBe('spring clamps a C-stand Patience');
  });
});
