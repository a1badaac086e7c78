import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  COLLECTION_ORDERINGS,
  CONTENT_ORDERINGS,
  type Collection,
  encodeListCursor,
  type ContentItem,
  type ContentOrdering,
  type Paginated,
} from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

/**
 * Keyset pages of the content list (docs/api.md, "Lists"; decision 264): a `next` link carries
 * the last row's key as `after`, and following the links gives the same rows in the same order
 * as one large page, for every ordering, with ties on every sort key, after rows are trashed
 * between two pages; a bare `page=N` still jumps by offset; a cursor that is not one is a 400.
 */
let ctx: TestContext;
let owner: Caller;
const ITEMS = 23;

async function page(url: string): Promise<Paginated<ContentItem>> {
  const res = await owner.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Paginated<ContentItem>>();
}

/** Every id of the list, following `next` from page 1 with pages of `size`. */
async function walk(query: string, size: number): Promise<{ ids: number[]; links: string[] }> {
  const ids: number[] = [];
  const links: string[] = [];
  let url: string | null = `/api/collections/contents-list/?page_size=${size}&${query}`;
  for (let guard = 0; url !== null && guard < 100; guard++) {
    const answer = await page(url);
    ids.push(...answer.results.map((item) => item.id));
    url = answer.next;
    if (url) links.push(url);
  }
  return { ids, links };
}

const oneBigPage = async (query: string) =>
  (await page(`/api/collections/contents-list/?page_size=200&${query}`)).results.map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInCaller(ctx);
  // Ties on every key: titles in pairs differing only by case, three days of publication and
  // none, four positions, and change times shared to the microsecond by three rows each.
  await ctx.database.db.execute(sql`
    insert into contents (user_id, title, content, status, position, publish_on, created_on, updated_on)
    select ${owner.id}, case when g % 2 = 0 then 'Title ' || (g / 2) else 'TITLE ' || (g / 2) end,
           'text', (array['idea','scripting','editing'])[1 + g % 3], g % 4,
           case when g % 4 = 0 then null else date '2026-12-01' + (g % 3) end,
           timestamptz '2026-01-01 00:00:00.123456+00' + (g / 3) * interval '1 microsecond',
           case when g % 2 = 0 then timestamptz '2026-06-01 10:00:00.654321+00' + (g / 3) * interval '1 microsecond' end
    from generate_series(1, ${ITEMS}) g order by g`);
  await ctx.database.db.execute(sql`
    insert into collections (user_id, name, created_on, updated_on)
    select ${owner.id}, case when g % 2 = 0 then 'Series ' || (g / 2) else 'SERIES ' || (g / 2) end,
           timestamptz '2026-01-01 00:00:00.123456+00' + (g / 3) * interval '1 microsecond',
           case when g % 3 = 0 then timestamptz '2026-02-01 00:00:00.5+00' end
    from generate_series(1, 17) g order by g`);
});

afterAll(async () => {
  await ctx.close();
});

