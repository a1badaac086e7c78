import { describe, expect, it } from 'vitest';
import type { Collection, ContentItem, DashboardSummary } from '@cw/contract';
import { sql } from 'drizzle-orm';
import { signedInCaller, useTestApp, type Caller } from '../../library-helpers';
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

  it('keeps its items per status exact through every write, past 10,000 items (decision 265)', async () => {
    const { ctx } = app;
    const carol = await signedInCaller(ctx);
    const statuses = async () => (await summaryOf(carol)).statuses;
    const a = await item(carol, { title: 'A', content: 'x', status: 'idea' });
    const b = await item(carol, { title: 'B', content: 'x', status: 'scripting' });
    expect(await statuses()).toMatchObject({ idea: 1, scripting: 1 });
    // A status change moves one item between columns; a text change moves none.
    await carol.patch(`/api/collections/contents-list/${a.id}/`, { status: 'editing' });
    await carol.patch(`/api/collections/contents-list/${b.id}/`, { title: 'B2' });
    expect(await statuses()).toMatchObject({ idea: 0, scripting: 1, editing: 1 });
    // The trash takes it out, a restore brings it back, deleting it for good changes nothing more.
    expect((await carol.delete(`/api/collections/contents-list/${a.id}/`)).statusCode).toBe(204);
    expect(await statuses()).toMatchObject({ editing: 0 });
    expect((await carol.post(`/api/trash/content/${a.id}/restore/`)).statusCode).toBe(200);
    expect(await statuses()).toMatchObject({ editing: 1 });
    await carol.delete(`/api/collections/contents-list/${a.id}/`);
    expect((await carol.delete(`/api/trash/content/${a.id}/`)).statusCode).toBe(204);
    expect(await statuses()).toMatchObject({ idea: 0, scripting: 1, editing: 0 });
    // Rows written by SQL in bulk (an import, a restore of a dump) count as well: 10,500 items,
    // past EXACT_COUNT_MAX, counted exactly.
    await ctx.database.db.execute(sql`
      insert into contents (user_id, title, content, status)
      select ${carol.id}, 'bulk ' || g, 'x', case when g % 3 = 0 then 'published' else 'idea' end
      from generate_series(1, 10500) g`);
    const summary = await summaryOf(carol);
    expect(summary.statuses).toEqual({
      idea: 7000,
      scripting: 1,
      recording: 0,
      editing: 0,
      published: 3500,
    });
    expect(summary.counts.contents).toBe(10501);
    // A live item deleted outright (as an account's deletion does) leaves the count too.
    await ctx.database.db.execute(
      sql`delete from contents where user_id = ${carol.id} and status = 'published'`,
    );
    expect((await statuses()).published).toBe(0);
    // And the kept rows go with the person.
    await ctx.database.db.execute(sql`delete from users where id = ${carol.id}`);
    const left = await ctx.database.db.execute(
      sql`select count(*)::int as n from content_status_counts where user_id = ${carol.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
