import { emailSchema, FOLLOW_CONFIRM_RESEND_HOURS, FOLLOW_CONFIRM_VALID_DAYS } from '@cw/contract';
import type { FollowerCount } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import type { Bucket, LimitRule } from '../../auth/rate-limit';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { MailQueue, QueuedMail } from '../../mail/mail-queue';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { LibraryStore } from '../library-store';
import {
  emailHash,
  followConfirmationMail,
  FollowerTokens,
  ipHash,
  newItemMail,
  normaliseEmail,
} from './follower-mail';
import {
  badLinkPage,
  checkInboxPage,
  confirmedPage,
  confirmPage,
  invalidEmailPage,
  tooManyFollowsPage,
  unsubscribedPage,
  unsubscribePage,
} from './follower-pages';
import type { FollowedCollection } from './followers.repository';

/** The confirmation mail's purpose in the mail queue (its subject: the follower's row). */
export const FOLLOW_CONFIRM_PURPOSE = 'follow_confirm';
/** A new item's mail (its subject: the announcement; its recipient names the follower). */
export const FOLLOWER_ITEM_PURPOSE = 'follower_item';

const HOUR = 60 * 60 * 1000;
/** The shape of a collection's public id (as the public pages check it before any query). */
const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
const DAY = 24 * HOUR;

/** The follow form's limits (decision 247; `AuthLimits`-like numbers tests may change). */
export interface FollowLimits {
  /** Follow requests from one client IP, whatever the collection and address. */
  perIp: LimitRule;
  /** Follow requests for one address, whatever the collection. */
  perAddress: LimitRule;
  /** Mails queued per batch of an announcement, and the wait between batches. */
  batchSize: number;
  batchIntervalMs: number;
}

export const DEFAULT_FOLLOW_LIMITS: FollowLimits = {
  perIp: { limit: 20, windowMs: HOUR },
  perAddress: { limit: 5, windowMs: HOUR },
  batchSize: 50,
  batchIntervalMs: 60_000,
};

/** An HTML answer: the routes send it as it is. */
export interface PageAnswer {
  status: 200 | 400 | 429;
  html: string;
  headers?: Record<string, string>;
}

export interface FollowersDeps {
  store: LibraryStore;
  mailer: Mailer;
  mailQueue: MailQueue;
  publicUrl: string;
  secret: string;
  now: () => Date;
  limits?: FollowLimits;
}

/** Thrown when a public link names nothing on the web: the routes answer the public 404. */
export class NotFollowable extends Error {}

/**
 * Followers by email of a published collection (docs/api.md, "Followers"; decision 247): the
 * public page's form, double opt-in by a signed link, one mail per newly published item sent
 * through the mail queue in batches, one-click unsubscribe, and the owner's count and export.
 */
export class FollowersService {
  private readonly tokens: FollowerTokens;
  private readonly limits: FollowLimits;

  constructor(private readonly deps: FollowersDeps) {
    this.tokens = new FollowerTokens(deps.secret);
    this.limits = deps.limits ?? DEFAULT_FOLLOW_LIMITS;
  }

  private pageHref(collection: FollowedCollection): string {
    return pathOf('public.page', { public_id: collection.publicId });
  }

