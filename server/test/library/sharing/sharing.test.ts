import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Collection,
  ContentItem,
  FileObject,
  Invitation,
  Member,
  Note,
  Paginated,
  Tag,
} from '@cw/contract';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { invitationToken, invite, share } from '../../sharing-helpers';

/**
 * Co-creators (docs/api.md, "Sharing"; decision 100): a collection shared with an editor and a
 * viewer, and everyone else who must get nothing from it.
 */

let ctx: TestContext;
let owner: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInCaller(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const newCollection = async (name = 'Season 2') => {
  const res = await owner.post('/api/collections/list/', { name });
  expect(res.statusCode).toBe(201);
  return res.json<Collection>();
};

const itemIn = async (collectionId: number, by: Caller = owner, title = 'Episode script') => {
  const res = await by.post('/api/collections/contents-list/', {
    title,
    content: 'Draft of the intro',
    collections: [collectionId],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
};

const noteIn = async (collectionId: number, by: Caller = owner) => {
  const res = await by.post('/api/collections/notes/', {
    collection: collectionId,
    title: 'Sponsor call',
    content: 'Talking points',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Note>();
};

const noteWrite = (by: Caller, collectionId: number) =>
  by.post('/api/collections/notes/', { collection: collectionId, title: 'Notes', content: 'x' });

const fileOn = async (fields: Record<string, string>, by: Caller = owner) => {
  const res = await by.upload({ name: 'b-roll.txt', bytes: Buffer.from('frames') }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FileObject>();
};

describe('invitations', () => {
  it('mails a link naming who invites to what; only the invited, verified address accepts it, once', async () => {
    const collection = await newCollection('Launch week');
    const editor = await signedInCaller(ctx);
    const someoneElse = await signedInCaller(ctx);

    const { member, token } = await invite(ctx, owner, collection.id, editor, 'editor');
    expect(member).toMatchObject({ email: editor.email, role: 'editor', status: 'invited' });
    const mail = ctx.outbox.last(editor.email)!;
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    expect(mail.subject).toContain(ownerName);
    expect(mail.subject).toContain('Launch week');
    expect(mail.text).toContain(`${ownerName} invited you to the collection “Launch week”`);
    expect(mail.text).toContain(`/invitations/${token}`);
    expect(mail.html).toContain(`${ownerName} invited you to the collection “Launch week”`);
    expect(mail.html).toContain(`/invitations/${token}`);

    const preview = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}/` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<Invitation>()).toMatchObject({
      collection: { id: collection.id, name: 'Launch week' },
      invited_by: ownerName,
      role: 'editor',
      email: editor.email,
    });

    // Anyone else: 403, and the link still works for the right person.
    expect((await someoneElse.post(`/api/invitations/${token}/accept/`)).statusCode).toBe(403);
    const accepted = await editor.post(`/api/invitations/${token}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Collection>()).toMatchObject({
      id: collection.id,
      role: 'editor',
      owner_name: ownerName,
    });
    // Used: 404 whoever asks.
    expect((await editor.post(`/api/invitations/${token}/accept/`)).statusCode).toBe(404);
    expect((await someoneElse.post(`/api/invitations/${token}/accept/`)).statusCode).toBe(404);
    const used = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}/` });
    expect(used.statusCode).toBe(404);

    const members = (await owner.get(`/api/collections/list/${collection.id}/members/`)).json<
      Member[]
    >();
    expect(members.map((m) => [m.role, m.status, m.email])).toEqual([
      ['owner', 'active', owner.email],
      ['editor', 'active', editor.email],
    ]);
    expect(members[1]!.name).toBe(`${editor.firstName} ${editor.lastName}`);
  });

  it('refuses an unverified account with the invited address, an expired link and an unknown one', async () => {
    const collection = await newCollection();
    const person = await signedInCaller(ctx);
    const { token } = await invite(ctx, owner, collection.id, person, 'viewer');
    await ctx.database.db.execute(
      // The account's address is not proved: it cannot take what was sent to it.
      (await import('drizzle-orm'))
        .sql`update users set is_verified = false where id = ${person.id}`,
    );
    expect((await person.post(`/api/invitations/${token}/accept/`)).statusCode).toBe(403);
    await ctx.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update users set is_verified = true where id = ${person.id}`,
    );

    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await person.post(`/api/invitations/${token}/accept/`)).statusCode).toBe(404);
    const unknown = 'A'.repeat(43);
    expect((await person.post(`/api/invitations/${unknown}/accept/`)).statusCode).toBe(404);
    expect((await person.post('/api/invitations/not-a-token/accept/')).statusCode).toBe(404);
  });

  it('resends with a new link after a 30-second cool-down, and revoking kills the link', async () => {
    const collection = await newCollection();
    const person = await signedInCaller(ctx);
    const invited = await owner.post(`/api/collections/list/${collection.id}/members/`, {
      email: person.email,
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(201);
    const member = invited.json<Member>();
    const first = await invitationToken(ctx, person.email);
    const resend = `/api/collections/list/${collection.id}/members/${member.id}/resend/`;
    const tooSoon = await owner.post(resend);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    ctx.clock.advance(30_000);
    expect((await owner.post(resend)).statusCode).toBe(200);
    const second = await invitationToken(ctx, person.email);
    expect(second).not.toBe(first);
    expect((await person.post(`/api/invitations/${first}/accept/`)).statusCode).toBe(404);

    const revoked = await owner.delete(
      `/api/collections/list/${collection.id}/members/${member.id}/`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await person.post(`/api/invitations/${second}/accept/`)).statusCode).toBe(404);
    expect((await person.get(`/api/collections/list/${collection.id}/`)).statusCode).toBe(404);
  });

  it('mails one invitation per address every 30 seconds, whoever’s collection it is to', async () => {
    const mine = await newCollection('Cool-down');
    const otherOwner = await signedInCaller(ctx);
    const theirs = (
      await otherOwner.post('/api/collections/list/', { name: 'Elsewhere' })
    ).json<Collection>();
    const person = await signedInCaller(ctx);
    const body = { email: person.email, role: 'viewer' };
    const membersOf = (id: number) => `/api/collections/list/${id}/members/`;
    const invitationMails = async () => {
      await ctx.mailQueue.drain();
      return ctx.outbox.messages.filter(
        (m) => m.to === person.email && m.text.includes('/invitations/'),
      ).length;
    };
    const refused = (res: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
    };

    const invited = await owner.post(membersOf(mine.id), body);
    expect(invited.statusCode).toBe(201);
    expect(await invitationMails()).toBe(1);

    // Revoked and invited again at once: refused, in the contract's error shape.
    const revoked = await owner.delete(`${membersOf(mine.id)}${invited.json<Member>().id}/`);
    expect(revoked.statusCode).toBe(204);
    const again = await owner.post(membersOf(mine.id), body);
    refused(again);
    expect(again.json()).toMatchObject({
      code: 'throttled',
      detail: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/),
    });
    // Another person's collection: the same address, the same cool-down; nothing is written.
    refused(await otherOwner.post(membersOf(theirs.id), body));
    const theirMembers = (await otherOwner.get(membersOf(theirs.id))).json<Member[]>();
    expect(theirMembers.map((m) => m.email)).toEqual([otherOwner.email]);
    expect(await invitationMails()).toBe(1);

    // 30 seconds later by the app's clock: one more mail, and the window starts again.
    ctx.clock.advance(30_000);
    expect((await owner.post(membersOf(mine.id), body)).statusCode).toBe(201);
    refused(await otherOwner.post(membersOf(theirs.id), body));
    ctx.clock.advance(30_000);
    expect((await otherOwner.post(membersOf(theirs.id), body)).statusCode).toBe(201);
    expect(await invitationMails()).toBe(3);
  });

  it('refuses inviting the owner, a member or a pending address again, and a role that does not exist', async () => {
    const collection = await newCollection();
    const person = await signedInCaller(ctx);
    const url = `/api/collections/list/${collection.id}/members/`;
    await invite(ctx, owner, collection.id, person, 'viewer');
    for (const body of [
      { email: owner.email, role: 'viewer' },
      { email: person.email.toUpperCase(), role: 'editor' },
      { email: 'someone@example.com', role: 'owner' },
      { email: 'not an email', role: 'viewer' },
      { role: 'viewer' },
    ]) {
      const res = await owner.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await owner.post(url, { email: person.email, role: 'editor' });
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'This person is already invited. Resend the invitation instead.',
    ]);
  });
});

