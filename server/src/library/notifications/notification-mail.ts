import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationSentence } from '@cw/contract/notification-texts';
import { pathOf } from '@cw/contract/routes';
import type { Notification } from '@cw/contract';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, mailLayout, PRODUCT_NAME, withoutLinks } from '../../mail/messages';

/**
 * Unsubscribe links (decision 226): `<user id>.<HMAC-SHA-256 of it>` under a key derived from
 * the server secret for this purpose alone. They do not expire: a link in an old mail still
 * works, and it can only turn mail off.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('creator-workspace:unsubscribe').digest();
  }

  issue(userId: number): string {
    return `${userId}.${this.mac(userId)}`;
  }

  /** The user id a token names, or undefined when it is not one of ours. */
  verify(token: string): number | undefined {
    const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const userId = Number(match[1]);
    const expected = Buffer.from(this.mac(userId));
    const given = Buffer.from(match[2] ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? userId
      : undefined;
  }

  private mac(userId: number): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${userId}`).digest('base64url');
  }
}

/** Where an entry leads in the app: its item, else its collection. */
export function entryPath(n: Pick<Notification, 'content_id' | 'collection_id'>): string | null {
  if (n.content_id !== null) return `/content/${n.content_id}`;
  if (n.collection_id !== null) return `/collections/${n.collection_id}`;
  return null;
}

/**
 * One mail telling of every notification that came in since the last (decision 225): each
 * sentence with its link, the settings page, and the unsubscribe link, also in the headers
 * (RFC 2369, RFC 8058 one-click). Names and titles lose their links (`withoutLinks`).
 */
export function notificationMail(input: {
  to: string;
  entries: Notification[];
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const base = input.publicUrl.replace(/\/+$/, '');
  const unsubscribe = `${base}${pathOf('notifications.unsubscribe')}?token=${encodeURIComponent(input.unsubscribeToken)}`;
  const settings = `${base}/account-settings#notifications`;
  const count = input.entries.length;
  const subject =
    count === 1
      ? `1 new notification on ${PRODUCT_NAME}`
      : `${count} new notifications on ${PRODUCT_NAME}`;
  const lines = input.entries.map((entry) => {
    const sentence = notificationSentence({
      ...entry,
      actor_name: entry.actor_name === null ? null : withoutLinks(entry.actor_name),
      collection_name: entry.collection_name === null ? null : withoutLinks(entry.collection_name),
      content_title: entry.content_title === null ? null : withoutLinks(entry.content_title),
    });
    const path = entryPath(entry);
    return { sentence, link: path === null ? null : `${base}${path}` };
  });
  const text = [
    'Hi,',
    '',
    `What happened on ${PRODUCT_NAME}:`,
    '',
    ...lines.flatMap(({ sentence, link }) => [`- ${sentence}`, ...(link ? [`  ${link}`] : [])]),
    '',
    `Choose which notifications are mailed: ${settings}`,
    `Stop these mails: ${unsubscribe}`,
    '',
    `— The ${PRODUCT_NAME} team`,
    '',
  ].join('\n');
  const html = mailLayout(subject.replace(` on ${PRODUCT_NAME}`, ''), [
    `<ul style="padding-left:20px">${lines
      .map(({ sentence, link }) =>
        link
          ? `<li style="margin:0 0 8px"><a href="${escapeHtml(link)}">${escapeHtml(sentence)}</a></li>`
          : `<li style="margin:0 0 8px">${escapeHtml(sentence)}</li>`,
      )
      .join('')}</ul>`,
    `<p style="color:#52606d;font-size:14px"><a href="${escapeHtml(settings)}">Choose which notifications are mailed</a> · <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  ]);
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    devLogLine: 'notifications',
  };
}
