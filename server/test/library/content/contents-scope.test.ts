import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/**
 * `GET /api/collections/contents-list/?scope=` (docs/api.md, "Lists"; decision 220): a co-creator's
 * board, calendar and lists show what is shared with them. `mine` is their own, `shared` the items
 * of others they read through a membership, `all` both; never anything the read rule does not
 * lend them.
 */
let ctx: TestContext;
let owner: Caller;
let editor: Caller;
let viewer: Caller;
let stranger: Caller;
const ids: Record<string, number> = {};

async function item(who: Caller, title: string, collections: number[] = []): Promise<number> {
  const res = await who.post('/api/collections/contents-list/', {
    title,
    content: 'x',
    collections,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>().id;
}

async function list(who: Caller, query: string): Promise<ContentItem[]> {
  const res = await who.get(`/api/collections/contents-list/?page_size=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: ContentItem[] }>().results;
}

const titles = (items: ContentItem[]) => items.map((x) => x.title).sort();

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, editor, viewer, stranger] = [
    await signedInCaller(ctx),
    await signedInCaller(ctx),
    await signedInCaller(ctx),
    await signedInCaller(ctx),
  ];
  const made = await owner.post('/api/collections/list/', { name: 'Season 3' });
  const season = made.json<Collection>().id;
  const secret = (await owner.post('/api/collections/list/', { name: 'Secret' })).json<Collection>()
    .id;
  await share(ctx, owner, season, editor, 'editor');
  await share(ctx, owner, season, viewer, 'viewer');
  ids.shared = await item(owner, 'Ep 3.05', [season]);
  ids.secret = await item(owner, 'Not shared', [secret]);
  ids.loose = await item(owner, 'Owner only');
  ids.editorOwn = await item(editor, 'Editor idea');
  ids.editorInSeason = await item(editor, 'Editor draft in season', [season]);
  ids.strangers = await item(stranger, 'Stranger idea');
  const trashed = await item(owner, 'Trashed shared', [season]);
  expect((await owner.delete(`/api/collections/contents-list/${trashed}/`)).statusCode).toBe(204);
});

afterAll(async () => {
  await ctx.close();
});

describe('contents list scope', () => {
  it('keeps the default: one’s own items only', async () => {
    // What an editor writes in a shared collection is its owner's (docs/api.md, "Sharing").
    expect(titles(await list(editor, 'ordering=position'))).toEqual(['Editor idea']);
    expect(titles(await list(editor, 'scope=mine&ordering=position'))).toEqual(['Editor idea']);
  });

  it('shared: the items of others read through a membership, with the person’s role', async () => {
    const editorShared = await list(editor, 'scope=shared&ordering=position');
    expect(titles(editorShared)).toEqual(['Editor draft in season', 'Ep 3.05']);
    expect(editorShared.map((x) => x.role)).toEqual(['editor', 'editor']);
    const viewerShared = await list(viewer, 'scope=shared');
    expect(titles(viewerShared)).toEqual(['Editor draft in season', 'Ep 3.05']);
    expect(viewerShared.map((x) => x.role)).toEqual(['viewer', 'viewer']);
    expect(await list(owner, 'scope=shared')).toEqual([]);
    expect(await list(stranger, 'scope=shared')).toEqual([]);
  });

  it('all: one’s own and what is shared, nothing else (no secret, no trash, no stranger)', async () => {
    expect(titles(await list(editor, 'scope=all&ordering=position'))).toEqual([
      'Editor draft in season',
      'Editor idea',
      'Ep 3.05',
    ]);
    expect((await list(editor, 'scope=all')).map((x) => [x.title, x.role]).sort()).toEqual([
      ['Editor draft in season', 'editor'],
      ['Editor idea', 'owner'],
      ['Ep 3.05', 'editor'],
    ]);
    expect(titles(await list(stranger, 'scope=all'))).toEqual(['Stranger idea']);
    const everything = await list(owner, 'scope=all&ordering=publish_on');
    expect(titles(everything)).toEqual([
      'Editor draft in season',
      'Ep 3.05',
      'Not shared',
      'Owner only',
    ]);
  });

  it('combines with the other filters and a collection', async () => {
    expect(titles(await list(viewer, 'scope=all&status=idea'))).toEqual([
      'Editor draft in season',
      'Ep 3.05',
    ]);
    expect(titles(await list(viewer, 'scope=all&status=published'))).toEqual([]);
    const season = (await list(viewer, 'scope=shared'))[0]!.collections[0]!;
    expect(titles(await list(owner, `scope=mine&collection=${season}`))).toEqual([
      'Editor draft in season',
      'Ep 3.05',
    ]);
    expect(await list(editor, `scope=mine&collection=${season}`)).toEqual([]);
    expect(titles(await list(owner, `scope=all&collection=${season}`))).toEqual([
      'Editor draft in season',
      'Ep 3.05',
    ]);
  });

  it('answers a clear 400 for an unknown scope', async () => {
    const res = await editor.get('/api/collections/contents-list/?scope=everyone');
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/mine, shared or all/);
  });
});
