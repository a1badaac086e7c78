import { expect } from 'vitest';
import type { Collection, ContentItem, FileObject, Note } from '@cw/contract';
import type { TestContext } from './helpers';
import { signedInCaller, type Caller } from './library-helpers';
import { invite, share } from './sharing-helpers';

/**
 * One library with every case the read rule tells apart (docs/api.md, "Access" and "Sharing";
 * the policy's READ_RULES), for the tests that check its spellings and the endpoints agree:
 * a shared and a private collection, an item in both, one in none, an item written by an editor,
 * a trashed item, a trashed collection with a member and an item, notes and files of each kind,
 * a member who was removed and a person whose invitation is still pending.
 */
export const PEOPLE = ['owner', 'editor', 'viewer', 'stranger', 'removed', 'invited'] as const;
export type Person = (typeof PEOPLE)[number];

/** The word every item, note and collection of the library holds, for search to find them all. */
export const MARKER = 'quokka';

/** The titles of the library's content items. */
const ITEM_TITLES = [
  'In the shared one',
  'Private',
  'In both',
  'In none',
  'Written by the editor',
  'Trashed',
  'In a trashed collection',
  'Editor’s private item',
  'Stranger’s item',
];

export interface ReadRuleLibrary {
  person: Record<Person, Caller>;
  /** Ids of named objects. */
  made: Record<string, number>;
  /** Every object made, trashed ones included, by resource: what the endpoints are asked about. */
  all: { collections: number[]; contents: number[]; notes: number[]; files: number[] };
}

async function created<T extends { id: number }>(
  res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<T>();
}

export async function buildReadRuleLibrary(ctx: TestContext): Promise<ReadRuleLibrary> {
  const person = {} as Record<Person, Caller>;
  for (const who of PEOPLE) person[who] = await signedInCaller(ctx);
  const made: Record<string, number> = {};
  const all: ReadRuleLibrary['all'] = { collections: [], contents: [], notes: [], files: [] };
  const { owner, editor, viewer, stranger, removed, invited } = person;

  const collection = async (by: Caller, name: string) => {
    const made = await created<Collection>(
      by.post('/api/collections/list/', { name: `${name} ${MARKER}` }),
    );
    all.collections.push(made.id);
    return made;
  };
  const item = async (by: Caller, title: string, collectionIds: number[]) => {
    const made = await created<ContentItem>(
      by.post('/api/collections/contents-list/', {
        title,
        // Every item links to every item's title (links between items, decision 211): each
        // resolves in the writer's read scope, so readers see some targets and not others.
        content: `x ${MARKER} ${ITEM_TITLES.map((name) => `[[${name}]]`).join(' ')}`,
        collections: collectionIds,
      }),
    );
    all.contents.push(made.id);
    return made;
  };
  const note = async (by: Caller, collectionId: number) => {
    const made = await created<Note>(
      by.post('/api/collections/notes/', {
        collection: collectionId,
        title: 'n',
        content: `x ${MARKER}`,
      }),
    );
    all.notes.push(made.id);
    return made;
  };
  const file = async (by: Caller, fields: Record<string, string>) => {
    const made = await created<FileObject>(
      by.upload({ name: `${MARKER}.txt`, bytes: Buffer.from('f') }, fields),
    );
    all.files.push(made.id);
    return made;
  };

  const shared = await collection(owner, 'Shared');
  const privateOne = await collection(owner, 'Private');
  const trashedLater = await collection(owner, 'Trashed with a member');
  made.shared = shared.id;
  made.private = privateOne.id;
  await share(ctx, owner, shared.id, editor, 'editor');
  await share(ctx, owner, shared.id, viewer, 'viewer');
  const gone = await share(ctx, owner, shared.id, removed, 'editor');
  await invite(ctx, owner, shared.id, invited, 'viewer');
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
  await note(editor, shared.id);
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
  return { person, made, all };
}
