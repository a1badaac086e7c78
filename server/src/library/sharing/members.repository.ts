import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { MemberRole } from '@cw/contract';
import { collectionMembers, collections, users } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { anyOf, PreparedQueries } from '../../db/prepared';
import { fullName, type MemberPreviewRow } from '../shared/rows';

export type MemberRow = typeof collectionMembers.$inferSelect;

/** A membership with the person's details (null while only invited). */
export interface MemberWithPerson extends MemberRow {
  firstName: string | null;
  lastName: string | null;
  profilePic: string | null;
}

/** What an invitation mail or page names. */
export interface InvitationRow {
  member: MemberRow;
  collectionName: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}

const PREVIEW_SIZE = 5;

/**
 * The `collection_members` table (docs/api.md, "Sharing"). Access checks are not made here:
 * services call these only after the policy has allowed the request.
 */
export class MembersRepository {
  private readonly prepared = new PreparedQueries();

  constructor(private readonly db: Executor) {}

  /** The owner's own row, written with the collection. */
  async insertOwner(collectionId: number, ownerId: number): Promise<void> {
    await this.db.execute(
      sql`insert into ${collectionMembers} (collection_id, user_id, email, role, status, accepted_on)
          select ${collectionId}, ${users.id}, ${users.email}, 'owner', 'active', now()
          from ${users} where ${users.id} = ${ownerId}`,
    );
  }

  /** Everyone of a collection, owner first, then by when they were invited. */
  async listOf(collectionId: number, withInvited: boolean): Promise<MemberWithPerson[]> {
    return this.db
      .select({
        ...memberColumns,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePic: users.profilePic,
      })
      .from(collectionMembers)
      .leftJoin(users, eq(users.id, collectionMembers.userId))
      .where(
        and(
          eq(collectionMembers.collectionId, collectionId),
          withInvited ? undefined : eq(collectionMembers.status, 'active'),
        ),
      )
      .orderBy(
        sql`case ${collectionMembers.role} when 'owner' then 0 else 1 end`,
        sql`case ${collectionMembers.status} when 'active' then 0 else 1 end`,
        asc(collectionMembers.id),
      );
  }

