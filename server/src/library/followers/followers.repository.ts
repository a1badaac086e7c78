import { and, asc, count, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import {
  collectionFollowers,
  collections,
  contentCollections,
  contents,
  contentVersions,
  followerAnnouncements,
} from '../../db/schema';
import { insertJob } from '../../jobs/job-queue';
import { publicCollectionScope, publicItemScope } from '../../policy/library.policy';

/** The job that queues an announcement's mails, a batch of followers at a time. */
export const FOLLOWERS_JOB = 'followers';

export type FollowerRow = typeof collectionFollowers.$inferSelect;
export type AnnouncementRow = typeof followerAnnouncements.$inferSelect;

export interface FollowedCollection {
  id: number;
  name: string;
  publicId: string;
}

/**
 * Followers by email and the announcements of newly published items (decision 247). Nothing
 * here reads a caller: the owner's calls are checked by the service (the policy's role on the
 * collection); a visitor reaches a collection only through its public link
 * (`publicCollectionScope`), and a follower only through a signed link naming their row.
 */
/** The row of one address (by its hash) for one collection. */
const ofAddress = (collectionId: number, emailHash: string) =>
  and(
    eq(collectionFollowers.collectionId, collectionId),
    eq(collectionFollowers.emailHash, emailHash),
  );

export class FollowersRepository {
  constructor(private readonly db: Executor) {}

  /** The collection a public link names, while it is on the web. */
  async publicCollection(publicId: string): Promise<FollowedCollection | undefined> {
    const [row] = await this.db
      .select({ id: collections.id, name: collections.name, publicId: collections.publicId })
      .from(collections)
      .where(publicCollectionScope(publicId));
    return row?.publicId ? { id: row.id, name: row.name, publicId: row.publicId } : undefined;
  }

  /** A followed collection by id, while it is on the web. */
  async collectionOnTheWeb(id: number): Promise<FollowedCollection | undefined> {
    const [row] = await this.db
      .select({ id: collections.id, name: collections.name, publicId: collections.publicId })
      .from(collections)
      .where(and(eq(collections.id, id), isNull(collections.deletedOn)));
    return row?.publicId ? { id: row.id, name: row.name, publicId: row.publicId } : undefined;
  }

  /** The address's row for a collection, locked (two follows at once wait for each other). */
  async lockByHash(collectionId: number, emailHash: string): Promise<FollowerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collectionFollowers)
      .where(ofAddress(collectionId, emailHash))
      .for('update');
    return row;
  }

  /**
   * A new pending follower, or undefined when another request wrote the same address first
   * (its row then stands).
   */
  async insertPending(values: {
    collectionId: number;
    email: string;
    emailHash: string;
    at: Date;
  }): Promise<FollowerRow | undefined> {
    const [row] = await this.db
      .insert(collectionFollowers)
      .values({
        collectionId: values.collectionId,
        email: values.email,
        emailHash: values.emailHash,
        createdOn: values.at,
        confirmSentOn: values.at,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async markConfirmationSent(id: number, at: Date): Promise<void> {
    await this.db
      .update(collectionFollowers)
      .set({ confirmSentOn: at })
      .where(eq(collectionFollowers.id, id));
  }

  async find(id: number): Promise<FollowerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collectionFollowers)
      .where(eq(collectionFollowers.id, id));
    return row;
  }

  /** A confirmed follower of a collection by address hash (an item mail's recipient). */
  async confirmedByHash(collectionId: number, emailHash: string): Promise<FollowerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(collectionFollowers)
      .where(and(ofAddress(collectionId, emailHash), isNotNull(collectionFollowers.confirmedOn)));
    return row;
  }

  /** Confirms a pending row; false when there was none (already confirmed, or gone). */
  async confirm(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(collectionFollowers)
      .set({ confirmedOn: at })
      .where(and(eq(collectionFollowers.id, id), isNull(collectionFollowers.confirmedOn)))
      .returning({ id: collectionFollowers.id });
    return rows.length > 0;
  }

  /** Unsubscribing forgets the address altogether. */
  async remove(id: number): Promise<void> {
    await this.db.delete(collectionFollowers).where(eq(collectionFollowers.id, id));
  }

  /** Pending addresses whose last confirmation link has expired are forgotten. */
  async forgetUnconfirmed(before: Date): Promise<void> {
    await this.db
      .delete(collectionFollowers)
      .where(
        and(
          isNull(collectionFollowers.confirmedOn),
          lte(
            sql`coalesce(${collectionFollowers.confirmSentOn}, ${collectionFollowers.createdOn})`,
            before.toISOString(),
          ),
        ),
      );
  }

  async counts(collectionId: number): Promise<{ followers: number; pending: number }> {
    const [row] = await this.db
      .select({
        followers: count(collectionFollowers.confirmedOn),
        all: count(),
      })
      .from(collectionFollowers)
      .where(eq(collectionFollowers.collectionId, collectionId));
    const followers = Number(row?.followers ?? 0);
    return { followers, pending: Number(row?.all ?? 0) - followers };
  }

  /** The confirmed followers, oldest first (the owner's export). */
  async confirmed(collectionId: number): Promise<{ email: string; confirmedOn: Date }[]> {
    const rows = await this.db
      .select({ email: collectionFollowers.email, confirmedOn: collectionFollowers.confirmedOn })
      .from(collectionFollowers)
      .where(
        and(
          eq(collectionFollowers.collectionId, collectionId),
          isNotNull(collectionFollowers.confirmedOn),
        ),
      )
      .orderBy(asc(collectionFollowers.id));
    return rows.flatMap((row) =>
      row.confirmedOn ? [{ email: row.email, confirmedOn: row.confirmedOn }] : [],
    );
  }

  /**
   * An item newly on the web (switched to its public page, or put in another collection while
   * public): one announcement per collection of it that is on the web and has a confirmed
   * follower, unless that item was announced there before (one mail per item, ever), each with
   * the job that queues its mails. In the transaction of the change: rolled back, nobody hears.
   */
  async announce(contentId: number, at: Date, onlyCollections?: number[]): Promise<number> {
    if (onlyCollections && onlyCollections.length === 0) return 0;
    const only = onlyCollections
      ? sql`and ${contentCollections.collectionId} in (${sql.join(
          onlyCollections.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const inserted = await this.db.execute<{ id: number }>(sql`
      insert into ${followerAnnouncements} (collection_id, content_id, created_on)
      select ${contentCollections.collectionId}, ${contentId}, ${at.toISOString()}::timestamptz
      from ${contentCollections}
      join ${collections} on ${collections.id} = ${contentCollections.collectionId}
      where ${contentCollections.contentId} = ${contentId} ${only}
        and ${collections.publicId} is not null and ${collections.deletedOn} is null
        and exists (select 1 from ${contents} where ${contents.id} = ${contentId}
                    and ${publicItemScope(contentCollections.collectionId)})
        and exists (select 1 from ${collectionFollowers}
                    where ${collectionFollowers.collectionId} = ${contentCollections.collectionId}
                      and ${collectionFollowers.confirmedOn} is not null)
      on conflict do nothing
      returning id`);
    const ids = (inserted as unknown as { rows: { id: number }[] }).rows;
    for (const { id } of ids) await this.queueBatch(Number(id), 0, at);
    return ids.length;
  }

  /** The job that queues an announcement's mails after follower `after` (due at `runAfter`). */
  async queueBatch(
    announcementId: number,
    after: number,
    at: Date,
    runAfter?: Date,
  ): Promise<void> {
    await insertJob(this.db, {
      kind: FOLLOWERS_JOB,
      runKey: `${FOLLOWERS_JOB}:${announcementId}:${after}`,
      payload: { announcement: announcementId },
      createdOn: at,
      ...(runAfter ? { runAfter } : {}),
    });
  }

  /** The item's collections now (to tell which a change of them adds). */
  async collectionsOf(contentId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: contentCollections.collectionId })
      .from(contentCollections)
      .where(eq(contentCollections.contentId, contentId));
    return rows.map((row) => row.id);
  }

  /** An announcement, locked while its next batch is queued. */
  async lockAnnouncement(id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db
      .select()
      .from(followerAnnouncements)
      .where(eq(followerAnnouncements.id, id))
      .for('update');
    return row;
  }

  async announcement(id: number): Promise<AnnouncementRow | undefined> {
    const [row] = await this.db
      .select()
      .from(followerAnnouncements)
      .where(eq(followerAnnouncements.id, id));
    return row;
  }

  /**
   * The next followers of an announcement: confirmed by the time it was made (someone who
   * follows later hears of later items), after the last one queued, by id.
   */
  async nextFollowers(
    announcement: AnnouncementRow,
    limit: number,
  ): Promise<{ id: number; email: string }[]> {
    return this.db
      .select({ id: collectionFollowers.id, email: collectionFollowers.email })
      .from(collectionFollowers)
      .where(
        and(
          eq(collectionFollowers.collectionId, announcement.collectionId),
          isNotNull(collectionFollowers.confirmedOn),
          lte(collectionFollowers.confirmedOn, announcement.createdOn),
          gt(collectionFollowers.id, announcement.lastFollowerId),
        ),
      )
      .orderBy(asc(collectionFollowers.id))
      .limit(limit);
  }

  async advance(id: number, lastFollowerId: number, doneOn: Date | null): Promise<void> {
    await this.db
      .update(followerAnnouncements)
      .set({ lastFollowerId, doneOn })
      .where(eq(followerAnnouncements.id, id));
  }

  /** What an item mail names: the item's published title and summary, while it is public there. */
  async publicItem(
    collectionId: number,
    contentId: number,
  ): Promise<{ title: string; summary: string } | undefined> {
    const [row] = await this.db
      .select({ title: contentVersions.title, summary: contents.summary })
      .from(contents)
      .innerJoin(contentVersions, eq(contentVersions.id, contents.publishedVersionId))
      .where(and(eq(contents.id, contentId), publicItemScope(collectionId)));
    return row;
  }
}
