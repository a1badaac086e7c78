import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Collection,
  ContentItem,
  FileObject,
  Member,
  Note,
  Thread,
  Version,
} from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { zipOf } from './import-fixtures';
import { signedInCaller, uploadImport, type Caller } from './library-helpers';
import { invite, share } from './sharing-helpers';
import { unzip } from './zip-support';

/**
 * The role table of docs/api.md ("Sharing") as the API answers it, on both databases: every
 * library call on a shared collection and what is in it, for each kind of person. A row's
 * statuses are, in order: owner, editor, viewer, a stranger, a removed member, and someone
 * invited who has not accepted. Refused calls change nothing, so rows share their objects;
 * calls that would use up theirs (deletes, leaving) get fresh ones for each person.
 *
 * Creating in a collection names it in the body: one the person cannot see is a 400 on that
 * field, like any unknown id in a body (docs/api.md, "Rules shared by every resource"), never a
 * hint that it exists.
 *
 * Search finds what each may read (docs/api.md, "Search"); tags stay per person, so only the
 * owner may merge the owner's tags. The trash (docs/api.md, "Trash"): each person's list is their
 * own; an editor may restore (Undo) what they may write, only the owner deletes for good, and a
 * trashed collection is the owner's alone. Export and its download link answer everyone, with
 * only their own rows (test/export.test.ts). Publishing is the owner's (test/publish.test.ts
 * covers what the link shows).
 */
const PEOPLE = ['owner', 'editor', 'viewer', 'stranger', 'removed', 'invited'] as const;
type Person = (typeof PEOPLE)[number];

type Row = [
  call: string,
  owner: number,
  editor: number,
  viewer: number,
  stranger: number,
  removed: number,
  invited: number,
];