  async findIn(collectionId: number, memberId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collectionMembers)
      .where(
        and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.id, memberId)),
      )
      .for('update');
    return row;
  }

  async findByEmail(collectionId: number, email: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collectionMembers)
      .where(
        and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.email, email)),
      );
    return row;
  }

  async insertInvitation(values: {
    collectionId: number;
    email: string;
    role: MemberRole;
    invitedBy: number;
    at: Date;
  }): Promise<MemberRow> {
    const [row] = await this.db
      .insert(collectionMembers)
      .values({
        collectionId: values.collectionId,
        email: values.email,
        role: values.role,
        status: 'invited',
        invitedBy: values.invitedBy,
        lastSentAt: values.at,
        createdOn: values.at,
      })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row;
  }

  async setRole(memberId: number, role: MemberRole): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .update(collectionMembers)
      .set({ role })
      .where(and(eq(collectionMembers.id, memberId), ne(collectionMembers.role, 'owner')))
      .returning();
    return row;
  }

  async delete(memberId: number): Promise<boolean> {
    const deleted = await this.db
      .delete(collectionMembers)
      .where(and(eq(collectionMembers.id, memberId), ne(collectionMembers.role, 'owner')))
      .returning({ id: collectionMembers.id });
    return deleted.length > 0;
  }

  /** A new mail is on its way: the link of the last one stops working now. */
  async markResent(memberId: number, at: Date): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .update(collectionMembers)
      .set({ lastSentAt: at, tokenHash: null, tokenExpiresAt: null })
      .where(and(eq(collectionMembers.id, memberId), eq(collectionMembers.status, 'invited')))
      .returning();
    return row;
  }

  /** The invitation a queued mail is about, if it is still pending for that address. */
  async pendingInvitation(memberId: number, email: string): Promise<InvitationRow | undefined> {
    return this.invitationWhere(
      and(
        eq(collectionMembers.id, memberId),
        eq(collectionMembers.email, email),
        eq(collectionMembers.status, 'invited'),
      ),
    );
  }

  /** The pending, unexpired invitation whose link token hashes to `tokenHash`. */
  async invitationByToken(tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
    return this.invitationWhere(
      and(
        eq(collectionMembers.tokenHash, tokenHash),
        eq(collectionMembers.status, 'invited'),
        gt(collectionMembers.tokenExpiresAt, now),
      ),
    );
  }

  private async invitationWhere(where: ReturnType<typeof and>): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select({
        member: memberColumns,
        collectionName: collections.name,
        inviterFirstName: users.firstName,
        inviterLastName: users.lastName,
      })
      .from(collectionMembers)
      .innerJoin(collections, eq(collections.id, collectionMembers.collectionId))
      .leftJoin(users, eq(users.id, collectionMembers.invitedBy))
      // An invitation to a collection in the trash is unknown while it is there (decision 130).
      .where(and(where, isNull(collections.deletedOn)))
      .for('update', { of: collectionMembers });
    return row;
  }

  async setToken(memberId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(collectionMembers)
      .set({ tokenHash, tokenExpiresAt: expiresAt })
      .where(eq(collectionMembers.id, memberId));
  }

  async accept(memberId: number, userId: number, at: Date): Promise<void> {
    await this.db
      .update(collectionMembers)
      .set({
        userId,
        status: 'active',
        tokenHash: null,
        tokenExpiresAt: null,
        acceptedOn: at,
      })
      .where(eq(collectionMembers.id, memberId));
  }

  /** The first accepted members (not the owner) of a page of collections, and how many. */
  async previews(collectionIds: number[]): Promise<MemberPreviewRow[]> {
    if (collectionIds.length === 0) return [];
    const query = this.prepared.once('collection_member_previews', (name) => {
      const ranked = this.db
        .select({
          collectionId: collectionMembers.collectionId,
          userId: sql<number>`${collectionMembers.userId}`.as('member_user_id'),
          firstName: users.firstName,
          lastName: users.lastName,
          profilePic: users.profilePic,
          rank: sql<number>`row_number() over (partition by ${collectionMembers.collectionId} order by ${collectionMembers.id})`.as(
            'rank',
          ),
          total:
            sql<number>`(count(*) over (partition by ${collectionMembers.collectionId}))::int`.as(
              'total',
            ),
        })
        .from(collectionMembers)
        .innerJoin(users, eq(users.id, collectionMembers.userId))
        .where(
          and(
            anyOf(collectionMembers.collectionId, 'ids'),
            eq(collectionMembers.status, 'active'),
            ne(collectionMembers.role, 'owner'),
          ),
        )
        .as('ranked');
      return this.db
        .select({
          collectionId: ranked.collectionId,
          userId: ranked.userId,
          firstName: ranked.firstName,
          lastName: ranked.lastName,
          profilePic: ranked.profilePic,
          total: ranked.total,
        })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${PREVIEW_SIZE}`)
        .orderBy(asc(ranked.collectionId), asc(ranked.rank))
        .prepare(name);
    });
    return query.execute({ ids: collectionIds });
  }

  /** The address and whether it is verified, of the account accepting an invitation. */
  async account(userId: number): Promise<{ email: string; isVerified: boolean } | undefined> {
    const [row] = await this.db
      .select({ email: users.email, isVerified: users.isVerified })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Names of a page's owners and last editors. */
  async people(ids: number[]): Promise<Map<number, { name: string; profilePic: string | null }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const query = this.prepared.once('people', (name) =>
      this.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profilePic: users.profilePic,
        })
        .from(users)
        .where(anyOf(users.id, 'ids'))
        .prepare(name),
    );
    const rows = await query.execute({ ids: unique });
    return new Map(
      rows.map((row) => [
        row.id,
        { name: fullName(row.firstName, row.lastName), profilePic: row.profilePic },
      ]),
    );
  }
}

const memberColumns = {
  id: collectionMembers.id,
  collectionId: collectionMembers.collectionId,
  userId: collectionMembers.userId,
  email: collectionMembers.email,
  role: collectionMembers.role,
  status: collectionMembers.status,
  invitedBy: collectionMembers.invitedBy,
  tokenHash: collectionMembers.tokenHash,
  tokenExpiresAt: collectionMembers.tokenExpiresAt,
  lastSentAt: collectionMembers.lastSentAt,
  createdOn: collectionMembers.createdOn,
  acceptedOn: collectionMembers.acceptedOn,
};
