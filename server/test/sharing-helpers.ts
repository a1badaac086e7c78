import { expect } from 'vitest';
import { INVITATION_RESEND_SECONDS, type Collection, type Member } from '@cw/contract';
import type { Caller } from './library-helpers';
import type { TestContext } from './helpers';

/** The invitation link token in the newest mail to `email` (after the queue has sent it). */
export async function invitationToken(ctx: TestContext, email: string): Promise<string> {
  await ctx.mailQueue.drain();
  const text = ctx.outbox.last(email)?.text ?? '';
  const token = /\/invitations\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

/**
 * The owner invites `person` with `role`; the invitation is left pending. The test clock then
 * moves past the 30-second cool-down of invitation mails to one address (docs/auth.md), so a
 * test may invite the same person to another collection next.
 */
export async function invite(
  ctx: TestContext,
  owner: Caller,
  collectionId: number,
  person: { email: string },
  role: 'editor' | 'viewer',
): Promise<{ member: Member; token: string }> {
  const res = await owner.post(`/api/collections/list/${collectionId}/members/`, {
    email: person.email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = await invitationToken(ctx, person.email);
  ctx.clock.advance(INVITATION_RESEND_SECONDS * 1000);
  return { member: res.json<Member>(), token };
}

/** The owner shares the collection with `person`, who accepts: their membership. */
export async function share(
  ctx: TestContext,
  owner: Caller,
  collectionId: number,
  person: Caller,
  role: 'editor' | 'viewer',
): Promise<Member> {
  const { member, token } = await invite(ctx, owner, collectionId, person, role);
  const accepted = await person.post(`/api/invitations/${token}/accept/`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json<Collection>().role).toBe(role);
  return member;
}
