import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemLinks, Paginated, SearchResult } from '@cw/contract';
import { collabUrl, listen, openDocument } from './collab-support';
import { createTestApp, type TestContext } from './helpers';
import type { Caller } from './library-helpers';
import {
  buildReadRuleLibrary,
  MARKER,
  PEOPLE,
  type Person,
  type ReadRuleLibrary,
} from './read-rule-fixture';
import { unzip } from './zip-support';

/**
 * One read rule (the policy's READ_RULES, docs/development.md) and every way of reading agrees
 * with it: for each kind of person, what single reads answer is exactly what the lists show,
 * what search finds, what the live co-editing connection opens, and (of what they own) what the
 * export holds. A new way of reading that built its own scope would disagree here.
 */
let ctx: TestContext;
let library: ReadRuleLibrary;
let socketUrl: string;

type Resource = 'collections' | 'contents' | 'notes' | 'files';
const SINGLE: Record<Resource, (id: number) => string> = {
  collections: (id) => `/api/collections/list/${id}/`,
  contents: (id) => `/api/collections/contents-list/${id}/`,
  notes: (id) => `/api/collections/notes/${id}/`,
  files: (id) => `/api/collections/files/${id}/`,
};
const SEARCH_TYPE: Record<Resource, SearchResult['type']> = {
  collections: 'collection',
  contents: 'content',
  notes: 'note',
  files: 'file',
};

/** The lists of the caller's own rows (docs/api.md, "Lists"), ready for more parameters. */
const OWN_LIST: Record<Resource, string> = {
  collections: '/api/collections/list/?scope=mine&',
  contents: '/api/collections/contents-list/?',
  notes: '/api/collections/notes/?',
  files: '/api/collections/files/?',
};

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The ids of every page of a list or search, following `next`. */
async function everyPage(caller: Caller, first: string): Promise<{ id: number; type?: string }[]> {
  const rows: { id: number; type?: string }[] = [];
  let url: string | null = first;
  while (url) {
    const res = await caller.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<Paginated<{ id: number; type?: string }>>();
    rows.push(...page.results);
    url = page.next;
  }
  return rows;
}

/** What single reads answer 200 to, of every object made, with its owner. */
async function readable(caller: Caller, resource: Resource) {
  // A note names no owner (`user` is undefined there).
  const found: { id: number; user: number | undefined }[] = [];
  for (const id of library.all[resource]) {
    const res = await caller.get(SINGLE[resource](id));
    if (res.statusCode === 200) found.push({ id, user: res.json<{ user?: number }>().user });
    else expect(res.statusCode, `${resource} ${id}: ${res.body}`).toBe(404);
  }
  return found;
}

/** What the lists show: the caller's own lists, and each readable collection's lists. */
async function listed(caller: Caller, resource: Resource): Promise<number[]> {
  const collections = (
    await everyPage(caller, '/api/collections/list/?scope=all&page_size=200')
  ).map((row) => row.id);
  if (resource === 'collections') return sorted(collections);
  const base = {
    contents: '/api/collections/contents-list/',
    notes: '/api/collections/notes/',
    files: '/api/collections/files/',
  }[resource];
  const ids: number[] = (await everyPage(caller, `${base}?page_size=200`)).map((row) => row.id);
  for (const collection of collections) {
    const rows = await everyPage(caller, `${base}?collection=${collection}&page_size=200`);
    ids.push(...rows.map((row) => row.id));
  }
  return sorted(ids);
}

async function searched(caller: Caller, resource: Resource): Promise<number[]> {
  const rows = await everyPage(caller, `/api/search/?q=${MARKER}&page_size=50`);
  return sorted(rows.filter((row) => row.type === SEARCH_TYPE[resource]).map((row) => row.id));
}

/** The ids in the caller's export, by resource, from the archive's paths (docs/api.md, "Export"). */
async function exported(caller: Caller): Promise<Record<Resource, number[]>> {
  const res = await caller.get('/api/export/');
  expect(res.statusCode, res.body).toBe(200);
  const paths = [...(await unzip(res.rawPayload)).keys()];
  const ids = (pattern: RegExp) =>
    sorted(paths.flatMap((path) => (pattern.exec(path) ? [Number(pattern.exec(path)![1])] : [])));
  return {
    collections: ids(/^collections\/[^/]*-(\d+)\/collection\.md$/),
    contents: ids(/^content\/[^/]*-(\d+)\.md$/),
    notes: ids(/^collections\/[^/]+\/notes\/[^/]*-(\d+)\.md$/),
    files: ids(/^files\/(\d+)-/),
  };
}

/**
 * Links between items (decision 211): the links and backlinks of every item made, as the caller
 * gets them: a 404 where a single read is one, and, of a readable item, the targets and sources
 * the answer names.
 */