describe('invitations are not a mail relay', () => {
  const membersOf = (id: number) => `/api/collections/list/${id}/members/`;
  const strangers = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}-${i}-${Date.now()}@example.com`);
  /** Invitation mails sent to any of `addresses` so far (after the queue has run). */
  const mailsTo = async (addresses: string[]) => {
    await ctx.mailQueue.drain();
    return ctx.outbox.messages.filter(
      (m) => addresses.includes(m.to) && m.text.includes('/invitations/'),
    ).length;
  };

  it('invitations are not a mail relay: one person sends at most 20 invitation mails an hour, invites and resends of all their collections; the 21st is 429 with Retry-After and writes nothing', async () => {
    const sender = await signedInCaller(ctx);
    const created = async (name: string) =>
      (await sender.post('/api/collections/list/', { name })).json<Collection>();
    const first = await created('Relay one');
    const second = await created('Relay two');
    const addresses = strangers('relay', 22);

    // 15 invitations from one collection, 4 from the other, and a resend: 20 mails.
    for (const [i, email] of addresses.slice(0, 19).entries()) {
      const res = await sender.post(membersOf(i < 15 ? first.id : second.id), {
        email,
        role: 'viewer',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    ctx.clock.advance(30_000);
    const pending = (await sender.get(membersOf(first.id))).json<Member[]>()[1]!;
    const resend = `${membersOf(first.id)}${pending.id}/resend/`;
    expect((await sender.post(resend)).statusCode).toBe(200);
    expect(await mailsTo(addresses)).toBe(20);

    // The 21st, an invite or a resend, from either collection: 429 in the error shape.
    const invite21 = await sender.post(membersOf(second.id), {
      email: addresses[19],
      role: 'editor',
    });
    expect(invite21.statusCode).toBe(429);
    expect(invite21.json()).toEqual({
      code: 'throttled',
      message: expect.stringMatching(
        /^You can send 20 invitations an hour\. Try again in \d+ minutes?\.$/,
      ),
      detail: expect.any(String),
    });
    const retryAfter = Number(invite21.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    ctx.clock.advance(30_000);
    expect((await sender.post(resend)).statusCode).toBe(429);
    expect(
      (await sender.post(membersOf(first.id), { email: addresses[20], role: 'viewer' })).statusCode,
    ).toBe(429);

    // Nothing was written: no member row, no mail, and the per-address cool-down is not spent.
    const listed = [
      ...(await sender.get(membersOf(first.id))).json<Member[]>(),
      ...(await sender.get(membersOf(second.id))).json<Member[]>(),
    ].map((member) => member.email);
    expect(listed).not.toContain(addresses[19]);
    expect(listed).not.toContain(addresses[20]);
    expect(listed.filter((email) => addresses.includes(email))).toHaveLength(19);
    expect(await mailsTo(addresses)).toBe(20);
    const queued = await ctx.database.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'mail' and payload->>'recipient' in (${sql.join(
        addresses.slice(19).map((email) => sql`${email}`),
        sql`, `,
      )})`,
    );
    expect(Number((queued as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);

    // The limit is the inviter's: someone else invites that address at once.
    const other = await signedInCaller(ctx);
    const theirs = (
      await other.post('/api/collections/list/', { name: 'Theirs' })
    ).json<Collection>();
    expect(
      (await other.post(membersOf(theirs.id), { email: addresses[19], role: 'viewer' })).statusCode,
    ).toBe(201);

    // An hour after the first of them, the sender may mail again.
    ctx.clock.advance(60 * 60 * 1000);
    expect(
      (await sender.post(membersOf(second.id), { email: addresses[21], role: 'viewer' }))
        .statusCode,
    ).toBe(201);
    expect((await sender.post(resend)).statusCode).toBe(200);
  });

  it('invitations are not a mail relay: 25 invitations sent at once, 20 are written and mailed, 5 are 429', async () => {
    const sender = await signedInCaller(ctx);
    const collection = (
      await sender.post('/api/collections/list/', { name: 'All at once' })
    ).json<Collection>();
    const addresses = strangers('burst', 25);
    const answers = await Promise.all(
      addresses.map((email) => sender.post(membersOf(collection.id), { email, role: 'viewer' })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const invited = (await sender.get(membersOf(collection.id))).json<Member[]>();
    expect(invited.filter((member) => member.status === 'invited')).toHaveLength(20);
    expect(await mailsTo(addresses)).toBe(20);
  });
});

