import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINKS_PER_ITEM,
  type Backlink,
  type Collection,
  type ContentItem,
  type ItemLinks,
  type Paginated,
} from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, uploadImport, type Caller } from '../../library-helpers';
import { zipOf } from '../../import-fixtures';
import { share } from '../../sharing-helpers';
import { collabUrl, listen, openDocument, type Client } from '../../collab-support';

/** Links between items (docs/api.md, "Links between items"; decision 211), on both databases. */
let ctx: TestContext;
let url: string;
let alice: Caller;
let bob: Caller;
const clients: Client[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  url = collabUrl(await listen(ctx.app));
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const CONTENTS = '/api/collections/contents-list/';
const COLLECTIONS = '/api/collections/list/';
const item = (id: number) => `${CONTENTS}${id}/`;

async function create(caller: Caller, title: string, content = 'Words.', body: object = {}) {
  const res = await caller.post(CONTENTS, { title, content, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}
async function save(caller: Caller, id: number, body: object): Promise<ContentItem> {
  const res = await caller.patch(item(id), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContentItem>();
}
async function linksOf(caller: Caller, id: number): Promise<ItemLinks['results']> {
  const res = await caller.get(`${item(id)}links/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ItemLinks>().results;
}
async function backlinksOf(caller: Caller, id: number, query = ''): Promise<Paginated<Backlink>> {
  const res = await caller.get(`${item(id)}backlinks/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<Backlink>>();
}
async function collection(caller: Caller, name: string): Promise<Collection> {
  const res = await caller.post(COLLECTIONS, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Collection>();
}

describe('links derived from the text', () => {
  it('on a REST create and save: resolved case-insensitively, with the current title', async () => {
    const target = await create(alice, 'Camera Settings');
    const source = await create(
      alice,
      'Intro',
      'See [[camera settings]] and [[Lights|the lights]].',
    );
    expect(await linksOf(alice, source.id)).toEqual([
      { text: 'camera settings', target: { id: target.id, title: 'Camera Settings' } },
      { text: 'lights', target: null },
    ]);
    expect((await backlinksOf(alice, target.id)).results.map((b) => b.id)).toEqual([source.id]);

    await save(alice, source.id, { content: 'Only [[Lights]] now.' });
    expect(await linksOf(alice, source.id)).toEqual([{ text: 'lights', target: null }]);
    expect((await backlinksOf(alice, target.id)).count).toBe(0);
  });

  it('keeps a resolved link when the target is renamed, and shows the new title', async () => {
    const target = await create(alice, 'Old name');
    const source = await create(alice, 'Linker', '[[Old name]]');
    await save(alice, target.id, { title: 'New name' });
    expect(await linksOf(alice, source.id)).toEqual([
      { text: 'old name', target: { id: target.id, title: 'New name' } },
    ]);
    // Saving the text again keeps the resolved target (the title no longer matches).
    await save(alice, source.id, { content: '[[Old name]] again' });
    expect((await linksOf(alice, source.id))[0]!.target?.id).toBe(target.id);
  });

  it('resolves a missing link once an item of that title is made, or renamed to it', async () => {
    const source = await create(alice, 'Waiting', '[[Later]] and [[Someday]]');
    expect((await linksOf(alice, source.id)).every((link) => link.target === null)).toBe(true);
    const later = await create(alice, 'later');
    const other = await create(alice, 'Not yet');
    await save(alice, other.id, { title: 'Someday' });
    expect(await linksOf(alice, source.id)).toEqual([
      { text: 'later', target: { id: later.id, title: 'later' } },
      { text: 'someday', target: { id: other.id, title: 'Someday' } },
    ]);
  });

  it('prefers the writer’s own item, then the most recently updated', async () => {
    const shared = await collection(alice, 'Shared for links');
    await share(ctx, alice, shared.id, bob, 'editor');
    const alices = await create(alice, 'Plan', 'Words.', { collections: [shared.id] });
    const bobs = await create(bob, 'Plan');
    const bobsNote = await create(bob, 'Notes', '[[Plan]]');
    expect((await linksOf(bob, bobsNote.id))[0]!.target?.id).toBe(bobs.id);
    const alicesNote = await create(alice, 'Notes', '[[Plan]]');
    expect((await linksOf(alice, alicesNote.id))[0]!.target?.id).toBe(alices.id);
    // Two of one's own: the most recently updated.
    const newer = await create(alice, 'Plan');
    const third = await create(alice, 'Third', '[[plan]]');
    expect((await linksOf(alice, third.id))[0]!.target?.id).toBe(newer.id);
  });

  it('on a version restore', async () => {
    const target = await create(alice, 'Restored target');
    const source = await create(alice, 'Has history', '[[Restored target]]');
    const kept = await alice.post(`${item(source.id)}versions/`, { label: 'with link' });
    expect(kept.statusCode, kept.body).toBe(201);
    await save(alice, source.id, { content: 'no links' });
    expect(await linksOf(alice, source.id)).toEqual([]);
    const restored = await alice.post(
      `${item(source.id)}versions/${kept.json<{ id: number }>().id}/restore/`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await linksOf(alice, source.id))[0]!.target?.id).toBe(target.id);
  });

  it('on the live document’s settle (co-editing)', async () => {
    const target = await create(alice, 'Live target');
    const source = await create(alice, 'Live source', 'Hello');
    const client = openDocument(url, source.id, alice.access);
    clients.push(client);
    await client.synced;
    client.text.insert(5, ' [[Live target]]');
    await client.saved();
    const started = Date.now();
    for (;;) {
      const links = await linksOf(alice, source.id);
      if (links.length > 0) {
        expect(links).toEqual([
          { text: 'live target', target: { id: target.id, title: 'Live target' } },
        ]);
        break;
      }
      if (Date.now() - started > 5000) throw new Error('the live text’s links were not derived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('shows a trashed target as missing, and answers 404 for an unreadable item', async () => {
    const target = await create(alice, 'Binned');
    const source = await create(alice, 'Points at bin', '[[Binned]]');
    expect((await alice.delete(item(target.id))).statusCode).toBe(204);
    expect(await linksOf(alice, source.id)).toEqual([{ text: 'binned', target: null }]);
    expect((await bob.get(`${item(source.id)}links/`)).statusCode).toBe(404);
    expect((await bob.get(`${item(source.id)}backlinks/`)).statusCode).toBe(404);
    expect((await alice.get(`${item(source.id)}backlinks/?page=0`)).statusCode).toBe(400);
  });
});

describe('hostile texts', () => {
  it('keep at most 500 targets, and odd titles are only text', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => `[[t${i}]]`).join(' ');
    const source = await create(alice, 'Many links', many);
    expect(await linksOf(alice, source.id)).toHaveLength(LINKS_PER_ITEM);
    const odd = await create(alice, "'); drop table content_links; -- ?");
    const linker = await create(
      alice,
      'Odd linker',
      "[['); drop table content_links; -- ?]] [[%]] [[_]] [[\u202e]]",
    );
    const links = await linksOf(alice, linker.id);
    expect(links.find((link) => link.target !== null)?.target?.id).toBe(odd.id);
    expect(links.filter((link) => link.target !== null)).toHaveLength(1);
  });
});

describe('links of an import', () => {
  it('links imported notes to each other, and fills links that waited for their titles', async () => {
    const carol = await signedInCaller(ctx);
    const waiting = await create(carol, 'Before the import', 'Read [[Alpha note]] first.');
    const started = await uploadImport(
      ctx,
      carol,
      await zipOf({
        'Vault/Alpha note.md': 'Alpha links to [[Beta note|beta]].',
        'Vault/Beta note.md': 'Beta links back to [[alpha note]].',
      }),
    );
    expect(started.statusCode, started.body).toBe(202);
    await ctx.jobs.runDue();
    const mine = await carol.get(`${CONTENTS}?page_size=50`);
    const byTitle = new Map(
      mine.json<Paginated<ContentItem>>().results.map((row) => [row.title, row.id]),
    );
    const alpha = byTitle.get('Alpha note')!;
    const beta = byTitle.get('Beta note')!;
    expect(alpha && beta).toBeTruthy();
    expect(await linksOf(carol, alpha)).toEqual([
      { text: 'beta note', target: { id: beta, title: 'Beta note' } },
    ]);
    expect(await linksOf(carol, beta)).toEqual([
      { text: 'alpha note', target: { id: alpha, title: 'Alpha note' } },
    ]);
    expect(await linksOf(carol, waiting.id)).toEqual([
      { text: 'alpha note', target: { id: alpha, title: 'Alpha note' } },
    ]);
    expect(
      (await backlinksOf(carol, alpha)).results.map((row) => row.id).sort((a, b) => a - b),
    ).toEqual([waiting.id, beta].sort((a, b) => a - b));
  });
});

describe('access', () => {
  it('never reveals a target or a backlink the caller may not read', async () => {
    const shared = await collection(alice, 'Shared for access');
    await share(ctx, alice, shared.id, bob, 'viewer');
    const secret = await create(alice, 'Secret plan');
    const open = await create(alice, 'Open page', 'Words.', { collections: [shared.id] });
    // Alice's shared item links to her private one and to a shared one.
    const source = await create(alice, 'Shared source', '[[Secret plan]] [[Open page]]', {
      collections: [shared.id],
    });
    // Alice's private item links to the shared one: Bob sees no such backlink.
    await create(alice, 'Private source', '[[Open page]]');
    expect(await linksOf(bob, source.id)).toEqual([
      { text: 'open page', target: { id: open.id, title: 'Open page' } },
      { text: 'secret plan', target: null },
    ]);
    expect((await backlinksOf(bob, open.id)).results.map((b) => b.id)).toEqual([source.id]);
    expect((await backlinksOf(alice, open.id)).count).toBe(2);
    expect((await bob.get(`${item(secret.id)}backlinks/`)).statusCode).toBe(404);

    // Bob's own text cannot reach Alice's private item either.
    const probe = await create(bob, 'Probe', '[[Secret plan]]');
    expect(await linksOf(bob, probe.id)).toEqual([{ text: 'secret plan', target: null }]);
    expect((await backlinksOf(alice, secret.id)).results.map((b) => b.id)).toEqual([source.id]);
    // Nor does Bob making an item of that title take over Alice's links.
    const bobsSecret = await create(bob, 'Secret plan');
    expect((await linksOf(bob, probe.id))[0]!.target?.id).toBe(bobsSecret.id);
    expect(
      (await linksOf(alice, source.id)).find((l) => l.text === 'secret plan')!.target?.id,
    ).toBe(secret.id);
  });

  it('public pages link only to items public in the same published collection', async () => {
    const published = await collection(alice, 'Published links');
    const other = await collection(alice, 'Other published');
    const inPublic = await create(alice, 'Public neighbour', 'Words.', {
      collections: [published.id],
      is_public: true,
      status: 'published',
    });
    await create(alice, 'Private neighbour', 'Words.', { collections: [published.id] });
    await create(alice, 'Elsewhere', 'Words.', {
      collections: [other.id],
      is_public: true,
      status: 'published',
    });
    const source = await create(
      alice,
      'Public source',
      'See [[Public neighbour|next]], [[Private neighbour]], [[Elsewhere]] and [[Nothing]].',
      { collections: [published.id], is_public: true, status: 'published' },
    );
    const res = await alice.post(`${COLLECTIONS}${published.id}/publish/`);
    expect(res.statusCode, res.body).toBe(200);
    const publicId = res.json<Collection>().public_id!;
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${publicId}/${source.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<a href="/p/${publicId}/${inPublic.id}" class="wikilink"`);
    expect(page.body).toContain('>next</a>');
    expect(page.body).toContain('Private neighbour');
    expect(page.body).not.toMatch(/<a[^>]*>Private neighbour/);
    expect(page.body).not.toMatch(/<a[^>]*>Elsewhere/);
    expect(page.body).not.toContain('[[');
  });
});
