import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Collection, ContentItem, Paginated, Tag } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';

/**
 * Lists read in parts (decision 268): the board's `scope=all` merges the caller's own items and
 * those shared with them, each read in order from its own index, and a list of several statuses
 * by last change merges each status's items. Pages, their order, `next` links (by cursor and by
 * page number) and counts must be those of the whole list sorted at once.
 */
let ctx: TestContext;
let owner: Caller;
let editor: Caller;
let tagId: number;

interface Row {
  id: number;
  position: number;
  changed: string;
  status: string;
}

async function page(who: Caller, url: string): Promise<Paginated<ContentItem>> {
  const res = await who.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Paginated<ContentItem>>();
}

/** Every page from page 1, following `next` as it is; each page's count. */
async function walk(who: Caller, query: string, size: number) {
  const ids: number[] = [];
  const counts: number[] = [];
  let url: string | null = `/api/collections/contents-list/?page_size=${size}&${query}`;
  for (let guard = 0; url !== null && guard < 200; guard++) {
    const answer = await page(who, url);
    ids.push(...answer.results.map((item) => item.id));
    counts.push(answer.count);
    url = answer.next;
  }
  return { ids, counts };
}

/** Every page by number (`page=N`, no cursor), as the web's board reads them. */
async function byNumber(who: Caller, query: string, size: number, pages: number) {
  const ids: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const answer = await page(
      who,
      `/api/collections/contents-list/?page=${n}&page_size=${size}&${query}`,
    );
    ids.push(...answer.results.map((item) => item.id));
  }
  return ids;
}

/** The rows the editor reads (their own and the season's), as the database holds them. */
async function readable(): Promise<Row[]> {
  const result = (await ctx.database.db.execute(sql`
    select c.id, c.position, c.status,
           to_char(coalesce(c.updated_on, c.created_on) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as changed
    from contents c
    where c.deleted_on is null and (c.user_id = ${editor.id} or c.id in (
      select cc.content_id from content_collections cc join collection_members m
        on m.collection_id = cc.collection_id where m.user_id = ${editor.id}))`)) as unknown as {
    rows: Row[];
  };
  return result.rows.map((row) => ({ ...row, id: Number(row.id), position: Number(row.position) }));
}

const byPosition = (rows: Row[]) =>
  [...rows].sort((a, b) => a.position - b.position || a.id - b.id).map((row) => row.id);
const byChange = (rows: Row[]) =>
  [...rows]
    .sort((a, b) => (a.changed < b.changed ? 1 : a.changed > b.changed ? -1 : b.id - a.id))
    .map((row) => row.id);

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, editor] = [await signedInCaller(ctx), await signedInCaller(ctx)];
  const season = (
    await owner.post('/api/collections/list/', { name: 'Season' })
  ).json<Collection>();
  await share(ctx, owner, season.id, editor, 'editor');
  tagId = (await editor.post('/api/collections/tags/', { name: 'weekly' })).json<Tag>().id;
  // Own and shared items interleaved by position, with ties (four positions for 30 items of
  // each), three statuses, and change times shared by pairs to the microsecond.
  for (const [who, extra] of [
    [editor, sql`null::int`],
    [owner, sql`${season.id}::int`],
  ] as const) {
    await ctx.database.db.execute(sql`
      insert into contents (user_id, title, content, status, position, created_on, updated_on)
      select ${who.id}, 'item ' || g, 'text', (array['idea','scripting','editing'])[1 + g % 3], g % 4,
             timestamptz '2026-01-01 00:00:00.5+00' + (g / 2) * interval '1 microsecond',
             case when g % 3 = 0 then timestamptz '2026-03-01 00:00:00+00' + (g / 2) * interval '1 second' end
      from generate_series(1, 30) g order by g`);
    await ctx.database.db.execute(sql`
      insert into content_collections (content_id, collection_id)
      select id, ${extra} from contents where user_id = ${who.id} and ${extra} is not null`);
  }
  // One of the owner's items not shared, and one shared item in the trash: neither shows.
  await ctx.database.db.execute(sql`
    insert into contents (user_id, title, content, position) values (${owner.id}, 'private', 'x', 0)`);
  await ctx.database.db.execute(sql`
    update contents set deleted_on = now() where id = (
      select max(content_id) from content_collections where collection_id = ${season.id})`);
  await ctx.database.db.execute(sql`
    insert into content_tags (content_id, tag_id)
    select id, ${tagId} from contents where user_id = ${editor.id} and id % 2 = 0`);
});