describe('keyset pages of the content list (decision 264)', () => {
  it.each(CONTENT_ORDERINGS.map((ordering) => [ordering]))(
    'following next in ordering %s gives every item once, in the order of one large page',
    async (ordering: ContentOrdering) => {
      for (const query of [
        `ordering=${ordering}`,
        `ordering=${ordering}&status=idea&status=editing`,
        `ordering=${ordering}&scope=all`,
      ]) {
        const expected = await oneBigPage(query);
        expect(expected.length, query).toBeGreaterThan(10);
        const { ids, links } = await walk(query, 4);
        expect(ids, query).toEqual(expected);
        // Each link keeps page numbers and every other parameter, and carries its cursor.
        links.forEach((link, index) => {
          const params = new URL(link, 'http://x').searchParams;
          expect(params.get('page'), link).toBe(String(index + 2));
          expect(params.get('page_size'), link).toBe('4');
          expect(params.get('after'), link).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(params.getAll('ordering'), link).toEqual([ordering]);
          expect(link.startsWith('/api/collections/contents-list/?page='), link).toBe(true);
        });
      }
    },
  );

  it('a page by cursor has the count and previous link of its page number', async () => {
    const first = await page('/api/collections/contents-list/?page_size=5');
    expect(first.count).toBe(ITEMS);
    const second = await page(first.next!);
    expect(second.count).toBe(ITEMS);
    expect(second.previous).toBe('/api/collections/contents-list/?page=1&page_size=5');
    // The last page is not full: no next, and its count exact.
    const { ids } = await walk('', 5);
    expect(ids).toHaveLength(ITEMS);
  });

  it('items trashed between two pages neither shift nor repeat the next page', async () => {
    const before = await oneBigPage('ordering=-updated_on');
    const first = await page('/api/collections/contents-list/?page_size=6&ordering=-updated_on');
    const [cursorRow, onPageTwo] = [first.results[5]!.id, before[7]!];
    // The row the cursor was made from, and one of the next page, go to the trash.
    for (const id of [cursorRow, onPageTwo]) {
      expect((await owner.delete(`/api/collections/contents-list/${id}/`)).statusCode).toBe(204);
    }
    const second = await page(first.next!);
    expect(second.results.map((i) => i.id)).toEqual(
      before.slice(6, 13).filter((id) => id !== onPageTwo),
    );
    // By offset, the same page number shifts: the trashed row of page 1 pulls one row back.
    const byOffset = await page(
      '/api/collections/contents-list/?page=2&page_size=6&ordering=-updated_on',
    );
    expect(byOffset.results[0]!.id).not.toBe(second.results[0]!.id);
    for (const id of [cursorRow, onPageTwo]) {
      await ctx.database.db.execute(sql`update contents set deleted_on = null where id = ${id}`);
    }
  });

  it('a bare page number still jumps by offset', async () => {
    const all = await oneBigPage('ordering=title');
    const third = await page('/api/collections/contents-list/?page=3&page_size=4&ordering=title');
    expect(third.results.map((i) => i.id)).toEqual(all.slice(8, 12));
  });

  it('a cursor that is not one of this ordering is a 400 on after, never a 5xx', async () => {
    const base = '/api/collections/contents-list/?page_size=5';
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: [string, string][] = [
      ['not base64', 'a*b'],
      ['not JSON', Buffer.from('{').toString('base64url')],
      ['empty', ''],
      ['an object', b64({ o: '-created_on', k: [1] })],
      ['another ordering', encodeListCursor('title', ['a', 1])],
      ['too few parts', b64(['-updated_on', 5])],
      ['too many parts', b64(['-created_on', 5, 6])],
      ['an id of 0', b64(['-created_on', 0])],
      ['a huge id', b64(['-created_on', 2 ** 31])],
      ['a text id', b64(['-created_on', '5'])],
      ['a month 13', b64(['-updated_on', '2026-13-01T00:00:00.000000Z', 5])],
      ['a timestamp without microseconds', b64(['-updated_on', '2026-01-01T00:00:00Z', 5])],
      ['a day 31 of November', b64(['publish_on', '2026-11-31', 5])],
      ['a NUL in a title', b64(['title', 'a\u0000b', 5])],
      ['a lone surrogate', b64(['title', '\uD800', 5])],
      ['a negative position', b64(['position', -1, 5])],
      ['too long', 'A'.repeat(5000)],
      ['invalid UTF-8', Buffer.from([0x5b, 0xff, 0x5d]).toString('base64url')],
    ];
    for (const [what, cursor] of bad) {
      const ordering = /publish_on|title|position|updated/.exec(
        Buffer.from(cursor, 'base64url').toString('latin1'),
      )?.[0];
      const order =
        what === 'another ordering'
          ? '-created_on'
          : ordering === 'updated'
            ? '-updated_on'
            : (ordering ?? '-created_on');
      const res = await owner.get(
        `${base}&ordering=${encodeURIComponent(order)}&after=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json<{ errors?: Record<string, string[]> }>().errors?.after, what).toBeDefined();
    }
    // A well-made cursor of a row that does not exist is a position like any other.
    const past = await owner.get(`${base}&after=${encodeListCursor('-created_on', [1])}`);
    expect(past.statusCode).toBe(200);
    expect(past.json<Paginated<ContentItem>>().results).toEqual([]);
  });

  it.each(COLLECTION_ORDERINGS.map((ordering) => [ordering]))(
    'the collections list pages by key too: ordering %s',
    async (ordering) => {
      const list = '/api/collections/list/';
      const all = (await owner.get(`${list}?page_size=200&ordering=${ordering}`)).json<
        Paginated<Collection>
      >().results;
      expect(all.length).toBe(17);
      const ids: number[] = [];
      let url: string | null = `${list}?page_size=4&ordering=${ordering}`;
      while (url !== null) {
        const res = await owner.get(url);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json<Paginated<Collection>>();
        ids.push(...answer.results.map((c) => c.id));
        if (answer.next) expect(answer.next).toMatch(/[?&]after=[\w-]+/);
        url = answer.next;
      }
      expect(ids).toEqual(all.map((c) => c.id));
      const tampered = await owner.get(
        `${list}?ordering=${ordering}&after=${encodeListCursor('position', [1, 1])}`,
      );
      expect(tampered.statusCode).toBe(400);
    },
  );
});