async function linked(caller: Caller): Promise<{ answered: number[]; named: number[] }> {
  const answered: number[] = [];
  const named: number[] = [];
  for (const id of library.all.contents) {
    const links = await caller.get(`/api/collections/contents-list/${id}/links/`);
    const backlinks = await caller.get(
      `/api/collections/contents-list/${id}/backlinks/?page_size=200`,
    );
    expect(backlinks.statusCode, `backlinks of ${id}`).toBe(links.statusCode);
    if (links.statusCode !== 200) {
      expect(links.statusCode, `links of ${id}: ${links.body}`).toBe(404);
      continue;
    }
    answered.push(id);
    for (const link of links.json<ItemLinks>().results) {
      if (link.target) named.push(link.target.id);
    }
    named.push(...backlinks.json<Paginated<{ id: number }>>().results.map((row) => row.id));
  }
  return { answered: sorted(answered), named: sorted(named) };
}

/**
 * Comments (decision 221): the items whose threads answer the caller (others are a 404), and
 * that each names the caller among the people who may read it (the `@` list).
 */
async function commentable(caller: Caller): Promise<number[]> {
  const ids: number[] = [];
  for (const id of library.all.contents) {
    const threads = await caller.get(`/api/collections/contents-list/${id}/threads/`);
    const people = await caller.get(`/api/collections/contents-list/${id}/people/?page_size=200`);
    expect(people.statusCode, `people of ${id}`).toBe(threads.statusCode);
    if (threads.statusCode !== 200) {
      expect(threads.statusCode, `threads of ${id}: ${threads.body}`).toBe(404);
      continue;
    }
    const named = people.json<Paginated<{ id: number }>>().results.map((row) => row.id);
    expect(named, `people of ${id}`).toContain(caller.id);
    ids.push(id);
  }
  return sorted(ids);
}

/** The items the live co-editing connection opens for the caller (others are refused). */
async function opened(caller: Caller): Promise<number[]> {
  const ids: number[] = [];
  for (const id of library.all.contents) {
    const client = openDocument(socketUrl, id, caller.access);
    try {
      const ok = await Promise.race([
        client.synced.then(
          () => true,
          () => false,
        ),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`item ${id}: neither opened nor refused`)), 5000),
        ),
      ]);
      if (ok) ids.push(id);
      else expect(client.refusal, `item ${id}`).toBe('not-found');
    } finally {
      client.destroy();
    }
  }
  return sorted(ids);
}

beforeAll(async () => {
  ctx = await createTestApp();
  socketUrl = collabUrl(await listen(ctx.app));
  library = await buildReadRuleLibrary(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('every way of reading agrees with the one read rule', () => {
  it.each(PEOPLE)('for the %s', async (who: Person) => {
    const caller = library.person[who];
    const archive = await exported(caller);
    for (const resource of ['collections', 'contents', 'notes', 'files'] as const) {
      const reads = await readable(caller, resource);
      const byRead = sorted(reads.map((row) => row.id));
      expect(await listed(caller, resource), `${who}: ${resource} listed`).toEqual(byRead);
      expect(await searched(caller, resource), `${who}: ${resource} searched`).toEqual(byRead);
      // The export holds what the caller owns (the policy's `own` scope), as the lists without a
      // collection filter show it; every one of those is readable, and, where a row names its
      // owner, they are exactly the readable rows that name the caller.
      const ownList = sorted(
        (await everyPage(caller, `${OWN_LIST[resource]}page_size=200`)).map((row) => row.id),
      );
      expect(archive[resource], `${who}: ${resource} exported`).toEqual(ownList);
      expect(byRead, `${who}: own ${resource} readable`).toEqual(expect.arrayContaining(ownList));
      if (resource !== 'notes') {
        const named = reads.filter((row) => row.user === caller.id).map((row) => row.id);
        expect(sorted(named), `${who}: own ${resource}`).toEqual(ownList);
      }
      if (resource === 'contents') {
        expect(await opened(caller), `${who}: items opened live`).toEqual(byRead);
        expect(await commentable(caller), `${who}: items commented on`).toEqual(byRead);
        // Links and backlinks answer for the readable items and name only readable ones (and,
        // every item linking to every title, all of them when more than one is readable).
        const { answered, named } = await linked(caller);
        expect(answered, `${who}: links answered`).toEqual(byRead);
        expect(byRead, `${who}: links and backlinks name only readable items`).toEqual(
          expect.arrayContaining(named),
        );
        if (byRead.length > 1)
          expect(named, `${who}: every readable item is named`).toEqual(byRead);
      }
    }
  });

  it('reads what the role table says, so no comparison is of two empty sets', async () => {
    const items = async (who: Person) =>
      sorted((await readable(library.person[who], 'contents')).map((row) => row.id));
    const { made } = library;
    const sharedItems = sorted([made.sharedItem!, made.inBoth!, made.byEditor!]);
    expect(await items('viewer')).toEqual(sharedItems);
    expect(await items('invited')).toEqual([]);
    expect(await items('removed')).toEqual([]);
    expect(await items('editor')).toHaveLength(sharedItems.length + 1);
    expect(await items('owner')).toEqual(
      expect.arrayContaining([...sharedItems, made.privateItem!, made.loose!]),
    );
    expect(await items('stranger')).toHaveLength(1);
  });
});
