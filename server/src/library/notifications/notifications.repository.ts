import { aliasedTable, and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_MAIL_MINUTES, type NotificationKind } from '@cw/contract';
import { collections, contents, notifications, notificationSettings, users } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';
import { insertJob } from '../../jobs/job-queue';
import { MAIL_JOB } from '../../mail/mail-queue';

/** The mail purpose of a batch of notifications (its subject is the person's user id). */
export const NOTIFICATIONS_PURPOSE = 'notifications';

const MAIL_WINDOW_MS = NOTIFICATION_MAIL_MINUTES * 60 * 1000;

/**
 * One notification, as a producer names it: written in the producer's transaction (the
 * repository is the transaction's). The comments code passes `commentId` and `excerpt`.
 */
export interface NotifyInput {
  kind: NotificationKind;
  recipientId: number;
  /** Who did it: nobody is told of their own action. */
  actorId: number;
  collectionId?: number;
  contentId?: number;
  commentId?: number;
  /** What the entry shows (kept: the subject may be renamed or gone). */
  collectionName?: string;
  contentTitle?: string;
  fromStatus?: string;
  toStatus?: string;
  role?: string;
  excerpt?: string;
  /** The app's clock. */
  at: Date;
}

const actor = aliasedTable(users, 'actor');

/** A notification with what its entry names, for the presenter. */
export const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  actorFirstName: actor.firstName,
  actorLastName: actor.lastName,
  collectionId: notifications.collectionId,
  collectionName: collections.name,
  contentId: notifications.contentId,
  contentTitle: contents.title,
  commentId: notifications.commentId,
  data: notifications.data,
  createdOn: notifications.createdOn,
  readOn: notifications.readOn,
};
export interface NotificationRow {
  id: number;
  kind: string;
  actorFirstName: string | null;
  actorLastName: string | null;
  collectionId: number | null;
  collectionName: string | null;
  contentId: number | null;
  contentTitle: string | null;
  commentId: number | null;
  data: Record<string, unknown>;
  createdOn: Date;
  readOn: Date | null;
}

/**
 * The `notifications` and `notification_settings` tables. Every read names its person: nobody
 * reads another's notifications, so there is no other access rule here.
 */
export class NotificationsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Writes a notification for `recipientId` (never for the actor's own action) and, when they
   * want this kind mailed, queues their batched mail: one job per person and mail window, due
   * when the last mail's 10 minutes have passed (decision 225). Their settings row is locked
   * first, so a mail being put together waits for this notification or sees it.
   */
  async notify(input: NotifyInput): Promise<void> {
    if (input.recipientId === input.actorId) return;
    await this.db.insert(notifications).values({
      userId: input.recipientId,
      kind: input.kind,
      actorId: input.actorId,
      collectionId: input.collectionId ?? null,
      contentId: input.contentId ?? null,
      commentId: input.commentId ?? null,
      data: dataOf(input),
      createdOn: input.at,
      // The invitation mail tells of an invitation: no notification mail does (decision 225).
      mailedOn: input.kind === 'invitation' ? input.at : null,
    });
    if (input.kind === 'invitation') return;
    const person = await this.lockSettings(input.recipientId);
    if (!person || person.mailOff.includes(input.kind)) return;
    const last = person.lastMailedOn?.getTime() ?? 0;
    const due = last + MAIL_WINDOW_MS;
    await insertJob(this.db, {
      kind: MAIL_JOB,
      runKey: `${NOTIFICATIONS_PURPOSE}:${input.recipientId}:${last}`,
      payload: {
        recipient: person.email,
        purpose: NOTIFICATIONS_PURPOSE,
        subjectId: input.recipientId,
      },
      runAfter: due > input.at.getTime() ? new Date(due) : undefined,
      createdOn: input.at,
    });
  }

  /** The person's settings row (made if missing) held until the transaction ends, and address. */
  async lockSettings(userId: number) {
    await this.db.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    const [row] = await this.db
      .select({
        email: users.email,
        mailOff: notificationSettings.mailOff,
        lastMailedOn: notificationSettings.lastMailedOn,
      })
      .from(notificationSettings)
      .innerJoin(users, eq(users.id, notificationSettings.userId))
      .where(eq(notificationSettings.userId, userId))
      .for('update', { of: notificationSettings });
    return row;
  }

  async list(userId: number, limit: number, offset: number) {
    const where = eq(notifications.userId, userId);
    return pageWithCount(
      this.db,
      this.withNames().where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
      notifications,
      where,
      { limit, offset },
    );
  }

  /** Unread and not yet mailed notifications of kinds mailed, oldest first (a mail's content). */
  async toMail(userId: number, mailOff: string[], limit: number): Promise<NotificationRow[]> {
    return this.withNames()
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.mailedOn),
          isNull(notifications.readOn),
          mailOff.length > 0
            ? sql`${notifications.kind} <> all(${sql.param(mailOff)}::text[])`
            : undefined,
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(limit);
  }

  async markMailed(userId: number, ids: number[], at: Date): Promise<void> {
    if (ids.length > 0) {
      await this.db
        .update(notifications)
        .set({ mailedOn: at })
        .where(
          and(
            eq(notifications.userId, userId),
            sql`${notifications.id} = any(${sql.param(ids)}::bigint[])`,
          ),
        );
    }
    await this.db
      .update(notificationSettings)
      .set({ lastMailedOn: at })
      .where(eq(notificationSettings.userId, userId));
  }

  async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readOn)));
    return row?.count ?? 0;
  }

  /** Marks one of the person's notifications read; false when it is not theirs (or gone). */
  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    const [row] = await this.db
      .update(notifications)
      .set({ readOn: sql`coalesce(${notifications.readOn}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return row !== undefined;
  }

  async markAllRead(userId: number, at: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readOn: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readOn)));
  }

  /** The kinds whose mail is off (none without a row). */
  async mailOff(userId: number): Promise<string[]> {
    const [row] = await this.db
      .select({ mailOff: notificationSettings.mailOff })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row?.mailOff ?? [];
  }

  async setMailOff(userId: number, mailOff: string[]): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ userId, mailOff })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { mailOff } });
  }

  /** The account of an address, if there is one (an invitation to it notifies its owner). */
  async accountOf(email: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }

  private withNames() {
    return this.db
      .select(notificationColumns)
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .leftJoin(
        collections,
        and(eq(collections.id, notifications.collectionId), isNull(collections.deletedOn)),
      )
      .leftJoin(
        contents,
        and(eq(contents.id, notifications.contentId), isNull(contents.deletedOn)),
      );
  }
}

function dataOf(input: NotifyInput): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (input.collectionName !== undefined) data.collectionName = input.collectionName;
  if (input.contentTitle !== undefined) data.contentTitle = input.contentTitle;
  if (input.fromStatus !== undefined) data.fromStatus = input.fromStatus;
  if (input.toStatus !== undefined) data.toStatus = input.toStatus;
  if (input.role !== undefined) data.role = input.role;
  if (input.excerpt !== undefined) data.excerpt = input.excerpt;
  return data;
}