// prettier-ignore
const MATRIX: Row[] = [
  //  call                                     owner editor viewer stranger removed invited
  ['GET    collection',                          200,  200,   200,   404,     404,    404],
  ['PATCH  collection',                          200,  403,   403,   404,     404,    404],
  ['PATCH  collection (name)',                   200,  403,   403,   404,     404,    404],
  ['PATCH  collection (tags)',                   200,  403,   403,   404,     404,    404],
  ['PATCH  collection (is_active)',              200,  403,   403,   404,     404,    404],
  ['PATCH  collection (is_public)',              200,  403,   403,   404,     404,    404],
  ['DELETE collection',                          204,  403,   403,   404,     404,    404],
  ['POST   collection publish',                  200,  403,   403,   404,     404,    404],
  ['DELETE collection publish',                  204,  403,   403,   404,     404,    404],
  ['GET    members',                             200,  200,   200,   404,     404,    404],
  ['GET    activity',                            200,  200,   200,   404,     404,    404],
  ['GET    followers (count)',                   200,  403,   403,   404,     404,    404],
  ['GET    followers/export',                    200,  403,   403,   404,     404,    404],
  ['POST   members (invite)',                    201,  403,   403,   404,     404,    404],
  ['PATCH  members/{id} (role)',                 200,  403,   403,   404,     404,    404],
  ['DELETE members/{id} (someone else)',         204,  403,   403,   404,     404,    404],
  ['DELETE members/{id} (oneself: leave)',       400,  204,   204,   404,     404,    404],
  ['POST   members/{id}/resend',                 200,  403,   403,   404,     404,    404],
  ['GET    contents-list?collection=',           200,  200,   200,   404,     404,    404],
  ['GET    contents-list?scope=shared (members)', 200,  200,   200,   200,     200,    200],
  ['GET    contents-list?scope=all (readers)',    200,  200,   200,   200,     200,    200],
  ['GET    content item',                        200,  200,   200,   404,     404,    404],
  ['POST   content item in the collection',      201,  201,   403,   400,     400,    400],
  ['POST   content item (is_public: true)',       201,  403,   403,   400,     400,    400],
  ['POST   templates/{id}/use in the collection', 201, 201,  403,   400,     400,    400],
  ['PATCH  content item (title, content)',       200,  200,   403,   404,     404,    404],
  ['PATCH  content item (chapter_starts)',       200,  200,   403,   404,     404,    404],
  ['PATCH  content item (tags)',                 200,  403,   403,   404,     404,    404],
  ['PATCH  content item (collections)',          200,  403,   403,   404,     404,    404],
  ['PATCH  content item (is_public)',            200,  403,   403,   404,     404,    404],
  ['DELETE content item',                        204,  204,   403,   404,     404,    404],
  ['GET    versions of an item',                 200,  200,   200,   404,     404,    404],
  ['GET    version',                             200,  200,   200,   404,     404,    404],
  ['POST   versions (named save)',               201,  201,   403,   404,     404,    404],
  ['POST   versions/{vid}/restore',              200,  200,   403,   404,     404,    404],
  ['POST   publish (Update public page)',        200,  200,   403,   404,     404,    404],
  ['PATCH  content item (summary)',              200,  200,   403,   404,     404,    404],
  ['GET    links of an item',                    200,  200,   200,   404,     404,    404],
  ['GET    backlinks of an item',                200,  200,   200,   404,     404,    404],
  ['GET    threads of an item (comments)',       200,  200,   200,   404,     404,    404],
  ['POST   threads (comment on the item)',       201,  201,   201,   404,     404,    404],
  ['POST   threads/{id}/comments (reply)',       201,  201,   201,   404,     404,    404],
  ['POST   threads/{id}/resolve',                200,  200,   200,   404,     404,    404],
  ['DELETE threads/{id}/resolve (reopen)',       200,  200,   200,   404,     404,    404],
  ['PATCH  comments/{id} (one’s own)',           200,  200,   200,   404,     404,    404],
  ['PATCH  comments/{id} (someone else’s)',      403,  403,   403,   404,     404,    404],
  ['DELETE comments/{id} (one’s own)',           204,  204,   204,   404,     404,    404],
  ['DELETE comments/{id} (someone else’s)',      403,  403,   403,   404,     404,    404],
  ['GET    people of an item (for mentions)',    200,  200,   200,   404,     404,    404],
  ['GET    notes?collection=',                   200,  200,   200,   404,     404,    404],
  ['GET    note',                                200,  200,   200,   404,     404,    404],
  ['POST   note in the collection',              201,  201,   403,   400,     400,    400],
  ['PATCH  note',                                200,  200,   403,   404,     404,    404],
  ['DELETE note',                                204,  204,   403,   404,     404,    404],
  ['GET    files?collection=',                   200,  200,   200,   404,     404,    404],
  ['GET    files?content=',                      200,  200,   200,   404,     404,    404],
  ['GET    file',                                200,  200,   200,   404,     404,    404],
  ['GET    file download',                       200,  200,   200,   404,     404,    404],
  ['POST   file preview-link (and its ticket)',  200,  200,   200,   404,     404,    404],
  ['GET    file preview',                        200,  200,   200,   404,     404,    404],
  ['POST   file upload to an item',              201,  201,   403,   400,     400,    400],
  ['POST   file upload to the collection',       201,  201,   403,   400,     400,    400],
  ['PATCH  file (rename)',                       200,  200,   403,   404,     404,    404],
  ['PATCH  file (is_public)',                    200,  200,   403,   404,     404,    404],
  ['DELETE file',                                204,  204,   403,   404,     404,    404],
  ['GET    export (own rows only)',              200,  200,   200,   200,     200,    200],
  ['POST   export link (own rows only)',         200,  200,   200,   200,     200,    200],
  ['GET    dashboard (own rows only)',           200,  200,   200,   200,     200,    200],
  ['GET    search?collection=',                  200,  200,   200,   404,     404,    404],
  ['POST   tags/{id}/merge (the owner’s tags)',  200,  404,   404,   404,     404,    404],
  ['GET    trash (one’s own)',                   200,  200,   200,   200,     200,    200],
  ['DELETE trash (empty one’s own)',             204,  204,   204,   204,     204,    204],
  ['POST   trash/content/{id}/restore',          200,  200,   403,   404,     404,    404],
  ['POST   trash/note/{id}/restore',             200,  200,   403,   404,     404,    404],
  ['POST   trash/collection/{id}/restore',       200,  404,   404,   404,     404,    404],
  ['DELETE trash/content/{id} (for good)',       204,  403,   403,   404,     404,    404],
  ['DELETE trash/note/{id} (for good)',          204,  403,   403,   404,     404,    404],
  ['DELETE trash/collection/{id} (for good)',    204,  404,   404,   404,     404,    404],
  ['GET    notifications (one’s own)',           200,  200,   200,   200,     200,    200],
  ['GET    notifications/unread (one’s own)',    200,  200,   200,   200,     200,    200],
  ['POST   notifications/{id}/read (owner’s)',   200,  404,   404,   404,     404,    404],
  ['POST   notifications/read-all (one’s own)',  200,  200,   200,   200,     200,    200],
  ['GET    notifications/settings (one’s own)',  200,  200,   200,   200,     200,    200],
  ['PATCH  notifications/settings (one’s own)',  200,  200,   200,   200,     200,    200],
];