describe('working together in a shared collection', () => {
  let collection: Collection;
  let editor: Caller;
  let viewer: Caller;

  beforeAll(async () => {
    collection = await newCollection('Shared season');
    editor = await signedInCaller(ctx);
    viewer = await signedInCaller(ctx);
    await share(ctx, owner, collection.id, editor, 'editor');
    await share(ctx, owner, collection.id, viewer, 'viewer');
  });

  it('lists shared collections with the role and the owner’s name; "mine" stays the caller’s own', async () => {
    const shared = (await editor.get('/api/collections/list/?scope=shared')).json<
      Paginated<Collection>
    >();
    expect(shared.results.map((c) => [c.id, c.role, c.owner_name])).toEqual([
      [collection.id, 'editor', `${owner.firstName} ${owner.lastName}`],
    ]);
    expect((await editor.get('/api/collections/list/')).json<Paginated<Collection>>().count).toBe(
      0,
    );
    const all = (await editor.get('/api/collections/list/?scope=all')).json<
      Paginated<Collection>
    >();
    expect(all.count).toBe(1);
    const own = (await owner.get(`/api/collections/list/${collection.id}/`)).json<Collection>();
    expect(own.role).toBe('owner');
    expect(own.member_count).toBe(2);
    expect(own.members_preview.map((m) => m.id)).toEqual([editor.id, viewer.id]);
    expect((await owner.get('/api/collections/list/?scope=nope')).statusCode).toBe(400);
  });

  it('an editor writes items and notes the owner owns, and the owner sees who edited', async () => {
    const item = await itemIn(collection.id, editor, 'Editor’s cut');
    expect(item.user).toBe(owner.id);
    expect(item.role).toBe('editor');
    expect(item.updated_by).toEqual({
      id: editor.id,
      name: `${editor.firstName} ${editor.lastName}`,
    });

    const mine = (
      await owner.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(mine.role).toBe('owner');
    expect(mine.updated_by?.name).toBe(`${editor.firstName} ${editor.lastName}`);

    const ownerItem = await itemIn(collection.id);
    const edited = await editor.patch(`/api/collections/contents-list/${ownerItem.id}/`, {
      content: 'Tighter intro',
    });
    expect(edited.statusCode).toBe(200);
    const seen = (
      await owner.get(`/api/collections/contents-list/${ownerItem.id}/`)
    ).json<ContentItem>();
    expect(seen.content).toBe('Tighter intro');
    expect(seen.updated_by?.id).toBe(editor.id);

    const note = await noteIn(collection.id);
    const noteEdit = await editor.patch(`/api/collections/notes/${note.id}/`, {
      title: 'Call notes',
    });
    expect(noteEdit.statusCode).toBe(200);
    expect(noteEdit.json<Note>().updated_by?.id).toBe(editor.id);

    // The editor's own list ("your content") does not fill up with the owner's items.
    const editorsOwn = (await editor.get('/api/collections/contents-list/')).json<
      Paginated<ContentItem>
    >();
    expect(editorsOwn.count).toBe(0);
    const inCollection = (
      await viewer.get(`/api/collections/contents-list/?collection=${collection.id}`)
    ).json<Paginated<ContentItem>>();
    expect(inCollection.results.map((i) => i.role)).toEqual(['viewer', 'viewer']);
  });

  it('tags stay the owner’s: members see their names, an editor may not change them', async () => {
    const tag = (await owner.post('/api/collections/tags/', { name: 'sponsor' })).json<Tag>();
    const item = await itemIn(collection.id);
    await owner.patch(`/api/collections/contents-list/${item.id}/`, { tags: [tag.id] });
    const seen = (
      await viewer.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(seen.tags_named_list).toEqual([{ id: tag.id, name: 'sponsor' }]);
    const editorTag = (await editor.post('/api/collections/tags/', { name: 'mine' })).json<Tag>();
    for (const body of [{ tags: [] }, { tags: [editorTag.id] }, { collections: [] }]) {
      const res = await editor.patch(`/api/collections/contents-list/${item.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const created = await editor.post('/api/collections/contents-list/', {
      title: 'Tagged',
      content: 'x',
      collections: [collection.id],
      tags: [editorTag.id],
    });
    expect(created.statusCode).toBe(403);
    // An item's collections must all be of one person.
    const editorsOwnCollection = (
      await editor.post('/api/collections/list/', { name: 'Editor’s own' })
    ).json<Collection>();
    const mixed = await editor.post('/api/collections/contents-list/', {
      title: 'Mixed',
      content: 'x',
      collections: [collection.id, editorsOwnCollection.id],
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('uploads of an editor count against the owner’s storage, and members download them', async () => {
    const item = await itemIn(collection.id);
    const file = await fileOn({ content: String(item.id) }, editor);
    expect(file.user).toBe(owner.id);
    const usage = (await owner.get('/api/collections/files/usage/')).json<{ used: number }>();
    expect(usage.used).toBeGreaterThanOrEqual(6);
    const download = await viewer.get(file.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('frames');
    const listed = (await viewer.get(`/api/collections/files/?collection=${collection.id}`)).json<
      Paginated<FileObject>
    >();
    expect(listed.results.map((f) => f.id)).toContain(file.id);
  });

  it('an editor attaches their own uploads to the owner’s item: the files become the owner’s', async () => {
    const upload = await fileOn({}, editor);
    expect(upload.user).toBe(editor.id);
    const created = await editor.post('/api/collections/contents-list/', {
      title: 'With b-roll',
      content: 'x',
      collections: [collection.id],
      files: [upload.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<ContentItem>();
    expect(item.files.map((f) => [f.id, f.user])).toEqual([[upload.id, owner.id]]);

    const second = await fileOn({}, editor);
    const edited = await editor.patch(`/api/collections/contents-list/${item.id}/`, {
      files: [upload.id, second.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ContentItem>().files.map((f) => f.user)).toEqual([owner.id, owner.id]);
    // The viewer's upload cannot be attached: they may not write there.
    const viewers = await fileOn({}, viewer);
    const refused = await editor.patch(`/api/collections/contents-list/${item.id}/`, {
      files: [viewers.id],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('a member leaves; the owner cannot', async () => {
    const other = await newCollection('Short-lived');
    const guest = await signedInCaller(ctx);
    const membership = await share(ctx, owner, other.id, guest, 'viewer');
    const members = (await owner.get(`/api/collections/list/${other.id}/members/`)).json<
      Member[]
    >();
    const ownerRow = members.find((m) => m.role === 'owner')!;
    expect(
      (await owner.delete(`/api/collections/list/${other.id}/members/${ownerRow.id}/`)).statusCode,
    ).toBe(400);
    expect(
      (
        await owner.patch(`/api/collections/list/${other.id}/members/${ownerRow.id}/`, {
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await guest.delete(`/api/collections/list/${other.id}/members/${membership.id}/`))
        .statusCode,
    ).toBe(204);
    expect((await guest.get(`/api/collections/list/${other.id}/`)).statusCode).toBe(404);
  });

  it('deleting the collection ends every member’s access at once', async () => {
    const other = await newCollection('Gone soon');
    const guest = await signedInCaller(ctx);
    await share(ctx, owner, other.id, guest, 'editor');
    const item = await itemIn(other.id);
    expect((await guest.get(`/api/collections/contents-list/${item.id}/`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/collections/list/${other.id}/`)).statusCode).toBe(204);
    expect((await guest.get(`/api/collections/list/${other.id}/`)).statusCode).toBe(404);
    expect((await guest.get(`/api/collections/contents-list/${item.id}/`)).statusCode).toBe(404);
  });
});

describe('a role that changes, and an item in two collections', () => {
  const patchItem = (by: Caller, id: number, content: string) =>
    by.patch(`/api/collections/contents-list/${id}/`, { content });

  it('an item in two collections takes the best role; removal from one leaves the other’s', async () => {
    const asViewer = await newCollection('Viewer’s side');
    const asEditor = await newCollection('Editor’s side');
    const person = await signedInCaller(ctx);
    await share(ctx, owner, asViewer.id, person, 'viewer');
    const editorship = await share(ctx, owner, asEditor.id, person, 'editor');
    const res = await owner.post('/api/collections/contents-list/', {
      title: 'In both',
      content: 'Start',
      collections: [asViewer.id, asEditor.id],
    });
    expect(res.statusCode).toBe(201);
    const item = res.json<ContentItem>();

    const seen = await person.get(`/api/collections/contents-list/${item.id}/`);
    expect(seen.json<ContentItem>().role).toBe('editor');
    expect((await patchItem(person, item.id, 'Through the editor’s side')).statusCode).toBe(200);

    const removed = await owner.delete(
      `/api/collections/list/${asEditor.id}/members/${editorship.id}/`,
    );
    expect(removed.statusCode).toBe(204);
    const still = await person.get(`/api/collections/contents-list/${item.id}/`);
    expect(still.statusCode).toBe(200);
    expect(still.json<ContentItem>()).toMatchObject({
      role: 'viewer',
      content: 'Through the editor’s side',
    });
    expect((await patchItem(person, item.id, 'Not any more')).statusCode).toBe(403);
    expect((await person.get(`/api/collections/list/${asEditor.id}/`)).statusCode).toBe(404);
    const stored = (
      await owner.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(stored.content).toBe('Through the editor’s side');
  });

  it('a new role takes effect on the next call: demoted, a write is 403; promoted again, 200', async () => {
    const collection = await newCollection('Changing hands');
    const person = await signedInCaller(ctx);
    const membership = await share(ctx, owner, collection.id, person, 'editor');
    const item = await itemIn(collection.id);
    const roleOf = `/api/collections/list/${collection.id}/members/${membership.id}/`;
    expect((await patchItem(person, item.id, 'As an editor')).statusCode).toBe(200);

    const demoted = await owner.patch(roleOf, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json<Member>().role).toBe('viewer');
    expect((await patchItem(person, item.id, 'As a viewer')).statusCode).toBe(403);
    expect((await noteWrite(person, collection.id)).statusCode).toBe(403);
    const asViewer = await person.get(`/api/collections/list/${collection.id}/`);
    expect(asViewer.json<Collection>().role).toBe('viewer');

    expect((await owner.patch(roleOf, { role: 'editor' })).statusCode).toBe(200);
    expect((await patchItem(person, item.id, 'An editor again')).statusCode).toBe(200);
    expect((await noteWrite(person, collection.id)).statusCode).toBe(201);
    const stored = (
      await owner.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(stored).toMatchObject({ content: 'An editor again', updated_by: { id: person.id } });
  });
});

/**
 * The owner removes an editor while the editor saves (decision 100, "A removal and a write at the
 * same time"). Each case pins one order with a lock held by the test on a connection of its own
 * and waits, through `pg_stat_activity`, until the calls stand where the case needs them: so
 * both orders are checked every run, and each fails if a write stopped holding the membership
 * `FOR SHARE` (`AccessRepository.onContent(…, lock)`). PostgreSQL only: PGlite has one
 * connection, so its transactions never overlap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a removal while the member saves', () => {
  /** Runs `statement` in a transaction on a connection of its own, held until released. */
  async function hold(statement: SQL): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => (taken = resolve));
    const done = ctx.database.db.transaction(async (tx) => {
      await tx.execute(statement);
      taken();
      await released;
    });
    await Promise.race([holding, done]);
    return async () => {
      release();
      await done;
    };
  }

  /** `run` with `statement`'s lock held until `run` releases it (or fails: then released too). */
  async function holding(
    statement: SQL,
    run: (release: () => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const release = await hold(statement);
    try {
      await run(release);
    } finally {
      await release();
    }
  }

  /** Whether a statement matching `pattern` waits for a lock in this test's database now. */
  const waitsForLock = async (pattern: string) => {
    const result = await ctx.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ~* ${pattern}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
  };
  /** Where each call stops when it waits (drizzle's SQL). */
  const SAVE_WRITES = 'insert into "content_versions"|update "contents"';
  const SAVE_READS_ITS_ROLE = 'from "content_collections".* for share';
  const REMOVAL = '"collection_members".* for update|delete from "collection_members"';

  /** Polls until `ready` holds (at most 10 s). */
  async function until(ready: () => Promise<boolean> | boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A call under way, and whether it has answered yet. */
  function underWay<T>(call: Promise<T>): { answer: Promise<T>; answered: () => boolean } {
    let answered = false;
    const answer = call.finally(() => {
      answered = true;
    });
    return { answer, answered: () => answered };
  }

  async function editorOfAnItem(name: string) {
    const collection = await newCollection(name);
    const editor = await signedInCaller(ctx);
    const membership = await share(ctx, owner, collection.id, editor, 'editor');
    const item = await itemIn(collection.id);
    return {
      editor,
      item,
      save: (content: string) =>
        editor.patch(`/api/collections/contents-list/${item.id}/`, { content }),
      removal: () =>
        owner.delete(`/api/collections/list/${collection.id}/members/${membership.id}/`),
      stored: async () =>
        (await owner.get(`/api/collections/contents-list/${item.id}/`)).json<ContentItem>(),
      membershipId: membership.id,
    };
  }

  it('a save under way holds the membership: the removal waits until the save commits', async () => {
    const { editor, item, save, removal, stored } = await editorOfAnItem('Save first');
    // The save is stopped at its write of the item, after it has read (and locked) its role.
    const itemLocked = sql`select id from contents where id = ${item.id} for update`;
    await holding(itemLocked, async (releaseItem) => {
      const saving = underWay(save('Editor’s take'));
      await until(
        async () => saving.answered() || (await waitsForLock(SAVE_WRITES)),
        'the save waits',
      );
      expect(saving.answered()).toBe(false);

      const removing = underWay(removal());
      await until(
        async () => removing.answered() || (await waitsForLock(REMOVAL)),
        'the removal waits or answers',
      );
      expect(removing.answered(), 'the removal must wait for the save under way').toBe(false);

      await releaseItem();
      const [saved, removed] = await Promise.all([saving.answer, removing.answer]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(removed.statusCode).toBe(204);
    });
    const after = await stored();
    expect(after.content).toBe('Editor’s take');
    expect(after.updated_by?.id).toBe(editor.id);
    expect((await save('too late')).statusCode).toBe(404);
  });

  it('a save that starts during the removal waits for it, then is refused and changes nothing', async () => {
    const { save, removal, stored, membershipId } = await editorOfAnItem('Removal first');
    // The removal is stopped where it locks the membership it deletes; the save starts behind it.
    const membershipLocked = sql`select id from collection_members where id = ${membershipId} for update`;
    await holding(membershipLocked, async (releaseMembership) => {
      const removing = underWay(removal());
      await until(
        async () => removing.answered() || (await waitsForLock(REMOVAL)),
        'the removal waits',
      );
      expect(removing.answered()).toBe(false);

      const saving = underWay(save('Editor’s late take'));
      await until(
        async () => saving.answered() || (await waitsForLock(SAVE_READS_ITS_ROLE)),
        'the save waits or answers',
      );
      expect(saving.answered(), 'the save must wait for the removal under way').toBe(false);

      await releaseMembership();
      const [removed, saved] = await Promise.all([removing.answer, saving.answer]);
      expect(removed.statusCode).toBe(204);
      expect(saved.statusCode).toBe(404);
    });
    const after = await stored();
    expect(after.content).toBe('Draft of the intro');
    expect(after.updated_by?.id).toBe(owner.id);
  });
});
