import { describe, expect, it } from 'vitest';
import type {
  Activity,
  Collection,
  ContentItem,
  Member,
  Notification,
  NotificationSettings,
  Paginated,
  UnreadCount,
} from '@cw/contract';
import { signedInCaller, useTestApp, type Caller } from '../../library-helpers';
import { invite, share } from '../../sharing-helpers';
import { LibraryStore } from '../../../src/library/library-store';

/**
 * Notifications and a collection's activity (docs/api.md, "Notifications", "Activity";
 * decision 225): who is told of what, in the change's transaction; the bell's count and marks;
 * the per-kind mail settings; and the activity that every member may read.
 */

const app = useTestApp();

const newCollection = async (name = 'Season 3') => {
  const res = await app.alice.post('/api/collections/list/', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Collection>();
};

const itemIn = async (collectionId: number, title = 'Pilot script') => {
  const res = await app.alice.post('/api/collections/contents-list/', {
    title,
    content: 'Cold open',
    collections: [collectionId],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
};

const move = async (by: Caller, id: number, status: string) => {
  const res = await by.patch(`/api/collections/contents-list/${id}/`, { status });
  expect(res.statusCode, res.body).toBe(200);
};

const notificationsOf = async (person: Caller) => {
  const res = await person.get('/api/notifications/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<Notification>>();
};

const unreadOf = async (person: Caller) =>
  (await person.get('/api/notifications/unread/')).json<UnreadCount>().unread;

const activityOf = async (person: Caller, collectionId: number) => {
  const res = await person.get(`/api/collections/list/${collectionId}/activity/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paginated<Activity>>().results;
};

describe('notifications', () => {
  it('tells an owner their item was moved by an editor, never of their own moves', async () => {
    const collection = await newCollection('Launch');
    const item = await itemIn(collection.id, 'Sponsor read');
    const editor = await signedInCaller(app.ctx);
    await share(app.ctx, app.alice, collection.id, editor, 'editor');
    const before = await unreadOf(app.alice);

    await move(app.alice, item.id, 'scripting');
    expect(await unreadOf(app.alice)).toBe(before);
    await move(editor, item.id, 'recording');
    expect(await unreadOf(app.alice)).toBe(before + 1);

    const [newest] = (await notificationsOf(app.alice)).results;
    expect(newest).toMatchObject({
      kind: 'status',
      actor_name: `${editor.firstName} ${editor.lastName}`,
      content_id: item.id,
      content_title: 'Sponsor read',
      from_status: 'scripting',
      to_status: 'recording',
      read_on: null,
    });
    // The editor is told nothing of their own move, nor of the owner's.
    expect((await notificationsOf(editor)).results.filter((n) => n.kind === 'status')).toEqual([]);

    // A change that fails after the move is rolled back with what it would have told.
    const refused = await editor.patch(`/api/collections/contents-list/${item.id}/`, {
      status: 'editing',
      files: [2_000_000_000],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await unreadOf(app.alice)).toBe(before + 1);
    expect((await activityOf(app.alice, collection.id))[0]).toMatchObject({
      to_status: 'recording',
    });

    const read = await app.alice.post(`/api/notifications/${newest!.id}/read/`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<UnreadCount>().unread).toBe(before);
    // Only one's own: another person's id is a 404, and changes nothing.
    expect((await editor.post(`/api/notifications/${newest!.id}/read/`)).statusCode).toBe(404);
    expect((await app.alice.post('/api/notifications/99999999/read/')).statusCode).toBe(404);
  });

  it('tells an existing account of an invitation, and a member of a new role', async () => {
    const collection = await newCollection('Shorts');
    const person = await signedInCaller(app.ctx);
    const { member } = await invite(app.ctx, app.alice, collection.id, person, 'viewer');
    const [invitation] = (await notificationsOf(person)).results;
    expect(invitation).toMatchObject({
      kind: 'invitation',
      collection_id: collection.id,
      collection_name: 'Shorts',
      role: 'viewer',
    });
    const accepted = await share(
      app.ctx,
      app.alice,
      (await newCollection('Other')).id,
      person,
      'viewer',
    );
    expect(accepted.role).toBe('viewer');
    void member;

    const shared = await newCollection('Long form');
    const membership = await share(app.ctx, app.alice, shared.id, person, 'viewer');
    const res = await app.alice.patch(
      `/api/collections/list/${shared.id}/members/${membership.id}/`,
      {
        role: 'editor',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await notificationsOf(person)).results[0]).toMatchObject({
      kind: 'shared',
      collection_name: 'Long form',
      role: 'editor',
    });
  });

  it('marks all read, pages newest first, and reads only the caller’s own', async () => {
    const person = await signedInCaller(app.ctx);
    const store = new LibraryStore(app.ctx.database.db, app.ctx.clock.now);
    // The comments code's kinds, called directly as it will call them.
    await store.transaction(async (repos) => {
      for (const kind of ['mention', 'reply', 'comment'] as const) {
        await repos.notifications.notify({
          kind,
          recipientId: person.id,
          actorId: app.alice.id,
          excerpt: `a ${kind}`,
          at: app.ctx.clock.now(),
        });
      }
      // Nobody is told of their own action.
      await repos.notifications.notify({
        kind: 'mention',
        recipientId: person.id,
        actorId: person.id,
        at: app.ctx.clock.now(),
      });
    });
    expect(await unreadOf(person)).toBe(3);
    const page = await person.get('/api/notifications/?page_size=2');
    const body = page.json<Paginated<Notification>>();
    expect(body.count).toBe(3);
    expect(body.results.map((n) => n.kind)).toEqual(['comment', 'reply']);
    expect(body.next).toContain('page=2');
    expect(body.results[0]!.excerpt).toBe('a comment');

    const all = await person.post('/api/notifications/read-all/');
    expect(all.statusCode).toBe(200);
    expect(await unreadOf(person)).toBe(0);
    expect((await notificationsOf(person)).results.every((n) => n.read_on !== null)).toBe(true);
    // Someone else's list holds none of them.
    expect((await notificationsOf(app.alice)).results.some((n) => n.excerpt === 'a mention')).toBe(
      false,
    );
  });

  it('keeps mail settings per kind', async () => {
    const person = await signedInCaller(app.ctx);
    const initial = await person.get('/api/notifications/settings/');
    expect(initial.json<NotificationSettings>()).toEqual({
      mail: { mention: true, reply: true, comment: true, shared: true, status: true },
    });
    const changed = await person.patch('/api/notifications/settings/', {
      mail: { status: false, reply: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<NotificationSettings>().mail).toEqual({
      mention: true,
      reply: false,
      comment: true,
      shared: true,
      status: false,
    });
    const again = await person.patch('/api/notifications/settings/', { mail: { reply: true } });
    expect(again.json<NotificationSettings>().mail.reply).toBe(true);
    expect(again.json<NotificationSettings>().mail.status).toBe(false);
    for (const bad of [{ mail: { status: 'no' } }, { mail: { everything: false } }, { other: 1 }]) {
      expect((await person.patch('/api/notifications/settings/', bad)).statusCode).toBe(400);
    }
  });
});

describe('activity of a collection', () => {
  it('records who did what, folds edits, and is read by members only', async () => {
    const collection = await newCollection('Docuseries');
    const item = await itemIn(collection.id, 'Episode 1');
    const editor = await signedInCaller(app.ctx);
    const viewer = await signedInCaller(app.ctx);
    await share(app.ctx, app.alice, collection.id, editor, 'editor');
    await share(app.ctx, app.alice, collection.id, viewer, 'viewer');

    await move(editor, item.id, 'recording');
    const edit = (title: string) =>
      editor.patch(`/api/collections/contents-list/${item.id}/`, { title });
    expect((await edit('Episode 1: the start')).statusCode).toBe(200);
    expect((await edit('Episode 1: The Start')).statusCode).toBe(200);
    app.ctx.clock.advance(6 * 60 * 1000);
    expect((await edit('Episode 1 — The Start')).statusCode).toBe(200);
    expect(
      (await app.alice.post(`/api/collections/list/${collection.id}/publish/`)).statusCode,
    ).toBe(200);
    expect(
      (await app.alice.delete(`/api/collections/list/${collection.id}/publish/`)).statusCode,
    ).toBe(204);

    const entries = await activityOf(viewer, collection.id);
    const editorName = `${editor.firstName} ${editor.lastName}`;
    const ownerName = `${app.alice.firstName} ${app.alice.lastName}`;
    expect(entries.map((e) => [e.kind, e.actor_name])).toEqual([
      ['unpublished', ownerName],
      ['published', ownerName],
      ['edited', editorName],
      ['edited', editorName],
      ['status', editorName],
      ['joined', `${viewer.firstName} ${viewer.lastName}`],
      ['invited', ownerName],
      ['joined', editorName],
      ['invited', ownerName],
      ['created', ownerName],
      ['created', ownerName],
    ]);
    expect(entries[2]).toMatchObject({ content_title: 'Episode 1 — The Start' });
    expect(entries[4]).toMatchObject({ from_status: 'idea', to_status: 'recording' });
    // The invited address is the owner's to see, as in the members list.
    expect(entries[6]!.member).toBeNull();
    expect((await activityOf(app.alice, collection.id))[6]!.member).toBe(viewer.email);

    // Leaving and removal; then the removed member reads nothing.
    const members = (await app.alice.get(`/api/collections/list/${collection.id}/members/`)).json<
      Member[]
    >();
    const ofViewer = members.find((m) => m.user === viewer.id)!;
    const ofEditor = members.find((m) => m.user === editor.id)!;
    expect(
      (await viewer.delete(`/api/collections/list/${collection.id}/members/${ofViewer.id}/`))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.alice.delete(`/api/collections/list/${collection.id}/members/${ofEditor.id}/`))
        .statusCode,
    ).toBe(204);
    const after = await activityOf(app.alice, collection.id);
    expect(after[0]).toMatchObject({ kind: 'removed', member: editorName });
    expect(after[1]).toMatchObject({
      kind: 'left',
      actor_name: `${viewer.firstName} ${viewer.lastName}`,
    });
    const stranger = await signedInCaller(app.ctx);
    for (const person of [viewer, editor, stranger]) {
      expect(
        (await person.get(`/api/collections/list/${collection.id}/activity/`)).statusCode,
      ).toBe(404);
    }
  });
});