afterAll(async () => {
  await ctx.close();
});

describe('lists read in parts (decision 268)', () => {
  it('the board (scope all, by position) merges own and shared items in order, ties by id, by cursor and by page number', async () => {
    const rows = await readable();
    expect(rows).toHaveLength(59);
    const expected = byPosition(rows);
    for (const size of [7, 50]) {
      const { ids, counts } = await walk(editor, 'ordering=position&scope=all', size);
      expect(ids, `pages of ${size}`).toEqual(expected);
      expect(new Set(counts), `pages of ${size}`).toEqual(new Set([59]));
      expect(
        await byNumber(editor, 'ordering=position&scope=all', size, Math.ceil(59 / size) + 1),
      ).toEqual(expected);
    }
    const one = await page(
      editor,
      '/api/collections/contents-list/?page_size=200&ordering=position&scope=all',
    );
    expect(one.results.map((item) => item.id)).toEqual(expected);
    expect(one.count).toBe(59);
    expect(one.next).toBeNull();
  });

  it('every ordering of scope all gives the rows of one large page, page by page', async () => {
    for (const ordering of ['-created_on', '-updated_on', 'title', 'publish_on', 'position']) {
      const query = `ordering=${ordering}&scope=all`;
      const whole = await page(editor, `/api/collections/contents-list/?page_size=200&${query}`);
      const { ids } = await walk(editor, query, 6);
      expect(ids, ordering).toEqual(whole.results.map((item) => item.id));
      expect(await byNumber(editor, query, 6, 11), ordering).toEqual(
        whole.results.map((i) => i.id),
      );
    }
  });

  it('several statuses by last change merge each status in order, a repeated status counting once', async () => {
    const rows = await readable();
    const mine = rows.filter((row) => row.status !== 'scripting');
    const expectedAll = byChange(mine);
    for (const query of [
      'ordering=-updated_on&scope=all&status=idea&status=editing',
      'ordering=-updated_on&scope=all&status=editing&status=idea&status=editing',
    ]) {
      const { ids, counts } = await walk(editor, query, 4);
      expect(ids, query).toEqual(expectedAll);
      expect(new Set(counts), query).toEqual(new Set([expectedAll.length]));
      expect(await byNumber(editor, query, 4, 11), query).toEqual(expectedAll);
    }
    // With a tag (the growth bench's filtered list): the editor's own tagged items only.
    const tagged = (await ctx.database.db.execute(
      sql`select content_id as id from content_tags where tag_id = ${tagId}`,
    )) as unknown as { rows: { id: number }[] };
    const taggedIds = new Set(tagged.rows.map((row) => Number(row.id)));
    const expectedTagged = byChange(mine.filter((row) => taggedIds.has(row.id)));
    expect(expectedTagged.length).toBeGreaterThan(5);
    const query = `ordering=-updated_on&status=idea&status=editing&tag=${tagId}`;
    const { ids, counts } = await walk(editor, query, 3);
    expect(ids).toEqual(expectedTagged);
    expect(new Set(counts)).toEqual(new Set([expectedTagged.length]));
  });

  it('counts one’s own items from the kept counts, whole and by status, with what is shared added', async () => {
    const count = async (query: string) =>
      (await page(editor, `/api/collections/contents-list/?page_size=1&${query}`)).count;
    expect(await count('')).toBe(30);
    expect(await count('status=idea')).toBe(10);
    expect(await count('status=idea&status=idea&status=editing')).toBe(20);
    expect(await count('scope=shared')).toBe(29);
    expect(await count('scope=all')).toBe(59);
    expect(await count('scope=all&status=idea')).toBe(
      (await readable()).filter((row) => row.status === 'idea').length,
    );
    // A change of status or a trashed item shows in the next count.
    const [first] = (await page(editor, '/api/collections/contents-list/?page_size=1')).results;
    expect((await editor.delete(`/api/collections/contents-list/${first!.id}/`)).statusCode).toBe(
      204,
    );
    expect(await count('')).toBe(29);
    expect(await count('scope=all')).toBe(58);
  });
});
