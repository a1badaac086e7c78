import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

/** Chapters' real starts on an item (docs/api.md, "Chapters"; decision 233). */
let ctx: TestContext;
let alice: Caller;
let item: ContentItem;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  item = (
    await alice.post('/api/collections/contents-list/', {
      title: 'Desk video',
      content: '# Cold open\nHello\n# Build\nCut\n# Outro\nBye',
    })
  ).json<ContentItem>();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const one = (id: number) => `/api/collections/contents-list/${id}/`;

describe("chapters' real starts", () => {
  it('are none on a new item', () => {
    expect(item.chapter_starts).toEqual([]);
  });

  it('are kept as sent, replaced as a whole by the next PATCH, and read back', async () => {
    const starts = [
      { title: 'Build', start: 95 },
      { title: 'Outro', start: 3725 },
    ];
    const res = await alice.patch(one(item.id), { chapter_starts: starts });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentItem>().chapter_starts).toEqual(starts);
    expect((await alice.get(one(item.id))).json<ContentItem>().chapter_starts).toEqual(starts);

    await alice.patch(one(item.id), { chapter_starts: [{ title: 'Outro', start: 200 }] });
    const list = await alice.get('/api/collections/contents-list/');
    const listed = list.json<{ results: ContentItem[] }>().results.find((x) => x.id === item.id);
    expect(listed?.chapter_starts).toEqual([{ title: 'Outro', start: 200 }]);
  });

  it('leave the text alone: the same words, no new version', async () => {
    const before = (await alice.get(`${one(item.id)}versions/`)).json<{ count: number }>().count;
    await alice.patch(one(item.id), { chapter_starts: [] });
    const after = (await alice.get(one(item.id))).json<ContentItem>();
    expect(after.content).toBe(item.content);
    expect((await alice.get(`${one(item.id)}versions/`)).json<{ count: number }>().count).toBe(
      before,
    );
  });

  it.each([
    ['a negative start', [{ title: 'Build', start: -1 }]],
    ['a fraction of a second', [{ title: 'Build', start: 1.5 }]],
    ['more than a day', [{ title: 'Build', start: 86_401 }]],
    ['no title', [{ start: 3 }]],
    ['a NUL in a title', [{ title: 'B\u0000', start: 3 }]],
    ['more than 100', Array.from({ length: 101 }, (_, i) => ({ title: `C${i}`, start: i }))],
    ['not a list', { title: 'Build', start: 3 }],
  ])('refuse %s with a 400 naming the field', async (_what, chapterStarts) => {
    const res = await alice.patch(one(item.id), { chapter_starts: chapterStarts });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)[0]).toMatch(/^chapter_starts/);
  });
});