let ctx: TestContext;
const person = {} as Record<Person, Caller>;
let collection: Collection;
let item: ContentItem;
let note: Note;
let itemFile: FileObject;
let itemVersion: Version;
let thread: Thread;
/** A comment of the owner's (someone else's for everyone else) and one of the editor's. */
let ownerComment: number;
let editorComment: number;
let editorMembership: Member;
let invitedMembership: Member;
let removedMembership: Member;

const base = () => `/api/collections/list/${collection.id}`;

let ownersNotificationId: number | undefined;
/** A notification of the owner's: the editor moves one of the owner's items on the board. */
async function ownersNotification(): Promise<number> {
  if (ownersNotificationId === undefined) {
    const moved = await person.editor.patch(`/api/collections/contents-list/${item.id}/`, {
      status: 'editing',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (await owner().get('/api/notifications/')).json<{ results: { id: number }[] }>();
    ownersNotificationId = list.results[0]!.id;
  }
  return ownersNotificationId;
}

const owner = () => person.owner;
const itemPath = () => `/api/collections/contents-list/${item.id}/`;

/** A reply of `who`'s own in the shared thread (the owner's, for those who may not write one). */
async function ownComment(who: Person): Promise<number> {
  if (!['owner', 'editor', 'viewer'].includes(who)) return ownerComment;
  const res = await person[who].post(`${itemPath()}threads/${thread.id}/comments/`, {
    body: `Mine, ${who}`,
  });
  return res.json<Thread>().comments.at(-1)!.id;
}
const someoneElses = (who: Person) => (who === 'owner' ? editorComment : ownerComment);

/** A new collection of the owner's, shared with the editor and the viewer like the main one. */
async function sharedCollection(): Promise<Collection> {
  const created = (
    await owner().post('/api/collections/list/', { name: 'Another' })
  ).json<Collection>();
  await share(ctx, owner(), created.id, person.editor, 'editor');
  await share(ctx, owner(), created.id, person.viewer, 'viewer');
  return created;
}

const newItem = async () =>
  (
    await owner().post('/api/collections/contents-list/', {
      title: 'Throwaway',
      content: 'x',
      collections: [collection.id],
    })
  ).json<ContentItem>();

/** A public item of the owner's in the shared collection. */
const newPublicItem = async () =>
  (
    await owner().post('/api/collections/contents-list/', {
      title: 'On the public page',
      content: 'x',
      collections: [collection.id],
      is_public: true,
    })
  ).json<ContentItem>();

const newNote = async () =>
  (
    await owner().post('/api/collections/notes/', {
      collection: collection.id,
      title: 'Throwaway',
      content: 'x',
    })
  ).json<Note>();

const newFile = async () =>
  (
    await owner().upload({ name: 'x.txt', bytes: Buffer.from('x') }, { content: String(item.id) })
  ).json<FileObject>();

let inviteCounter = 0;

/** A fresh object of the shared collection, moved to the trash by its owner. */
async function trashed(type: 'content' | 'note' | 'collection'): Promise<number> {
  const id =
    type === 'content'
      ? (await newItem()).id
      : type === 'note'
        ? (await newNote()).id
        : (await sharedCollection()).id;
  const url = {
    content: `/api/collections/contents-list/${id}/`,
    note: `/api/collections/notes/${id}/`,
    collection: `/api/collections/list/${id}/`,
  }[type];
  expect((await owner().delete(url)).statusCode).toBe(204);
  return id;
}

/** Each call of the table, as the person `who` makes it. */
const CALLS: Record<string, (who: Person) => Promise<LightMyRequestResponse>> = {
  'GET    collection': (who) => person[who].get(`${base()}/`),
  'PATCH  collection': (who) => person[who].patch(`${base()}/`, { description: `by ${who}` }),
  // The owner's own values again, so the rows after these find the collection unchanged.
  'PATCH  collection (name)': (who) => person[who].patch(`${base()}/`, { name: 'Shared season' }),
  'PATCH  collection (tags)': (who) => person[who].patch(`${base()}/`, { tags: [] }),
  'PATCH  collection (is_active)': (who) => person[who].patch(`${base()}/`, { is_active: true }),
  'PATCH  collection (is_public)': (who) => person[who].patch(`${base()}/`, { is_public: true }),
  'DELETE collection': async (who) =>
    person[who].delete(
      who === 'owner' ? `/api/collections/list/${(await sharedCollection()).id}/` : `${base()}/`,
    ),
  'POST   collection publish': (who) => person[who].post(`${base()}/publish/`),
  'DELETE collection publish': (who) => person[who].delete(`${base()}/publish/`),
  'GET    members': (who) => person[who].get(`${base()}/members/`),
  'GET    activity': (who) => person[who].get(`${base()}/activity/`),
  'GET    followers (count)': (who) => person[who].get(`${base()}/followers/`),
  'GET    followers/export': (who) => person[who].get(`${base()}/followers/export/`),
  'GET    notifications (one’s own)': (who) => person[who].get('/api/notifications/'),
  'GET    notifications/unread (one’s own)': (who) => person[who].get('/api/notifications/unread/'),
  'POST   notifications/{id}/read (owner’s)': async (who) =>
    person[who].post(`/api/notifications/${await ownersNotification()}/read/`),
  'POST   notifications/read-all (one’s own)': (who) =>
    person[who].post('/api/notifications/read-all/'),
  'GET    notifications/settings (one’s own)': (who) =>
    person[who].get('/api/notifications/settings/'),
  'PATCH  notifications/settings (one’s own)': (who) =>
    person[who].patch('/api/notifications/settings/', { mail: { status: who === 'owner' } }),
  'POST   members (invite)': (who) =>
    person[who].post(`${base()}/members/`, {
      email: `guest-${++inviteCounter}@example.com`,
      role: 'viewer',
    }),
  'PATCH  members/{id} (role)': (who) =>
    person[who].patch(`${base()}/members/${editorMembership.id}/`, { role: 'editor' }),
  'DELETE members/{id} (someone else)': async (who) => {
    const { member } = await invite(
      ctx,
      owner(),
      collection.id,
      { email: `gone-${who}@example.com` },
      'viewer',
    );
    return person[who].delete(`${base()}/members/${member.id}/`);
  },
  'DELETE members/{id} (oneself: leave)': async (who) => {
    if (who === 'editor' || who === 'viewer') {
      const other = await sharedCollection();
      const members = (await owner().get(`/api/collections/list/${other.id}/members/`)).json<
        Member[]
      >();
      const own = members.find((m) => m.user === person[who].id)!;
      return person[who].delete(`/api/collections/list/${other.id}/members/${own.id}/`);
    }
    const own: Record<string, Member> = {
      owner: (await owner().get(`${base()}/members/`)).json<Member[]>()[0]!,
      invited: invitedMembership,
      removed: removedMembership,
      stranger: editorMembership,
    };
    return person[who].delete(`${base()}/members/${own[who]!.id}/`);
  },
  'POST   members/{id}/resend': (who) => {
    // The owner's resend comes after the cool-down of the first mail.
    if (who === 'owner') ctx.clock.advance(31_000);
    return person[who].post(`${base()}/members/${invitedMembership.id}/resend/`);
  },
  'GET    contents-list?collection=': (who) =>
    person[who].get(`/api/collections/contents-list/?collection=${collection.id}`),
  // The board's and calendar's lists (decision 220): the item is in a member's `shared` list
  // (the owner's is their own) and in every reader's `all`; never in anyone else's.
  'GET    contents-list?scope=shared (members)': async (who) => {
    const res = await person[who].get('/api/collections/contents-list/?scope=shared&page_size=200');
    const ids = res.json<{ results: ContentItem[] }>().results.map((x) => x.id);
    expect(ids.includes(item.id), who).toBe(who === 'editor' || who === 'viewer');
    return res;
  },
  'GET    contents-list?scope=all (readers)': async (who) => {
    const res = await person[who].get('/api/collections/contents-list/?scope=all&page_size=200');
    const ids = res.json<{ results: ContentItem[] }>().results.map((x) => x.id);
    expect(ids.includes(item.id), who).toBe(['owner', 'editor', 'viewer'].includes(who));
    return res;
  },
  'GET    content item': (who) => person[who].get(`/api/collections/contents-list/${item.id}/`),
  'POST   content item in the collection': (who) =>
    person[who].post('/api/collections/contents-list/', {
      title: `By ${who}`,
      content: 'x',
      collections: [collection.id],
    }),
  // Shown on the owner's public pages: the owner's choice, never an editor's.
  'POST   content item (is_public: true)': (who) =>
    person[who].post('/api/collections/contents-list/', {
      title: `Public by ${who}`,
      content: 'x',
      collections: [collection.id],
      is_public: true,
    }),
  // A template's item is made like any item in the collection (docs/api.md, "Templates").
  'POST   templates/{id}/use in the collection': (who) =>
    person[who].post('/api/templates/short/use/', {
      title: `Short by ${who}`,
      collection: collection.id,
    }),
  'PATCH  content item (title, content)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, {
      title: `Edited by ${who}`,
      content: 'y',
    }),
  'PATCH  content item (chapter_starts)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, {
      chapter_starts: [{ title: 'Intro', start: 0 }],
    }),
  'PATCH  content item (tags)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, { tags: [] }),
  'PATCH  content item (collections)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, {
      collections: [collection.id],
    }),
  'PATCH  content item (is_public)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, { is_public: false }),
  'DELETE content item': async (who) =>
    person[who].delete(`/api/collections/contents-list/${(await newItem()).id}/`),
  'GET    versions of an item': (who) =>
    person[who].get(`/api/collections/contents-list/${item.id}/versions/`),
  'GET    version': (who) =>
    person[who].get(`/api/collections/contents-list/${item.id}/versions/${itemVersion.id}/`),
  'POST   versions (named save)': (who) =>
    person[who].post(`/api/collections/contents-list/${item.id}/versions/`, { label: who }),
  'POST   versions/{vid}/restore': (who) =>
    person[who].post(
      `/api/collections/contents-list/${item.id}/versions/${itemVersion.id}/restore/`,
    ),
  'POST   publish (Update public page)': async (who) =>
    person[who].post(`/api/collections/contents-list/${(await newPublicItem()).id}/publish/`),
  'PATCH  content item (summary)': (who) =>
    person[who].patch(`/api/collections/contents-list/${item.id}/`, { summary: `By ${who}` }),
  'GET    links of an item': (who) =>
    person[who].get(`/api/collections/contents-list/${item.id}/links/`),
  'GET    backlinks of an item': (who) =>
    person[who].get(`/api/collections/contents-list/${item.id}/backlinks/`),
  'GET    threads of an item (comments)': (who) => person[who].get(`${itemPath()}threads/`),
  'POST   threads (comment on the item)': (who) =>
    person[who].post(`${itemPath()}threads/`, { body: `Whole item, by ${who}` }),
  'POST   threads/{id}/comments (reply)': (who) =>
    person[who].post(`${itemPath()}threads/${thread.id}/comments/`, { body: `Reply by ${who}` }),
  'POST   threads/{id}/resolve': (who) =>
    person[who].post(`${itemPath()}threads/${thread.id}/resolve/`),
  'DELETE threads/{id}/resolve (reopen)': (who) =>
    person[who].delete(`${itemPath()}threads/${thread.id}/resolve/`),
  'PATCH  comments/{id} (one’s own)': async (who) =>
    person[who].patch(`${itemPath()}comments/${await ownComment(who)}/`, { body: 'Edited' }),
  'PATCH  comments/{id} (someone else’s)': (who) =>
    person[who].patch(`${itemPath()}comments/${someoneElses(who)}/`, { body: 'Edited' }),
  'DELETE comments/{id} (one’s own)': async (who) =>
    person[who].delete(`${itemPath()}comments/${await ownComment(who)}/`),
  'DELETE comments/{id} (someone else’s)': (who) =>
    person[who].delete(`${itemPath()}comments/${someoneElses(who)}/`),
  'GET    people of an item (for mentions)': async (who) => {
    const res = await person[who].get(`${itemPath()}people/`);
    if (res.statusCode === 200) {
      const ids = res.json<{ results: { id: number }[] }>().results.map((p) => p.id);
      expect(ids.sort()).toEqual([person.owner.id, person.editor.id, person.viewer.id].sort());
    }
    return res;
  },
  'GET    notes?collection=': (who) =>
    person[who].get(`/api/collections/notes/?collection=${collection.id}`),
  'GET    note': (who) => person[who].get(`/api/collections/notes/${note.id}/`),
  'POST   note in the collection': (who) =>
    person[who].post('/api/collections/notes/', {
      collection: collection.id,
      title: `By ${who}`,
      content: 'x',
    }),
  'PATCH  note': (who) => person[who].patch(`/api/collections/notes/${note.id}/`, { title: who }),
  'DELETE note': async (who) =>
    person[who].delete(`/api/collections/notes/${(await newNote()).id}/`),
  'GET    files?collection=': (who) =>
    person[who].get(`/api/collections/files/?collection=${collection.id}`),
  'GET    files?content=': (who) => person[who].get(`/api/collections/files/?content=${item.id}`),
  'GET    file': (who) => person[who].get(`/api/collections/files/${itemFile.id}/`),
  'GET    file download': (who) => person[who].get(itemFile.url),
  // The link's ticket opens the file for the person who asked for it.
  'POST   file preview-link (and its ticket)': async (who) => {
    const res = await person[who].post(`/api/collections/files/${itemFile.id}/preview-link/`);
    if (res.statusCode !== 200) return res;
    const preview = await ctx.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(preview.statusCode).toBe(200);
    return res;
  },
  'GET    file preview': (who) => person[who].get(`/api/collections/files/${itemFile.id}/preview/`),
  'POST   file upload to an item': (who) =>
    person[who].upload({ name: 'up.txt', bytes: Buffer.from('u') }, { content: String(item.id) }),
  'POST   file upload to the collection': (who) =>
    person[who].upload(
      { name: 'up.txt', bytes: Buffer.from('u') },
      { collection: String(collection.id) },
    ),
  'PATCH  file (rename)': (who) =>
    person[who].patch(`/api/collections/files/${itemFile.id}/`, { name: `${who}.txt` }),
  'PATCH  file (is_public)': (who) =>
    person[who].patch(`/api/collections/files/${itemFile.id}/`, { is_public: who === 'owner' }),
  'DELETE file': async (who) =>
    person[who].delete(`/api/collections/files/${(await newFile()).id}/`),
  // Everyone may export; what is in it is their own rows only (test/export.test.ts).
  'GET    export (own rows only)': (who) => person[who].get('/api/export/'),
  // The link's ticket is the person's own: what it downloads is their export, nobody else's.
  'GET    dashboard (own rows only)': (who) => person[who].get('/api/dashboard/'),
  'POST   export link (own rows only)': async (who) => {
    const res = await person[who].post('/api/export/link/');
    if (res.statusCode !== 200) return res;
    const download = await ctx.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const folder = `collections/shared-season-${collection.id}/collection.md`;
    expect(entries.has(folder)).toBe(who === 'owner');
    return res;
  },
  'GET    search?collection=': (who) =>
    person[who].get(`/api/search/?q=episode&collection=${collection.id}`),
  'POST   tags/{id}/merge (the owner’s tags)': async (who) => {
    const tag = async (name: string) =>
      (await owner().post('/api/collections/tags/', { name: `${name} ${++inviteCounter}` })).json<{
        id: number;
      }>().id;
    const from = await tag('from');
    return person[who].post(`/api/collections/tags/${from}/merge/`, { into: await tag('into') });
  },
  'GET    trash (one’s own)': (who) => person[who].get('/api/trash/'),
  'DELETE trash (empty one’s own)': (who) => person[who].delete('/api/trash/'),
  'POST   trash/content/{id}/restore': async (who) =>
    person[who].post(`/api/trash/content/${await trashed('content')}/restore/`),
  'POST   trash/note/{id}/restore': async (who) =>
    person[who].post(`/api/trash/note/${await trashed('note')}/restore/`),
  'POST   trash/collection/{id}/restore': async (who) =>
    person[who].post(`/api/trash/collection/${await trashed('collection')}/restore/`),
  'DELETE trash/content/{id} (for good)': async (who) =>
    person[who].delete(`/api/trash/content/${await trashed('content')}/`),
  'DELETE trash/note/{id} (for good)': async (who) =>
    person[who].delete(`/api/trash/note/${await trashed('note')}/`),
  'DELETE trash/collection/{id} (for good)': async (who) =>
    person[who].delete(`/api/trash/collection/${await trashed('collection')}/`),
};

