import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { or, type SQL } from 'drizzle-orm';
import type { Collection, ContentItem, FileObject, Note } from '@cw/contract';
import { collections, contents, files, notes, tags } from '../src/db/schema';
import { readScopeParts, scopeOf, type LibraryResource } from '../src/policy/library.policy';
import { createTestApp, type TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { share } from './sharing-helpers';

/**
 * The access policy has two spellings of "the rows this person may read": `scopeOf(…, 'read')`
 * (lists, single reads) and `readScopeParts` (search: own rows and shared rows as two branches
 * of a UNION ALL; decision 100). They must select the same rows, or search would find what a
 * list hides (or the reverse). Checked on a library with every case the scopes tell apart:
 * shared and private collections, an item in two collections, trashed items, notes and a
 * trashed collection, files of items and of collections, and a removed member.
 */
let ctx: TestContext;
const PEOPLE = ['owner', 'editor', 'viewer', 'stranger', 'removed'] as const;
type Person = (typeof PEOPLE)[number];
const person = {} as Record<Person, Caller>;
const made = {} as Record<string, number>;

const TABLES = { collections, contents, notes, files, tags } as const;
const RESOURCES = Object.keys(TABLES) as LibraryResource[];

const callerOf = (who: Person) => ({ userId: person[who].id, sessionFamilyId: undefined });

async function idsWhere(resource: LibraryResource, where: SQL): Promise<number[]> {
  const table = TABLES[resource];
  const rows = await ctx.database.db.select({ id: table.id }).from(table).where(where);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function created<T extends { id: number }>(
  res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<T>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const who of PEOPLE) person[who] = await signedInCaller(ctx);
  const { owner, editor, viewer, stranger, removed } = person;
  const collection = (by: Caller, name: string) =>
    created<Collection>(by.post('/api/collections/list/', { name }));
  const item = (by: Caller, title: string, collectionIds: number[]) =>
    created<ContentItem>(
      by.post('/api/collections/contents-list/', {
        title,
        content: 'x',
        collections: collectionIds,
      }),
    );
  const note = (by: Caller, collectionId: number) =>
    created<Note>(
      by.post('/api/collections/notes/', { collection: collectionId, title: 'n', content: 'x' }),
    );
  const file = (by: Caller, fields: Record<string, string>) =>
    created<FileObject>(by.upload({ name: 'f.txt', bytes: Buffer.from('f') }, fields));

  const shared = await collection(owner, 'Shared');
  const privateOne = await collection(owner, 'Private');
  const trashedLater = await collection(owner, 'Trashed with a member');
  made.shared = shared.id;
  made.private = privateOne.id;
  await share(ctx, owner, shared.id, editor, 'editor');
  await share(ctx, owner, shared.id, viewer, 'viewer');
  const gone = await share(ctx, owner, shared.id, removed, 'editor');
  await share(ctx, owner, trashedLater.id, viewer, 'viewer');

  made.sharedItem = (await item(owner, 'In the shared one', [shared.id])).id;
  made.privateItem = (await item(owner, 'Private', [privateOne.id])).id;
  made.inBoth = (await item(owner, 'In both', [shared.id, privateOne.id])).id;
  made.loose = (await item(owner, 'In none', [])).id;
  made.byEditor = (await item(editor, 'Written by the editor', [shared.id])).id;
  const trashedItem = await item(owner, 'Trashed', [shared.id]);
  await item(owner, 'In a trashed collection', [trashedLater.id]);
  await note(owner, shared.id);
  await note(owner, privateOne.id);
  await note(owner, trashedLater.id);
  const trashedNote = await note(owner, shared.id);
  await file(owner, { content: String(made.sharedItem) });
  await file(owner, { collection: String(shared.id) });
  await file(owner, { content: String(made.privateItem) });
  await file(owner, { content: String(trashedItem.id) });
  await file(owner, {});
  await created(owner.post('/api/collections/tags/', { name: 'owner’s' }));

  const editorsOwn = await collection(editor, 'Editor’s own');
  await item(editor, 'Editor’s private item', [editorsOwn.id]);
  await note(editor, editorsOwn.id);
  await file(editor, { collection: String(editorsOwn.id) });
  await created(editor.post('/api/collections/tags/', { name: 'editor’s' }));
  const strangers = await collection(stranger, 'Stranger’s');
  await item(stranger, 'Stranger’s item', [strangers.id]);
  await created(removed.post('/api/collections/tags/', { name: 'removed’s' }));

  for (const url of [
    `/api/collections/contents-list/${trashedItem.id}/`,
    `/api/collections/notes/${trashedNote.id}/`,
    `/api/collections/list/${trashedLater.id}/`,
    `/api/collections/list/${shared.id}/members/${gone.id}/`,
  ]) {
    expect((await owner.delete(url)).statusCode, url).toBe(204);
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('scopeOf(…, "read") and readScopeParts select the same rows', () => {
  it.each(PEOPLE)('for the %s, resource by resource', async (who) => {
    for (const resource of RESOURCES) {
      const caller = callerOf(who);
      const { own, shared } = readScopeParts(caller, resource);
      const byScope = await idsWhere(resource, scopeOf(caller, resource, 'read'));
      const ownPart = await idsWhere(resource, own);
      const sharedPart = shared ? await idsWhere(resource, shared) : [];
      // Two disjoint parts (a UNION ALL of them repeats no row) that make up the read scope.
      expect(
        ownPart.filter((id) => sharedPart.includes(id)),
        resource,
      ).toEqual([]);
      expect(
        [...ownPart, ...sharedPart].sort((a, b) => a - b),
        `${who}: ${resource}`,
      ).toEqual(byScope);
      expect(await idsWhere(resource, or(own, shared ?? own)!), resource).toEqual(byScope);
    }
  });

  it('answers what the role table says, so the comparison is not of two empty sets', async () => {
    const itemsOf = async (who: Person) =>
      idsWhere('contents', scopeOf(callerOf(who), 'contents', 'read'));
    const sharedItems = [made.sharedItem!, made.inBoth!, made.byEditor!].sort((a, b) => a - b);
    expect(await itemsOf('viewer')).toEqual(sharedItems);
    expect(await itemsOf('removed')).toEqual([]);
    const editorItems = await itemsOf('editor');
    expect(editorItems).toEqual(expect.arrayContaining(sharedItems));
    expect(editorItems).toHaveLength(sharedItems.length + 1);
    const ownerItems = await itemsOf('owner');
    expect(ownerItems).toEqual(
      expect.arrayContaining([...sharedItems, made.privateItem!, made.loose!]),
    );
    expect(await itemsOf('stranger')).toHaveLength(1);
    const viewerCollections = await idsWhere(
      'collections',
      scopeOf(callerOf('viewer'), 'collections', 'read'),
    );
    expect(viewerCollections).toEqual([made.shared]);
  });
});
