import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Collection, ContentItem, Note, Paginated, SearchResult, Tag } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import { SEARCH_WALK_ROWS } from '../../../src/library/search/search.repository';

let ctx: TestContext;
let alice: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const search = async (caller: Caller, query: string) => {
  const res = await caller.get(`/api/search/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<SearchResult>>();
};
const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest ? `&${rest}` : ''}`;
const titles = (page: Paginated<SearchResult>) => page.results.map((r) => r.title);

async function item(caller: Caller, title: string, content: string, extra: object = {}) {
  const res = await caller.post('/api/collections/contents-list/', { title, content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}

describe('search', () => {
  it('ranks a title match above a body match, and stems (run finds running)', async () => {
    const user = await signedInCaller(ctx);
    await item(user, 'Notes on cameras', 'I went running with the crew yesterday.');
    await item(user, 'Running a channel', 'Lots of words about other things.');
    const page = await search(user, q('run'));
    expect(titles(page)).toEqual(['Running a channel', 'Notes on cameras']);
    expect(page.count).toBe(2);
    const [first, second] = page.results;
    expect(first).toMatchObject({ type: 'content', snippet: '', role: 'owner', collection: null });
    expect(first!.title.slice(...first!.title_highlights[0]!)).toBe('Running');
    expect(first!.highlights).toEqual(first!.title_highlights);
    expect(second!.snippet.slice(...second!.highlights[0]!)).toBe('running');
    expect(second!.title_highlights).toEqual([]);
  });

  it('finds phrases, excludes words, ORs and takes the last word as a prefix', async () => {
    const user = await signedInCaller(ctx);
    await item(user, 'A', 'the quick brown fox jumps');
    await item(user, 'B', 'brown and quick, not together');
    await item(user, 'C', 'a lazy dog sleeps');
    await item(user, 'D', 'videography for beginners');
    expect(titles(await search(user, q('"quick brown"')))).toEqual(['A']);
    expect(titles(await search(user, q('quick -fox'))).sort()).toEqual(['B']);
    expect(titles(await search(user, q('fox OR dog'))).sort()).toEqual(['A', 'C']);
    expect(titles(await search(user, q('videog')))).toEqual(['D']);
    // Only the last word is a prefix.
    expect(titles(await search(user, q('videog beginners')))).toEqual([]);
    // Only exclusions, or only stop words: nothing to search.
    expect((await search(user, q('-fox'))).count).toBe(0);
    expect((await search(user, q('the and of'))).count).toBe(0);
    expect((await search(user, q('" - OR'))).count).toBe(0);
  });

  it('finds rows carrying a #tag, ignoring case, newest change first', async () => {
    const user = await signedInCaller(ctx);
    const tag = (await user.post('/api/collections/tags/', { name: 'Shorts' })).json<Tag>();
    const older = await item(user, 'Older', 'x', { tags: [tag.id] });
    await item(user, 'Untagged', 'shorts');
    const newer = await item(user, 'Newer', 'y', { tags: [tag.id] });
    const collection = (
      await user.post('/api/collections/list/', { name: 'Tagged collection', tags: [tag.id] })
    ).json<Collection>();
    const page = await search(user, q('#shorts'));
    expect(page.results.map((r) => [r.type, r.id])).toEqual([
      ['collection', collection.id],
      ['content', newer.id],
      ['content', older.id],
    ]);
    expect(titles(await search(user, q('#SHORTS newer')))).toEqual(['Newer']);
    expect(titles(await search(user, q('#shorts -#other -newer')))).toEqual([
      'Tagged collection',
      'Older',
    ]);
    // The tag itself is found by its name.
    expect((await search(user, q('shorts', 'type=tag'))).results).toMatchObject([
      { type: 'tag', id: tag.id, title: 'Shorts', role: 'owner' },
    ]);
  });

  it('counts exactly up to 100 hits and estimates beyond, in the same order on every page (decision 263)', async () => {
    const user = await signedInCaller(ctx);
    // 105 items holding "zephyr", one an hour older than the next: five with it in the title
    // (one twice: a higher rank), one of those also holding "storm" in its body.
    await ctx.database.db.execute(sql`
      insert into contents (user_id, title, content, created_on, updated_on)
      select ${user.id},
             case when g = 7 then 'Zephyr zephyr ' || g when g % 20 = 0 then 'Zephyr ' || g else 'Item ' || g end,
             case when g = 40 then 'a zephyr storm' else 'a zephyr story ' || g end,
             now() - interval '1 day',
             now() - (g || ' hours')::interval
      from generate_series(1, 105) g`);
    await ctx.database.db.execute(sql`analyze contents`);
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await search(user, q('zephyr', `page=${page}&page_size=50`)));
    const found = pages.flatMap(titles);
    const bodyOnly = Array.from({ length: 105 }, (_, i) => i + 1)
      .filter((g) => g !== 7 && g % 20 !== 0)
      .map((g) => `Item ${g}`);
    expect(found).toEqual([
      'Zephyr zephyr 7',
      'Zephyr 20',
      'Zephyr 40',
      'Zephyr 60',
      'Zephyr 80',
      'Zephyr 100',
      ...bodyOnly,
    ]);
    // Past 100 hits a full page gives an estimate (never below 101); the last page, not full,
    // ends the list and its count is exact.
    expect(pages[0]!.count).toBeGreaterThanOrEqual(101);
    expect(pages[2]!.count).toBe(105);
    // 100 hits or fewer: exact on a full page too.
    const fewer = await search(user, q('zephyr -storm -item', 'page_size=2'));
    expect(titles(fewer)).toEqual(['Zephyr zephyr 7', 'Zephyr 20']);
    expect(fewer.count).toBe(5);
  });

  it("finds a word's hits beyond the newest rows it walks, in order, and counts them (decision 267)", async () => {
    const user = await signedInCaller(ctx);
    // 2,100 items, one an hour older than the next. "quokka" in two of the newest 2,000 (the
    // walk by change) and in every third of the 100 older ones (the GIN index's part); "wombat"
    // in all of them.
    const total = SEARCH_WALK_ROWS + 100;
    await ctx.database.db.execute(sql`
      insert into contents (user_id, title, content, created_on, updated_on)
      select ${user.id}, 'Item ' || g,
             case when g in (10, 1500) or (g > ${SEARCH_WALK_ROWS} and g % 3 = 0)
                  then 'a quokka ' || g else 'plain words ' || g end || ' wombat',
             now() - interval '1 year',
             now() - (g || ' hours')::interval
      from generate_series(1, ${total}) g`);
    await ctx.database.db.execute(sql`analyze contents`);
    const older = Array.from({ length: 100 }, (_, i) => SEARCH_WALK_ROWS + 1 + i).filter(
      (g) => g % 3 === 0,
    );
    const expected = [10, 1500, ...older].map((g) => `Item ${g}`);
    const first = await search(user, q('quokka', 'page_size=20'));
    const second = await search(user, q('quokka', 'page=2&page_size=20'));
    expect([...titles(first), ...titles(second)]).toEqual(expected);
    expect(first.count).toBe(expected.length);
    // A word in every row: the newest first, and past 100 hits an estimate.
    const common = await search(user, q('wombat', 'page_size=20'));
    expect(titles(common)).toEqual(Array.from({ length: 20 }, (_, i) => `Item ${i + 1}`));
    expect(common.count).toBeGreaterThanOrEqual(101);
  });

  it("finds title matches among the caller's own lexemes only: prefixes, phrases, quotes (decision 270)", async () => {
    // The scoped vector and query of the title indexes: owner 12's prefix never reaches owner
    // 123's lexemes, and a phrase, a quote, a backslash and the rank read as on the plain title.
    const vector = sql`setweight(to_tsvector('english', ${"It's a back\\slash golden hour shot"}), 'A')`;
    const scoped = (owner: number) => sql`owner_scoped_vector(${vector}, ${owner}::int)`;
    const query = (text: string) => sql`owner_scoped_query(to_tsquery('english', ${text}), 12)`;
    const result = (await ctx.database.db.execute(sql`
      select
        ${scoped(12)} @@ ${query("'gold':*")} as own_prefix,
        ${scoped(123)} @@ ${query("'gold':*")} as other_owner,
        ${scoped(12)} @@ ${query("'golden hour'")} as phrase,
        ${scoped(12)} @@ ${query("'hour golden'")} as reversed,
        ${scoped(12)} @@ ${query("'back\\\\slash'")} as backslash,
        ts_rank_cd(${scoped(12)}, ${query("'shot'")})
          = ts_rank_cd(${vector}, to_tsquery('english', 'shot')) as same_rank`)) as unknown as {
      rows: Record<string, boolean>[];
    };
    expect(result.rows[0]).toEqual({
      own_prefix: true,
      other_owner: false,
      phrase: true,
      reversed: false,
      backslash: true,
      same_rank: true,
    });
    const user = await signedInCaller(ctx);
    const other = await signedInCaller(ctx);
    await item(user, "Golden hour: the shot's light", 'body words');
    await item(user, 'Hour of gold', 'more words');
    await item(other, "Golden hour: the shot's light", 'body words');
    expect(titles(await search(user, q('"golden hour"')))).toEqual([
      "Golden hour: the shot's light",
    ]);
    expect(titles(await search(user, q("shot's gold")))).toEqual(["Golden hour: the shot's light"]);
    expect((await search(user, q('gold'))).count).toBe(2);
    expect((await search(other, q('gold'))).count).toBe(1);
  });

  it("finds a phrase's rows by its word pairs and the owner's lexeme (decision 273)", async () => {
    // The pairs are exactly the vector's adjacencies: every document a phrase matches holds every
    // pair of the phrase, for phrases of words, stop words, hyphens and marks.
    const docs = [
      'Golden hour lighting, a well-known trick',
      'the golden light of the hour',
      'We shot the whole walk in golden hour lighting again.',
      'hour of light; golden-hour lighting',
      "It's a back\\slash: hour's light",
    ];
    const phrases = [
      'golden hour lighting',
      'hour of light',
      'well-known trick',
      'golden-hour',
      "hour's light",
      'light golden',
      'the hour',
    ];
    const rows = (await ctx.database.db.execute(sql`
      select d.text as doc, p.text as phrase,
             to_tsvector('english', d.text) @@ to_tsquery('english', ${sql`quote_literal(p.text)`}) as matches,
             phrase_pairs(array[p.text]) as pairs,
             owner_pairs(to_tsvector('english', d.text), 12)
               @@ (phrase_pairs(array[p.text]) && '~12') as holds_pairs,
             owner_pairs(to_tsvector('english', d.text), 123)
               @@ (phrase_pairs(array[p.text]) && '~12') as other_owner
      from unnest(${sql`array[${sql.join(
        docs.map((doc) => sql`${doc}`),
        sql`, `,
      )}]::text[]`}) as d(text),
           unnest(${sql`array[${sql.join(
             phrases.map((phrase) => sql`${phrase}`),
             sql`, `,
           )}]::text[]`}) as p(text)`)) as unknown as {
      rows: {
        doc: string;
        phrase: string;
        matches: boolean;
        pairs: string | null;
        holds_pairs: boolean | null;
        other_owner: boolean | null;
      }[];
    };
    expect(rows.rows).toHaveLength(docs.length * phrases.length);
    for (const row of rows.rows) {
      const where = `${row.phrase} in ${row.doc}`;
      if (row.pairs === null) {
        // One word, or words only separated by stop words: no pair to look up.
        expect(['hour of light', 'the hour', "hour's light"], where).toContain(row.phrase);
        continue;
      }
      if (row.matches) expect(row.holds_pairs, where).toBe(true);
      expect(row.other_owner, where).toBe(false);
    }
    const matched = rows.rows
      .filter((row) => row.matches)
      .map((row) => `${row.phrase} in ${row.doc}`);
    expect(matched).toContain('golden hour lighting in Golden hour lighting, a well-known trick');
    expect(matched).toContain('hour of light in hour of light; golden-hour lighting');

    // Through the endpoint: by pairs, by words when the pairs are none, and in an OR.
    const user = await signedInCaller(ctx);
    const other = await signedInCaller(ctx);
    await item(user, 'A', docs[0]!);
    await item(user, 'B', docs[1]!);
    await item(user, 'C', docs[2]!);
    await item(user, 'D', docs[3]!);
    await item(other, 'E', docs[2]!);
    expect(titles(await search(user, q('"golden hour lighting"'))).sort()).toEqual(['A', 'C', 'D']);
    expect(titles(await search(user, q('"hour of light"')))).toEqual(['D']);
    expect(titles(await search(user, q('"light golden" OR "well-known trick"')))).toEqual(['A']);
    expect(titles(await search(user, q('"hour lighting" walk')))).toEqual(['C']);
    expect((await search(other, q('"golden hour lighting"'))).count).toBe(1);
    // In the trash, out of the index of live rows and of the results.
    const trashed = await item(user, 'F', docs[2]!);
    expect((await search(user, q('"whole walk"'))).count).toBe(2);
    expect((await user.delete(`/api/collections/contents-list/${trashed.id}/`)).statusCode).toBe(
      204,
    );
    expect(titles(await search(user, q('"whole walk"')))).toEqual(['C']);
  });

  it('gives plain-text snippets with offsets of the matched words', async () => {
    const user = await signedInCaller(ctx);
    const long = `${'filler words here '.repeat(40)}the <b>zebra</b> &amp; friends ${'more text after '.repeat(40)}`;
    await item(user, 'Long one', long);
    const [hit] = (await search(user, q('zebra'))).results;
    expect(hit!.snippet.length).toBeLessThanOrEqual(240);
    expect(hit!.snippet).not.toMatch(/<\/?b>/);
    expect(hit!.snippet).toContain('&amp;');
    expect(hit!.snippet).not.toMatch(/\s\s/);
    expect(hit!.highlights).toHaveLength(1);
    expect(hit!.snippet.slice(...hit!.highlights[0]!)).toBe('zebra');
    // Private-use marks in the text cannot fake a highlight.
    await item(user, 'Marks', 'plain \uE000fake\uE001 text and a giraffe');
    const [marked] = (await search(user, q('giraffe'))).results;
    expect(marked!.snippet).toBe('plain fake text and a giraffe');
    expect(marked!.snippet.slice(...marked!.highlights[0]!)).toBe('giraffe');
  });

  it('shows the words of markdown in snippets, not its syntax (decision 218)', async () => {
    const user = await signedInCaller(ctx);
    await item(
      user,
      'Interview notes',
      '## Guests\n\n> [!tip] Ask first\n\n- **Priya N.** on [the studio](https://example.com/studio) and [[Pilot|the pilot]]\n\n![desk setup](/api/collections/files/1/download/)',
    );
    const [hit] = (await search(user, q('priya'))).results;
    expect(hit!.snippet).toBe('Guests Ask first Priya N. on the studio and the pilot desk setup');
    expect(hit!.highlights.map((range) => hit!.snippet.slice(...range))).toEqual(['Priya']);
    const [studio] = (await search(user, q('studio pilot'))).results;
    expect(studio!.highlights.map((range) => studio!.snippet.slice(...range))).toEqual([
      'studio',
      'pilot',
    ]);
  });

  it('searches notes, collections and files, with collection and parent', async () => {
    const user = await signedInCaller(ctx);
    const collection = (
      await user.post('/api/collections/list/', {
        name: 'Season two',
        description: 'Episodes about pottery',
      })
    ).json<Collection>();
    const note = (
      await user.post('/api/collections/notes/', {
        collection: collection.id,
        title: 'Pottery plan',
        content: 'Kiln schedule',
      })
    ).json<Note>();
    const content = await item(user, 'Clay', 'wheel', { collections: [collection.id] });
    const upload = await user.upload(
      { name: 'pottery-shot.png', bytes: Buffer.from('x') },
      { content: String(content.id) },
    );
    expect(upload.statusCode).toBe(201);
    const page = await search(user, q('pottery'));
    const byType = Object.fromEntries(page.results.map((r) => [r.type, r]));
    expect(byType.note).toMatchObject({
      id: note.id,
      collection: collection.id,
      parent: { type: 'collection', id: collection.id, title: 'Season two' },
    });
    expect(byType.collection).toMatchObject({ id: collection.id, parent: null, collection: null });
    expect(byType.file).toMatchObject({
      title: 'pottery-shot.png',
      parent: { type: 'content', id: content.id, title: 'Clay' },
    });
    expect((await search(user, q('pottery', 'type=note&type=file'))).count).toBe(2);
    expect((await search(user, q('wheel', `collection=${collection.id}`))).count).toBe(1);
    expect((await search(user, q('wheel', 'status=published'))).count).toBe(0);
    expect((await search(user, q('wheel', 'status=idea'))).count).toBe(1);
    expect((await search(user, q('pottery', 'status=idea'))).count).toBe(0);
  });

  it('orders the matches that need the body by newest change, even when the title matches part of the query', async () => {
    const user = await signedInCaller(ctx);
    await item(user, 'Quokka plan', 'the wombat comes later'); // title: half of the query
    await item(user, 'Quokka wombat', 'nothing else'); // title: the whole query
    await item(user, 'Other title', 'a quokka met a wombat'); // body only, the newest
    const page = await search(user, q('quokka wombat'));
    // Only title matches are ranked (decision 112: ts_rank_cd is computed for them alone; a
    // title that does not satisfy the query ranks 0 anyway); the body matches go newest first.
    expect(titles(page)).toEqual(['Quokka wombat', 'Other title', 'Quokka plan']);
    expect(page.count).toBe(3);
    const second = await search(user, q('quokka wombat', 'page_size=1&page=2'));
    expect(titles(second)).toEqual(['Other title']);
    expect(second.count).toBe(3);
  });

  it('pages with count and links', async () => {
    const user = await signedInCaller(ctx);
    for (let i = 0; i < 5; i++) await item(user, `Page ${i}`, 'paging words');
    const first = await search(user, q('paging', 'page_size=2'));
    expect(first.count).toBe(5);
    expect(first.next).toBe('/api/search/?page=2&page_size=2&q=paging');
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page++) {
      for (const r of (await search(user, q('paging', `page_size=2&page=${page}`))).results) {
        seen.add(r.id);
      }
    }
    expect(seen.size).toBe(5);
    const past = await search(user, q('paging', 'page_size=2&page=9'));
    expect(past).toMatchObject({ count: 5, results: [], next: null });
  });

  it('refuses a blank, too long or NUL q, and page_size over 50', async () => {
    for (const query of [
      'q=',
      'q=%20%20',
      '',
      `q=${'a'.repeat(201)}`,
      'q=a%00b',
      'q=a&page_size=51',
    ]) {
      expect((await alice.get(`/api/search/?${query}`)).statusCode, query).toBe(400);
    }
    expect((await alice.get(`/api/search/?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
    expect((await alice.get('/api/search/?q=a&collection=999999')).statusCode).toBe(404);
  });
});

describe('search and access', () => {
  it('shows each of two users only their own rows, though their texts share every word', async () => {
    const [one, two] = [await signedInCaller(ctx), await signedInCaller(ctx)];
    for (const user of [one, two]) {
      await item(user, 'Secret recipe', 'secret recipe words');
      const collection = (
        await user.post('/api/collections/list/', { name: 'Secret recipe' })
      ).json<Collection>();
      await user.post('/api/collections/notes/', {
        collection: collection.id,
        title: 'Secret recipe',
        content: 'secret',
      });
      await user.post('/api/collections/tags/', { name: 'secret recipe' });
      await user.upload({ name: 'secret recipe.txt', bytes: Buffer.from('x') });
    }
    for (const [me, other] of [
      [one, two],
      [two, one],
    ] as const) {
      const page = await search(me, q('secret recipe', 'page_size=50'));
      expect(page.count).toBe(5);
      expect(page.results.every((r) => r.role === 'owner')).toBe(true);
      const otherIds = (await search(other, q('secret recipe'))).results.map(
        (r) => `${r.type}${r.id}`,
      );
      for (const r of page.results) expect(otherIds).not.toContain(`${r.type}${r.id}`);
      const theirs = (await other.get('/api/collections/tags/')).json<Paginated<Tag>>().results[0]!;
      expect((await search(me, q('secret', `tag=${theirs.id}`))).count).toBe(0);
    }
  });

  it("finds another person's item placed in the caller's collection (foreign_owner, set by the database)", async () => {
    // The API never writes such a row today (an item's collections are its owner's), but the
    // read scope allows it, and search reads those items from the mark the database sets on
    // every insert (decision 112), not from that rule.
    const owner = await signedInCaller(ctx);
    const other = await signedInCaller(ctx);
    const stranger = await signedInCaller(ctx);
    const collection = (
      await owner.post('/api/collections/list/', { name: 'Okapi collection' })
    ).json<Collection>();
    const own = await item(owner, 'Okapi by the owner', 'x', { collections: [collection.id] });
    const theirs = await item(other, 'Okapi by someone else', 'x');
    await ctx.database.db.execute(
      sql`insert into content_collections (content_id, collection_id) values (${theirs.id}, ${collection.id})`,
    );
    const marks = (await ctx.database.db.execute(
      sql`select content_id, foreign_owner from content_collections where collection_id = ${collection.id} order by content_id`,
    )) as unknown as { rows: { content_id: number; foreign_owner: boolean }[] };
    expect(marks.rows.map((row) => [Number(row.content_id), row.foreign_owner])).toEqual([
      [own.id, false],
      [theirs.id, true],
    ]);
    const found = async (who: Caller) =>
      (await search(who, q('okapi', 'type=content'))).results.map((r) => [r.title, r.role]).sort();
    expect(await found(owner)).toEqual([
      ['Okapi by someone else', 'owner'],
      ['Okapi by the owner', 'owner'],
    ]);
    // The same rows as a read of the item (the policy's read scope).
    expect((await owner.get(`/api/collections/contents-list/${theirs.id}/`)).statusCode).toBe(200);
    expect(await found(other)).toEqual([['Okapi by someone else', 'owner']]);
    expect(await found(stranger)).toEqual([]);
  });

  it("finds a #tag on the rows of others it reads, by their owner's tag of that name (decision 271)", async () => {
    const owner = await signedInCaller(ctx);
    const member = await signedInCaller(ctx);
    const stranger = await signedInCaller(ctx);
    const tagOf = async (caller: Caller) =>
      (await caller.post('/api/collections/tags/', { name: 'Vlog' })).json<Tag>();
    const [ownersTag, membersTag, strangersTag] = [
      await tagOf(owner),
      await tagOf(member),
      await tagOf(stranger),
    ];
    const shared = (
      await owner.post('/api/collections/list/', { name: 'Shared vlogs', tags: [ownersTag.id] })
    ).json<Collection>();
    await item(owner, 'Shared vlog', 'x', { tags: [ownersTag.id], collections: [shared.id] });
    await item(owner, 'Private vlog', 'x', { tags: [ownersTag.id] });
    await item(member, 'My vlog', 'x', { tags: [membersTag.id] });
    await item(stranger, 'Their vlog', 'x', { tags: [strangersTag.id] });
    await share(ctx, owner, shared.id, member, 'viewer');
    expect(titles(await search(member, q('#vlog'))).sort()).toEqual([
      'My vlog',
      'Shared vlog',
      'Shared vlogs',
    ]);
    expect(titles(await search(owner, q('#VLOG'))).sort()).toEqual([
      'Private vlog',
      'Shared vlog',
      'Shared vlogs',
    ]);
    expect(titles(await search(stranger, q('#vlog')))).toEqual(['Their vlog']);
  });

  it('finds what a viewer may read, with role viewer, and loses it when removed', async () => {
    const owner = await signedInCaller(ctx);
    const viewer = await signedInCaller(ctx);
    const collection = (
      await owner.post('/api/collections/list/', { name: 'Shared narwhal' })
    ).json<Collection>();
    await item(owner, 'Narwhal script', 'x', { collections: [collection.id] });
    await item(owner, 'Private narwhal', 'x');
    await owner.post('/api/collections/notes/', {
      collection: collection.id,
      title: 'Narwhal note',
      content: 'x',
    });
    await owner.upload(
      { name: 'narwhal.txt', bytes: Buffer.from('x') },
      { collection: String(collection.id) },
    );
    const membership = await share(ctx, owner, collection.id, viewer, 'viewer');
    const page = await search(viewer, q('narwhal'));
    expect(page.results.map((r) => [r.type, r.title, r.role]).sort()).toEqual([
      ['collection', 'Shared narwhal', 'viewer'],
      ['content', 'Narwhal script', 'viewer'],
      ['file', 'narwhal.txt', 'viewer'],
      ['note', 'Narwhal note', 'viewer'],
    ]);
    expect((await search(viewer, q('narwhal', `collection=${collection.id}`))).count).toBe(4);
    expect(
      (await owner.delete(`/api/collections/list/${collection.id}/members/${membership.id}/`))
        .statusCode,
    ).toBe(204);
    expect((await search(viewer, q('narwhal'))).count).toBe(0);
    expect(
      (await viewer.get(`/api/search/?q=narwhal&collection=${collection.id}`)).statusCode,
    ).toBe(404);
  });
});