beforeAll(async () => {
  // The matrix shares a fresh collection for many rows: its owner mails far more than 20
  // invitations an hour of its clock. That limit has tests of its own (library-sharing.test.ts,
  // "invitations are not a mail relay"); here it is out of the way.
  ctx = await createTestApp(
    {},
    { authLimits: { invitationMailsPerInviter: { limit: 10_000, windowMs: 60 * 60 * 1000 } } },
  );
  for (const who of PEOPLE) person[who] = await signedInCaller(ctx);
  collection = (
    await owner().post('/api/collections/list/', { name: 'Shared season' })
  ).json<Collection>();
  editorMembership = await share(ctx, owner(), collection.id, person.editor, 'editor');
  await share(ctx, owner(), collection.id, person.viewer, 'viewer');
  removedMembership = await share(ctx, owner(), collection.id, person.removed, 'editor');
  expect((await owner().delete(`${base()}/members/${removedMembership.id}/`)).statusCode).toBe(204);
  invitedMembership = (await invite(ctx, owner(), collection.id, person.invited, 'editor')).member;
  item = (
    await owner().post('/api/collections/contents-list/', {
      title: 'Episode 1',
      content: 'Script',
      collections: [collection.id],
    })
  ).json<ContentItem>();
  itemVersion = (
    await owner().post(`/api/collections/contents-list/${item.id}/versions/`, { label: 'First' })
  ).json<Version>();
  note = (
    await owner().post('/api/collections/notes/', {
      collection: collection.id,
      title: 'Plan',
      content: 'Plan',
    })
  ).json<Note>();
  itemFile = await newFile();
  thread = (await owner().post(`${itemPath()}threads/`, { body: 'First thoughts' })).json<Thread>();
  ownerComment = thread.comments[0]!.id;
  editorComment = (
    await person.editor.post(`${itemPath()}threads/${thread.id}/comments/`, { body: 'Agreed' })
  ).json<Thread>().comments[1]!.id;
});