  /**
   * The follow form. Whatever the address's state (new, pending, following), the answer is the
   * same page: it tells nobody who follows. A new address gets one confirmation mail; a pending
   * one gets another only once its last is a day old; a follower gets none.
   */
  async follow(publicId: string, rawEmail: string, ip: string): Promise<PageAnswer> {
    if (!PUBLIC_ID.test(publicId)) throw new NotFollowable();
    const collection = await this.deps.store.repos.followers.publicCollection(publicId);
    if (!collection) throw new NotFollowable();
    const parsed = emailSchema.safeParse(rawEmail);
    if (!parsed.success) {
      return { status: 400, html: invalidEmailPage(collection.name, this.pageHref(collection)) };
    }
    const email = normaliseEmail(parsed.data);
    const hash = emailHash(email);
    const now = this.deps.now();
    const buckets: Bucket[] = [
      { key: `follow:ip:${ipHash(ip)}`, rule: this.limits.perIp },
      { key: `follow:addr:${hash}`, rule: this.limits.perAddress },
    ];
    try {
      const queued = await this.deps.store.transaction(async (repos) => {
        await repos.rateLimits.consume(buckets);
        await repos.followers.forgetUnconfirmed(
          new Date(now.getTime() - FOLLOW_CONFIRM_VALID_DAYS * DAY),
        );
        const row = await repos.followers.lockByHash(collection.id, hash);
        if (row?.confirmedOn) return false;
        if (row) {
          const last = row.confirmSentOn ?? row.createdOn;
          if (now.getTime() - last.getTime() < FOLLOW_CONFIRM_RESEND_HOURS * HOUR) return false;
          await repos.followers.markConfirmationSent(row.id, now);
          await repos.queuedMails.enqueue({
            recipient: email,
            purpose: FOLLOW_CONFIRM_PURPOSE,
            subjectId: row.id,
            at: now,
          });
          return true;
        }
        const inserted = await repos.followers.insertPending({
          collectionId: collection.id,
          email,
          emailHash: hash,
          at: now,
        });
        if (!inserted) return false;
        await repos.queuedMails.enqueue({
          recipient: email,
          purpose: FOLLOW_CONFIRM_PURPOSE,
          subjectId: inserted.id,
          at: now,
        });
        return true;
      });
      if (queued) this.deps.mailQueue.kick();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) {
        const seconds = Number(error.headers?.['retry-after'] ?? 60);
        return {
          status: 429,
          html: tooManyFollowsPage(Math.max(1, Math.ceil(seconds / 60))),
          headers: { 'retry-after': String(seconds) },
        };
      }
      throw error;
    }
    return { status: 200, html: checkInboxPage(collection.name, this.pageHref(collection), email) };
  }

  /** The confirmation link opened: a button (a mail scanner's GET confirms nothing). */
  async confirmPage(token: string): Promise<PageAnswer> {
    const found = await this.pending(token);
    if (!found) return { status: 400, html: badLinkPage() };
    return { status: 200, html: confirmPage(found.collection.name) };
  }

  async confirm(token: string): Promise<PageAnswer> {
    const found = await this.pending(token);
    if (!found) return { status: 400, html: badLinkPage() };
    await this.deps.store.repos.followers.confirm(found.id, this.deps.now());
    return {
      status: 200,
      html: confirmedPage(found.collection.name, this.pageHref(found.collection)),
    };
  }

  /** A pending follower a confirmation token names, its link unexpired, its collection on the web. */
  private async pending(token: string) {
    const id = this.tokens.idOf(token);
    if (id === undefined) return undefined;
    const { followers } = this.deps.store.repos;
    const row = await followers.find(id);
    if (!row || !this.tokens.matches(token, 'confirm', row)) return undefined;
    const collection = await followers.collectionOnTheWeb(row.collectionId);
    if (!collection) return undefined;
    // Already confirmed (the link pressed twice): the same page, nothing changes.
    if (row.confirmedOn) return { id: row.id, collection };
    const sent = (row.confirmSentOn ?? row.createdOn).getTime();
    if (this.deps.now().getTime() - sent > FOLLOW_CONFIRM_VALID_DAYS * DAY) return undefined;
    return { id: row.id, collection };
  }

  /** The unsubscribe link opened: a button (changes nothing). */
  async unsubscribePage(token: string): Promise<PageAnswer> {
    const id = this.unsubscribeId(token);
    if (id === undefined) return { status: 400, html: badLinkPage() };
    const row = await this.deps.store.repos.followers.find(id);
    if (!row) return { status: 200, html: unsubscribedPage() };
    const collection = await this.deps.store.repos.followers.collectionOnTheWeb(row.collectionId);
    return { status: 200, html: unsubscribePage(collection?.name ?? 'this collection') };
  }

  /** One click (RFC 8058) or the page's button: the row, and so the address, is deleted. */
  async unsubscribe(token: string): Promise<PageAnswer> {
    const id = this.unsubscribeId(token);
    if (id === undefined) return { status: 400, html: badLinkPage() };
    await this.deps.store.repos.followers.remove(id);
    return { status: 200, html: unsubscribedPage() };
  }

  private unsubscribeId(token: string): number | undefined {
    const id = this.tokens.idOf(token);
    if (id === undefined) return undefined;
    return this.tokens.matches(token, 'unsubscribe', { id, emailHash: '' }) ? id : undefined;
  }

  /** How many follow, never who (the owner; an editor or viewer 403, anyone else 404). */
  async count(caller: Caller, collectionId: number): Promise<FollowerCount> {
    const access = await this.deps.store.repos.access.onCollection(caller, collectionId);
    requireRole(access?.role, 'manage');
    return this.deps.store.repos.followers.counts(collectionId);
  }

  /** The confirmed addresses as CSV, for the owner alone. */
  async exportCsv(caller: Caller, collectionId: number): Promise<string> {
    const access = await this.deps.store.repos.access.onCollection(caller, collectionId);
    requireRole(access?.role, 'manage');
    const rows = await this.deps.store.repos.followers.confirmed(collectionId);
    return [
      'email,following_since',
      ...rows.map((row) => `${csvCell(row.email)},${row.confirmedOn.toISOString()}`),
    ]
      .join('\r\n')
      .concat('\r\n');
  }

  /**
   * The job of an announcement: queues the mails of its next batch of followers (one mail job
   * each, in one transaction with the announcement's progress), then, if more are left, the job
   * of the next batch, due after the batch interval: a collection with many followers is mailed
   * at `batchSize` mails per `batchIntervalMs`.
   */
  async queueBatch(announcementId: number): Promise<void> {
    const now = this.deps.now();
    const { batchSize, batchIntervalMs } = this.limits;
    const queued = await this.deps.store.transaction(async (repos) => {
      const announcement = await repos.followers.lockAnnouncement(announcementId);
      if (!announcement || announcement.doneOn) return 0;
      const batch = await repos.followers.nextFollowers(announcement, batchSize);
      for (const follower of batch) {
        await repos.queuedMails.enqueue({
          recipient: follower.email,
          purpose: FOLLOWER_ITEM_PURPOSE,
          subjectId: announcement.id,
          at: now,
        });
      }
      const last = batch.at(-1)?.id ?? announcement.lastFollowerId;
      const done = batch.length < batchSize;
      await repos.followers.advance(announcement.id, last, done ? now : null);
      if (!done) {
        const due = new Date(now.getTime() + batchIntervalMs);
        await repos.followers.queueBatch(announcement.id, last, now, due);
      }
      return batch.length;
    });
    if (queued > 0) this.deps.mailQueue.kick();
  }

  /** The confirmation mail: only to a row still pending, to the address it was asked for. */
  async deliverConfirmation(mail: QueuedMail): Promise<void> {
    if (mail.subjectId === null) return;
    const { followers } = this.deps.store.repos;
    const row = await followers.find(mail.subjectId);
    if (!row || row.confirmedOn || row.email !== mail.recipient) return;
    const collection = await followers.collectionOnTheWeb(row.collectionId);
    if (!collection) return;
    await this.deps.mailer.send(
      followConfirmationMail({
        to: row.email,
        collectionName: collection.name,
        publicUrl: this.deps.publicUrl,
        confirmToken: this.tokens.issue('confirm', row),
        unsubscribeToken: this.tokens.issue('unsubscribe', row),
        validDays: FOLLOW_CONFIRM_VALID_DAYS,
      }),
    );
  }

  /**
   * A new item's mail to one follower, read when it goes out: nothing is sent when they have
   * unsubscribed since, or the item or the collection is no longer on the web.
   */
  async deliverItem(mail: QueuedMail): Promise<void> {
    if (mail.subjectId === null) return;
    const { followers } = this.deps.store.repos;
    const announcement = await followers.announcement(mail.subjectId);
    if (!announcement) return;
    const follower = await followers.confirmedByHash(
      announcement.collectionId,
      emailHash(mail.recipient),
    );
    if (!follower) return;
    const collection = await followers.collectionOnTheWeb(announcement.collectionId);
    if (!collection) return;
    const item = await followers.publicItem(collection.id, announcement.contentId);
    if (!item) return;
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    await this.deps.mailer.send(
      newItemMail({
        to: follower.email,
        collectionName: collection.name,
        title: item.title,
        summary: item.summary,
        itemUrl: `${base}${pathOf('public.item', { public_id: collection.publicId, content_id: announcement.contentId })}`,
        publicUrl: this.deps.publicUrl,
        unsubscribeToken: this.tokens.issue('unsubscribe', follower),
      }),
    );
  }
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a formula's lead defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
