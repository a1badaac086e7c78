import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  INVITATION_VALID_DAYS,
  MEMBER_ROLES,
  type Collection,
  type Invitation,
  type Member,
  type memberCreateBodySchema,
  type memberPatchBodySchema,
} from '@cw/contract';
import { sqlState } from '../../db/errors';
import {
  invitationMailBucket,
  invitationSenderBucket,
  type LimitRule,
} from '../../auth/rate-limit';
import { badRequest, forbidden, notFound, validationFailed } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/messages';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { LibraryRepositories, LibraryStore } from '../library-store';
import type { MemberRow } from './members.repository';
import { fullName } from '../shared/rows';
import { presentMember } from './members.presenter';
import { recordInvitation, recordJoined, recordRemoval, recordRoleChange } from './sharing-events';
import type { CollabNotices } from '../../collab/collab-bus';

type MemberCreateInput = z.output<typeof memberCreateBodySchema>;
type MemberPatchInput = z.output<typeof memberPatchBodySchema>;

export const INVITATION_PURPOSE = 'invitation';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What sharing needs of collections: the collection an invitation was accepted into, as its
 * new member sees it (`CollectionsService.presentFor`, given by library.plugin.ts).
 */
export interface CollectionPresenter {
  presentFor(repos: LibraryRepositories, caller: Caller, id: number): Promise<Collection>;
}

export interface MembersDeps {
  store: LibraryStore;
  collections: CollectionPresenter;
  mailer: Mailer;
  /** Where queued invitation mails go out; `kick` after a commit that queued one. */
  mailQueue: { kick(): void };
  /** The site's address, for the link in the mail (PUBLIC_URL). */
  publicUrl: string;
  /** Invitation mails one person may send: 20 an hour (decision 193). */
  invitationMailsPerInviter: LimitRule;
  now: () => Date;
  /** Open editors of someone whose role changed or who left are checked again at once. */
  notices: CollabNotices;
}

/** The link token is 32 random bytes; only its SHA-256 is kept (it is as strong as a key). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sharing a collection (docs/api.md, "Sharing"): its members, invitations by email and their
 * acceptance. Who may do what is the policy's (`requireRole`); this service keeps the rules of
 * the invitation itself.
 */
export class MembersService {
  constructor(private readonly deps: MembersDeps) {}

  private get store() {
    return this.deps.store;
  }

  /** The owner first, then members; pending invitations only for the owner. */
  async list(caller: Caller, collectionId: number): Promise<Member[]> {
    const access = await this.store.repos.access.onCollection(caller, collectionId);
    requireRole(access?.role, 'read');
    const rows = await this.store.repos.members.listOf(collectionId, access.role === 'owner');
    return rows.map(presentMember);
  }

  async invite(caller: Caller, collectionId: number, body: MemberCreateInput): Promise<Member> {
    const member = await this.store
      .transaction(async (repos) => {
        requireRole((await repos.access.onCollection(caller, collectionId))?.role, 'manage');
        const existing = await repos.members.findByEmail(collectionId, body.email);
        if (existing) throw alreadyThere(existing);
        await this.countMail(repos, caller, body.email);
        const now = this.deps.now();
        const row = await repos.members.insertInvitation({
          collectionId,
          email: body.email,
          role: body.role,
          invitedBy: caller.userId,
          at: now,
        });
        await this.queueMail(repos, row, now);
        await recordInvitation(repos, caller, row, now);
        return row;
      })
      .catch((error: unknown) => {
        // The same address invited twice at once: one insert wins.
        if (sqlState(error) === '23505') {
          throw validationFailed({ email: ['This person is already invited.'] });
        }
        throw error;
      });
    this.deps.mailQueue.kick();
    return this.presentOne(collectionId, member.id);
  }

