import { describe, expect, it } from 'vitest';
import type { Collection, ContentItem, DashboardSummary } from '@cw/contract';
import { useTestApp, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/** `GET /api/dashboard/`: the dashboard in one answer (docs/api.md, "Dashboard"). */
const app = useTestApp();

const DASHBOARD = '/api/dashboard/';

async function summaryOf(caller: Caller, query = ''): Promise<DashboardSummary> {
  const res = await caller.get(`${DASHBOARD}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardSummary>();
}

async function made<T>(res: Promise<{ statusCode: number; body: string; json: <U>() => U }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<T>();
}

const item = (caller: Caller, body: object) =>
  made<ContentItem>(caller.post('/api/collections/contents-list/', body));

describe('the dashboard summary', () => {
  it('is all zeros and empty lists for a new account', async () => {
    expect(await summaryOf(app.alice)).toEqual({
      counts: { collections: 0, contents: 0, tags: 0 },
      statuses: { idea: 0, scripting: 0, recording: 0, editing: 0, published: 0 },
      words_this_week: { words: 0, items: 0 },
      upcoming: [],
      recent: [],
    });
  });

  it("counts the caller's own live rows, and shows their next publications and recent changes", async () => {
    const { alice, bob, ctx } = app;
    const season = await made<Collection>(
      alice.post('/api/collections/list/', { name: 'Season 2' }),
    );
    await made(alice.post('/api/collections/tags/', { name: 'sponsor' }));
    const intro = await item(alice, { title: 'Intro', content: 'one two three', status: 'idea' });
    await item(alice, {
      title: 'Ep 2',
      content: 'four five',
      status: 'scripting',
      publish_on: '2099-01-10',
    });
    await item(alice, {
      title: 'Ep 1',
      content: 'six',
      status: 'editing',
      publish_on: '2099-01-03',
    });
    await item(alice, {
      title: 'Old',
      content: 'seven',
      status: 'published',
      publish_on: '2000-01-01',
    });
    const trashed = await item(alice, { title: 'Gone', content: 'eight nine', status: 'idea' });
    expect((await alice.delete(`/api/collections/contents-list/${trashed.id}/`)).statusCode).toBe(
      204,
    );
    // Someone else's rows, even shared with the caller, are not the caller's figures.
    const bobs = await made<Collection>(bob.post('/api/collections/list/', { name: 'Bob’s' }));
    await share(ctx, bob, bobs.id, alice, 'editor');
    await item(bob, {
      title: 'Bob’s',
      content: 'x',
      collections: [bobs.id],
      publish_on: '2099-01-01',
    });
    ctx.clock.advance(1_000);
    expect(
      (await alice.patch(`/api/collections/contents-list/${intro.id}/`, { title: 'Intro v2' }))
        .statusCode,
    ).toBe(200);

    const summary = await summaryOf(alice, '?today=2026-11-27&week_start=2000-01-01T00:00:00Z');
    expect(summary.counts).toEqual({ collections: 1, contents: 4, tags: 1 });
    expect(summary.statuses).toEqual({
      idea: 1,
      scripting: 1,
      recording: 0,
      editing: 1,
      published: 1,
    });
    expect(summary.words_this_week).toEqual({ words: 7, items: 4 });
    expect(summary.upcoming).toEqual([
      expect.objectContaining({ title: 'Ep 1', status: 'editing', publish_on: '2099-01-03' }),
      expect.objectContaining({ title: 'Ep 2', status: 'scripting', publish_on: '2099-01-10' }),
    ]);
    expect(summary.recent.map((row) => [row.kind, row.title, row.edited])).toEqual([
      ['content', 'Intro v2', true],
      ['content', 'Old', false],
      ['content', 'Ep 1', false],
      ['content', 'Ep 2', false],
      ['collection', 'Season 2', false],
    ]);
    expect(season.id).toBe(summary.recent.at(-1)!.id);
    // A week that starts later counts none of these items.
    const later = await summaryOf(alice, '?week_start=2999-01-01T00:00:00%2B02:00');
    expect(later.words_this_week).toEqual({ words: 0, items: 0 });
  });

  it('answers 400 with the field named to a malformed day or week start', async () => {
    for (const query of ['?today=27-11-2026', '?week_start=yesterday', '?today=2026-02-30']) {
      const res = await app.bob.get(`${DASHBOARD}${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
