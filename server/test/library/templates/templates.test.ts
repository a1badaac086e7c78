import { describe, expect, it } from 'vitest';
import type { Collection, ContentItem, Tag, Template } from '@cw/contract';
import { parseScript } from '@cw/contract/script';
import { useTestApp, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/** Templates (docs/api.md, "Templates"; decision 235), on PGlite and PostgreSQL. */
const app = useTestApp();

const LIST = '/api/templates/';
const listOf = async (caller: Caller) => (await caller.get(LIST)).json<Template[]>();

describe('templates', () => {
  it('lists the four built-in ones first, for everyone', async () => {
    const res = await app.alice.get(LIST);
    expect(res.statusCode).toBe(200);
    const list = res.json<Template[]>();
    expect(list.map((t) => [t.id, t.name, t.builtin])).toEqual([
      ['youtube-video', 'YouTube video', true],
      ['podcast-episode', 'Podcast episode', true],
      ['short', 'Short', true],
      ['newsletter', 'Newsletter', true],
    ]);
    const youtube = parseScript(list[0]!.content).sections.map((s) => s.title);
    expect(youtube).toEqual([
      'Hook',
      'Intro',
      'Section one',
      'Section two',
      'Section three',
      'Call to action',
      'End screen',
    ]);
    const podcast = parseScript(list[1]!.content).sections.map((s) => s.title);
    expect(podcast).toEqual(
      expect.arrayContaining(['Cold open', 'Ad break', 'Outro', 'Show notes']),
    );
  });

  it('saves one of mine with its status, tags and checklist, listed after the built-ins', async () => {
    const res = await app.alice.post(LIST, {
      name: ' Weekly vlog ',
      content: '## Hello\nHi all.',
      status: 'recording',
      tags: ['vlog', 'Weekly', 'weekly'],
      checklist: ['Charge the camera', ' Clean the lens '],
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json<Template>();
    expect(saved).toMatchObject({
      builtin: false,
      name: 'Weekly vlog',
      status: 'recording',
      tags: ['vlog', 'weekly'],
      checklist: ['Charge the camera', 'Clean the lens'],
    });
    expect((await listOf(app.alice)).at(-1)?.id).toBe(saved.id);
    expect((await listOf(app.bob)).some((t) => t.id === saved.id)).toBe(false);
  });

  it('makes an item from a built-in template: title, status, tags (made when missing), checklist', async () => {
    const res = await app.alice.post('/api/templates/youtube-video/use/', { title: 'Desk build' });
    expect(res.statusCode).toBe(201);
    const item = res.json<ContentItem>();
    expect(item).toMatchObject({ title: 'Desk build', status: 'scripting', user: app.alice.id });
    expect(item.tags_named_list.map((t) => t.name)).toEqual(['youtube']);
    expect(item.content.startsWith('[Checklist]\n- [ ] Thumbnail\n')).toBe(true);
    expect(item.content).toContain('## Call to action');
    // Its tag is one of the person's tags, found again (not made twice) by the next item.
    const again = (
      await app.alice.post('/api/templates/youtube-video/use/', {})
    ).json<ContentItem>();
    expect(again.title).toBe('New video');
    expect(again.tags).toEqual(item.tags);
    const tags = (await app.alice.get('/api/collections/tags/?name=youtube')).json<{
      results: Tag[];
    }>();
    expect(tags.results).toHaveLength(1);
  });

  it('makes an item from my own template, in my collection', async () => {
    const mine = (
      await app.alice.post(LIST, { name: 'Mine', title: 'Episode', content: 'Words.', tags: ['x'] })
    ).json<Template>();
    const collection = (
      await app.alice.post('/api/collections/list/', { name: 'Season 1' })
    ).json<Collection>();
    const res = await app.alice.post(`/api/templates/${mine.id}/use/`, {
      collection: collection.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ContentItem>()).toMatchObject({
      title: 'Episode',
      content: 'Words.',
      collections: [collection.id],
    });
  });

  it("lets an editor make an item in the owner's collection, without the template's tags", async () => {
    const collection = (
      await app.alice.post('/api/collections/list/', { name: 'Shared show' })
    ).json<Collection>();
    await share(app.ctx, app.alice, collection.id, app.bob, 'editor');
    const res = await app.bob.post('/api/templates/podcast-episode/use/', {
      collection: collection.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ContentItem>()).toMatchObject({ user: app.alice.id, tags: [] });
  });

  it("keeps others' templates and collections out of reach", async () => {
    const mine = (await app.alice.post(LIST, { name: 'Private' })).json<Template>();
    expect((await app.bob.post(`/api/templates/${mine.id}/use/`, {})).statusCode).toBe(404);
    expect((await app.bob.delete(`/api/templates/${mine.id}/`)).statusCode).toBe(404);
    const hers = (
      await app.alice.post('/api/collections/list/', { name: 'Hers' })
    ).json<Collection>();
    const res = await app.bob.post('/api/templates/short/use/', { collection: hers.id });
    expect(res.statusCode).toBe(400);
  });

  it('deletes my own template; a built-in one cannot be deleted', async () => {
    const mine = (await app.alice.post(LIST, { name: 'Throwaway' })).json<Template>();
    expect((await app.alice.delete(`/api/templates/${mine.id}/`)).statusCode).toBe(204);
    expect((await app.alice.delete(`/api/templates/${mine.id}/`)).statusCode).toBe(404);
    const builtin = await app.alice.delete('/api/templates/short/');
    expect(builtin.statusCode).toBe(403);
    expect(builtin.json<{ message: string }>().message).toBe(
      'Built-in templates cannot be deleted.',
    );
  });

  it.each([
    ['an unknown word', '/api/templates/nope/use/'],
    ['an id too large', '/api/templates/99999999999/use/'],
    ['an id past the largest', '/api/templates/2147483648/use/'],
    ['a bad id', '/api/templates/..%2F/use/'],
  ])('answers 404 to %s', async (_what, url) => {
    expect((await app.alice.post(url, {})).statusCode).toBe(404);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '  ' }],
    ['an unknown status', { name: 'x', status: 'done' }],
    ['too many tags', { name: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ['a tag too long', { name: 'x', tags: ['t'.repeat(51)] }],
    ['a blank check', { name: 'x', checklist: [' '] }],
    ['a NUL', { name: 'x\u0000' }],
  ])('refuses %s with a 400', async (_what, body) => {
    expect((await app.alice.post(LIST, body)).statusCode).toBe(400);
  });

  it('refuses a title too long for an item', async () => {
    const res = await app.alice.post('/api/templates/short/use/', { title: 'x'.repeat(121) });
    expect(res.statusCode).toBe(400);
  });
});
