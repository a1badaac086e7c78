import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { invite, share } from '../../sharing-helpers';
import { asCaller, libraryServices, statusOf } from '../services';

/**
 * The sharing service against the real database, without HTTP (docs/api.md, "Sharing"): calls
 * that meet, and what it tells live editing. The routes' own tests are in sharing.test.ts.
 */
let ctx: TestContext;
let owner: Caller;
let services: ReturnType<typeof libraryServices>;

async function newCollection(name: string): Promise<number> {
  const res = await owner.post('/api/collections/list/', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Collection>().id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInCaller(ctx);
  services = libraryServices(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('MembersService with calls that meet', () => {
  it('the same address invited twice at once: one invitation, the other a clear 4xx', async () => {
    const collectionId = await newCollection('Invited twice');
    const body = { email: 'twice@example.com', role: 'editor' as const };
    const outcomes = await Promise.allSettled([
      services.members.invite(asCaller(owner), collectionId, body),
      services.members.invite(asCaller(owner), collectionId, body),
    ]);
    // The loser is "already invited" (400) or, when both passed that check at once, the
    // 30-second cool-down of mails to one address (429): never a 500, never two invitations.
    const [first, second] = outcomes.map(statusOf).sort();
    expect(first).toBe(200);
    expect([400, 429]).toContain(second);
    const members = await services.members.list(asCaller(owner), collectionId);
    expect(members.filter((member) => member.email === body.email)).toHaveLength(1);
  });

  it('one link accepted twice at once: one membership, the other answer a 404', async () => {
    const collectionId = await newCollection('Accepted twice');
    const person = await signedInCaller(ctx);
    const { token } = await invite(ctx, owner, collectionId, person, 'viewer');
    const outcomes = await Promise.allSettled([
      services.members.accept(asCaller(person), token),
      services.members.accept(asCaller(person), token),
    ]);
    expect(outcomes.map(statusOf).sort()).toEqual([200, 404]);
    const members = await services.members.list(asCaller(owner), collectionId);
    expect(members.filter((member) => member.email === person.email)).toEqual([
      expect.objectContaining({ role: 'viewer', status: 'active', user: person.id }),
    ]);
  });
});

describe('MembersService and live editing', () => {
  it('removing a member tells live editing that person’s access changed; a pending invitation tells nothing', async () => {
    const collectionId = await newCollection('Left');
    const member = await signedInCaller(ctx);
    const pending = await signedInCaller(ctx);
    const membership = await share(ctx, owner, collectionId, member, 'editor');
    const invitation = await invite(ctx, owner, collectionId, pending, 'viewer');

    services.notices.events.length = 0;
    await services.members.remove(asCaller(owner), collectionId, invitation.member.id);
    expect(services.notices.events).toEqual([]);
    await services.members.remove(asCaller(owner), collectionId, membership.id);
    expect(services.notices.events).toEqual([{ kind: 'access', scope: { users: [member.id] } }]);
  });
});
