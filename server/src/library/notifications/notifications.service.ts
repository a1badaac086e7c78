import type { z } from 'zod';
import {
  MAILED_KINDS,
  type Activity,
  type Notification,
  type NotificationSettings,
  type PageQuery,
  type UnreadCount,
  type notificationSettingsPatchSchema,
} from '@cw/contract';
import { badRequest, notFound } from '../../http/errors';
import { pageWindow, type Page } from '../../http/pagination';
import type { Mailer } from '../../mail/mailer';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { LibraryStore } from '../library-store';
import { notificationMail, type UnsubscribeTokens } from './notification-mail';
import { presentActivity, presentNotification } from './notifications.presenter';
import { unsubscribedPage, unsubscribePage } from './unsubscribe-page';

type SettingsPatch = z.output<typeof notificationSettingsPatchSchema>;

/** Most entries one mail tells of; the rest wait for the next. */
const MAIL_ENTRIES_MAX = 50;

export interface NotificationsDeps {
  store: LibraryStore;
  mailer: Mailer;
  publicUrl: string;
  tokens: UnsubscribeTokens;
  now: () => Date;
}

/**
 * A person's notifications (docs/api.md, "Notifications"; decision 225): only ever their own,
 * so every call names the caller's user id. Producers write them through
 * `repos.notifications.notify` in their own transaction; this service reads, marks, keeps the
 * settings and sends the batched mail.
 */
export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  private get repos() {
    return this.deps.store.repos;
  }

  async list(caller: Caller, query: PageQuery): Promise<Page<Notification>> {
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.repos.notifications.list(caller.userId, limit, offset);
    return { results: rows.map(presentNotification), count };
  }

  async unread(caller: Caller): Promise<UnreadCount> {
    return { unread: await this.repos.notifications.unread(caller.userId) };
  }

  async read(caller: Caller, id: number): Promise<UnreadCount> {
    if (!(await this.repos.notifications.markRead(caller.userId, id, this.deps.now()))) {
      throw notFound('Notification not found.');
    }
    return this.unread(caller);
  }

  async readAll(caller: Caller): Promise<UnreadCount> {
    await this.repos.notifications.markAllRead(caller.userId, this.deps.now());
    return { unread: 0 };
  }

  async settings(caller: Caller): Promise<NotificationSettings> {
    return settingsOf(await this.repos.notifications.mailOff(caller.userId));
  }

  async updateSettings(caller: Caller, body: SettingsPatch): Promise<NotificationSettings> {
    return this.deps.store.transaction(async (repos) => {
      const person = await repos.notifications.lockSettings(caller.userId);
      const off = new Set(person?.mailOff ?? []);
      for (const kind of MAILED_KINDS) {
        const mail = body.mail[kind];
        if (mail === true) off.delete(kind);
        if (mail === false) off.add(kind);
      }
      const mailOff = MAILED_KINDS.filter((kind) => off.has(kind));
      await repos.notifications.setMailOff(caller.userId, mailOff);
      return settingsOf(mailOff);
    });
  }

  /** The unsubscribe link's page: asks to confirm (a mail scanner's GET changes nothing). */
  unsubscribePage(token: string): string {
    this.personOf(token);
    return unsubscribePage();
  }

  /** The one-click unsubscribe (RFC 8058) or the page's button: every kind's mail off. */
  async unsubscribe(token: string): Promise<string> {
    const userId = this.personOf(token);
    await this.deps.store.transaction(async (repos) => {
      if (await repos.notifications.lockSettings(userId)) {
        await repos.notifications.setMailOff(userId, [...MAILED_KINDS]);
      }
    });
    return unsubscribedPage();
  }

  /** A collection's activity, newest first: anyone who may read the collection. */
  async activity(caller: Caller, collectionId: number, query: PageQuery): Promise<Page<Activity>> {
    const access = await this.repos.access.onCollection(caller, collectionId);
    requireRole(access?.role, 'read');
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.repos.activity.list(collectionId, limit, offset);
    const owner = access.role === 'owner';
    return { results: rows.map((row) => presentActivity(row, owner)), count };
  }

  /**
   * The mail queue's delivery of a person's batch: what came in since their last mail, unread
   * and of kinds they want mailed, in one mail. Sent inside the transaction that marks it
   * mailed, so a failed send marks nothing and the mail queue tries again.
   */
  async deliver(mail: { subjectId: number | null }): Promise<void> {
    const userId = mail.subjectId;
    if (userId === null) return;
    await this.deps.store.transaction(async (repos) => {
      const person = await repos.notifications.lockSettings(userId);
      if (!person) return;
      const rows = await repos.notifications.toMail(userId, person.mailOff, MAIL_ENTRIES_MAX);
      if (rows.length === 0) return;
      await repos.notifications.markMailed(
        userId,
        rows.map((row) => row.id),
        this.deps.now(),
      );
      await this.deps.mailer.send(
        notificationMail({
          to: person.email,
          entries: rows.map(presentNotification),
          publicUrl: this.deps.publicUrl,
          unsubscribeToken: this.deps.tokens.issue(userId),
        }),
      );
    });
  }

  private personOf(token: string): number {
    const userId = this.deps.tokens.verify(token);
    if (userId === undefined) throw badRequest('This unsubscribe link is not valid.');
    return userId;
  }
}

const settingsOf = (mailOff: readonly string[]): NotificationSettings => ({
  mail: {
    mention: !mailOff.includes('mention'),
    reply: !mailOff.includes('reply'),
    comment: !mailOff.includes('comment'),
    shared: !mailOff.includes('shared'),
    status: !mailOff.includes('status'),
  },
});