  async updateRole(
    caller: Caller,
    collectionId: number,
    memberId: number,
    body: MemberPatchInput,
  ): Promise<Member> {
    const userId = await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, collectionId))?.role, 'manage');
      const target = await repos.members.findIn(collectionId, memberId);
      if (!target) throw notFound();
      if (target.role === 'owner') {
        throw validationFailed({ role: ['The owner’s role cannot change.'] });
      }
      await repos.members.setRole(memberId, body.role);
      await recordRoleChange(repos, caller, target, body.role, this.deps.now());
      return target.userId;
    });
    if (userId !== null) this.deps.notices.accessChanged({ users: [userId] });
    return this.presentOne(collectionId, memberId);
  }

  /**
   * The owner removes a member or revokes an invitation; a member removes themselves (leaves).
   * The member's next call answers 404: access is read from this table in every query, and a
   * write under way holds the membership until it commits (decision 100).
   */
  async remove(caller: Caller, collectionId: number, memberId: number): Promise<void> {
    const userId = await this.store.transaction(async (repos) => {
      const access = await repos.access.onCollection(caller, collectionId);
      requireRole(access?.role, 'read');
      const target = await repos.members.findIn(collectionId, memberId);
      if (!target) throw notFound();
      if (target.userId === caller.userId) {
        if (target.role === 'owner') {
          throw badRequest('You own this collection: delete it rather than leave it.');
        }
      } else {
        requireRole(access.role, 'manage');
      }
      if (!(await repos.members.delete(memberId))) throw notFound();
      await recordRemoval(repos, caller, target, this.deps.now());
      return target.userId;
    });
    // Their open editors of the collection's items close (docs/api.md, "Writing together").
    if (userId !== null) this.deps.notices.accessChanged({ users: [userId] });
  }

  /** A pending invitation's mail again, with a new link (the old one stops working). */
  async resend(caller: Caller, collectionId: number, memberId: number): Promise<Member> {
    await this.store.transaction(async (repos) => {
      requireRole((await repos.access.onCollection(caller, collectionId))?.role, 'manage');
      const target = await repos.members.findIn(collectionId, memberId);
      if (!target) throw notFound();
      if (target.status !== 'invited') {
        throw badRequest('This person has already accepted the invitation.');
      }
      await this.countMail(repos, caller, target.email);
      const now = this.deps.now();
      const row = await repos.members.markResent(memberId, now);
      if (!row) throw notFound();
      await this.queueMail(repos, row, now);
    });
    this.deps.mailQueue.kick();
    return this.presentOne(collectionId, memberId);
  }

  /** What an invitation link offers, for whoever holds it. */
  async invitation(token: string): Promise<Invitation> {
    const found = await this.store.repos.members.invitationByToken(
      hashToken(token),
      this.deps.now(),
    );
    if (!found) throw notFound('This invitation link is not valid any more.');
    const { member } = found;
    return {
      collection: { id: member.collectionId, name: found.collectionName },
      invited_by: fullName(found.inviterFirstName, found.inviterLastName) || 'Someone',
      role: asMemberRole(member.role),
      email: member.email,
      expires_on: (member.tokenExpiresAt ?? this.deps.now()).toISOString(),
    };
  }

  /**
   * Only the account whose verified email is the invited one may accept (403 for any other);
   * an unknown, used or expired link is a 404 whoever asks. The link works once.
   */
  async accept(caller: Caller, token: string): Promise<Collection> {
    return this.store.transaction(async (repos) => {
      const now = this.deps.now();
      const found = await repos.members.invitationByToken(hashToken(token), now);
      if (!found) throw notFound('This invitation link is not valid any more.');
      const account = await repos.members.account(caller.userId);
      if (!account || !account.isVerified || account.email !== found.member.email) {
        throw forbidden(
          'This invitation was sent to another email address. Sign in with that address to accept it.',
        );
      }
      await repos.members.accept(found.member.id, caller.userId, now);
      await recordJoined(repos, caller, found.member, now);
      return this.deps.collections.presentFor(repos, caller, found.member.collectionId);
    });
  }

  /**
   * The mail queue's delivery of one invitation (after the answer): a new link token is made
   * now, its hash kept, and the mail sent. Nothing is sent for an invitation revoked or
   * accepted since.
   */
  async deliver(mail: { recipient: string; subjectId: number | null }): Promise<void> {
    if (mail.subjectId === null) return;
    const memberId = mail.subjectId;
    const message = await this.store.transaction(async (repos) => {
      const found = await repos.members.pendingInvitation(memberId, mail.recipient);
      if (!found) return undefined;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(this.deps.now().getTime() + INVITATION_VALID_DAYS * DAY_MS);
      await repos.members.setToken(memberId, hashToken(token), expiresAt);
      return invitationMail({
        to: found.member.email,
        inviterName: fullName(found.inviterFirstName, found.inviterLastName),
        collectionName: found.collectionName,
        role: asMemberRole(found.member.role),
        link: `${this.deps.publicUrl.replace(/\/+$/, '')}/invitations/${token}`,
        validDays: INVITATION_VALID_DAYS,
      });
    });
    if (message) await this.deps.mailer.send(message);
  }

  /**
   * One invitation mail per address every 30 s, whoever's collection it invites to (decision
   * 101), and 20 an hour per inviter, all their collections together (decision 193; docs/auth.md,
   * "Invitations"): `429` with `Retry-After` past either. Counted in the caller's transaction,
   * so an invite refused (a 429 included) or rolled back for another reason counts nothing and
   * writes nothing, and two invites at once on PostgreSQL serialise on the buckets' rows.
   */
  private async countMail(
    repos: LibraryRepositories,
    caller: Caller,
    email: string,
  ): Promise<void> {
    await repos.rateLimits.consume([
      invitationMailBucket(email),
      invitationSenderBucket(caller.userId, this.deps.invitationMailsPerInviter),
    ]);
  }

  private async queueMail(repos: LibraryRepositories, row: MemberRow, at: Date): Promise<void> {
    await repos.queuedMails.enqueue({
      recipient: row.email,
      purpose: INVITATION_PURPOSE,
      subjectId: row.id,
      at,
    });
  }

  private async presentOne(collectionId: number, memberId: number): Promise<Member> {
    const rows = await this.store.repos.members.listOf(collectionId, true);
    const row = rows.find((member) => member.id === memberId);
    if (!row) throw notFound();
    return presentMember(row);
  }
}

const asMemberRole = (role: string) => MEMBER_ROLES.find((known) => known === role) ?? 'viewer';

function alreadyThere(existing: MemberRow) {
  if (existing.role === 'owner') {
    return validationFailed({ email: ['This is the owner’s address: they already have access.'] });
  }
  return validationFailed({
    email: [
      existing.status === 'active'
        ? 'This person is already a member of this collection.'
        : 'This person is already invited. Resend the invitation instead.',
    ],
  });
}