afterAll(async () => {
  await ctx.close();
});

/**
 * A collection made by an import, not in the app (decision 217): the same answers as one made in
 * the app, for its owner and for the people it is shared with. Before decision 217 the import
 * wrote no owner row in `collection_members`, and every change by its owner was a 404 while
 * reading worked.
 */
// prettier-ignore
const IMPORTED_MATRIX: Row[] = [
  //  call                                     owner editor viewer stranger removed invited
  ['GET    collection',                          200,  200,   200,   404,     404,    404],
  ['PATCH  collection (description)',            200,  403,   403,   404,     404,    404],
  ['POST   collection publish',                  200,  403,   403,   404,     404,    404],
  ['DELETE collection publish',                  204,  403,   403,   404,     404,    404],
  ['GET    members',                             200,  200,   200,   404,     404,    404],
  ['POST   members (invite)',                    201,  403,   403,   404,     404,    404],
  ['GET    content item',                        200,  200,   200,   404,     404,    404],
  ['PATCH  content item (title, content)',       200,  200,   403,   404,     404,    404],
  ['POST   note in the collection',              201,  201,   403,   400,     400,    400],
  ['DELETE collection',                          204,  403,   403,   404,     404,    404],
];

describe('who may do what in a collection made by an import', () => {
  let imported: Collection;
  let importedItem: ContentItem;
  const url = () => `/api/collections/list/${imported.id}/`;

  /** Imports a vault of one folder as the owner: the folder's collection and its one item. */
  async function importCollection(): Promise<{ collection: Collection; item: ContentItem }> {
    const name = `Imported ${++inviteCounter}`;
    const started = await uploadImport(
      ctx,
      owner(),
      await zipOf({ [`Vault/${name}/Draft.md`]: 'Imported text.\n' }),
    );
    expect(started.statusCode, started.body).toBe(202);
    await ctx.jobs.runDue();
    const list = (await owner().get('/api/collections/list/?page_size=100')).json<{
      results: Collection[];
    }>();
    const collection = list.results.find((c) => c.name === name)!;
    const items = (
      await owner().get(`/api/collections/contents-list/?collection=${collection.id}`)
    ).json<{ results: ContentItem[] }>();
    return { collection, item: items.results[0]! };
  }

  const IMPORTED_CALLS: Record<string, (who: Person) => Promise<LightMyRequestResponse>> = {
    'GET    collection': (who) => person[who].get(url()),
    'PATCH  collection (description)': (who) =>
      person[who].patch(url(), { description: `by ${who}` }),
    'POST   collection publish': (who) => person[who].post(`${url()}publish/`),
    'DELETE collection publish': (who) => person[who].delete(`${url()}publish/`),
    'GET    members': (who) => person[who].get(`${url()}members/`),
    'POST   members (invite)': (who) =>
      person[who].post(`${url()}members/`, {
        email: `guest-${++inviteCounter}@example.com`,
        role: 'viewer',
      }),
    'GET    content item': (who) =>
      person[who].get(`/api/collections/contents-list/${importedItem.id}/`),
    'PATCH  content item (title, content)': (who) =>
      person[who].patch(`/api/collections/contents-list/${importedItem.id}/`, {
        content: `by ${who}`,
      }),
    'POST   note in the collection': (who) =>
      person[who].post('/api/collections/notes/', {
        collection: imported.id,
        title: `By ${who}`,
        content: 'x',
      }),
    'DELETE collection': async (who) => {
      if (who !== 'owner') return person[who].delete(url());
      const other = await importCollection();
      return person[who].delete(`/api/collections/list/${other.collection.id}/`);
    },
  };

  beforeAll(async () => {
    ({ collection: imported, item: importedItem } = await importCollection());
    await share(ctx, owner(), imported.id, person.editor, 'editor');
    await share(ctx, owner(), imported.id, person.viewer, 'viewer');
    const removed = await share(ctx, owner(), imported.id, person.removed, 'editor');
    expect((await owner().delete(`${url()}members/${removed.id}/`)).statusCode).toBe(204);
    await invite(ctx, owner(), imported.id, person.invited, 'editor');
  });

  it('has a call for every row and a row for every call', () => {
    expect(IMPORTED_MATRIX.map(([call]) => call).sort()).toEqual(
      Object.keys(IMPORTED_CALLS).sort(),
    );
  });

  it('lists the owner among its members, as a collection made in the app', async () => {
    const members = (await owner().get(`${url()}members/`)).json<Member[]>();
    expect(members[0]).toMatchObject({ user: owner().id, role: 'owner' });
  });

  it.each(IMPORTED_MATRIX)('%s', async (call, ...statuses) => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const who of [...PEOPLE].reverse()) {
      answers[who] = (await IMPORTED_CALLS[call]!(who)).statusCode;
      expected[who] = statuses[PEOPLE.indexOf(who)]!;
    }
    expect(answers).toEqual(expected);
  });
});

describe('who may do what in a shared collection', () => {
  it('has a call for every row and a row for every call', () => {
    expect(MATRIX.map(([call]) => call).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(MATRIX)('%s', async (call, ...statuses) => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    // Refusals first, so a success of one person cannot hide another's refusal.
    const order = [...PEOPLE].reverse();
    for (const who of order) {
      const res = await CALLS[call]!(who);
      answers[who] = res.statusCode;
      expected[who] = statuses[PEOPLE.indexOf(who)]!;
    }
    expect(answers).toEqual(expected);
  });
});
