import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '@cw/contract/routes';
import type { MailMessage } from '../../mail/mailer';
import {
  escapeHtml,
  mailButton,
  mailLayout,
  PRODUCT_NAME,
  withoutLinks,
} from '../../mail/messages';

/** The address as it is compared and mailed: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** What finds an address without storing it twice: SHA-256 of its normal form, in hex. */
export const emailHash = (email: string): string =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** An IP address in a rate-limit bucket's key: hashed too, never kept as it is. */
export const ipHash = (ip: string): string =>
  createHash('sha256').update(`ip:${ip}`).digest('hex').slice(0, 32);

export type FollowerLink = 'confirm' | 'unsubscribe';

/**
 * A follower mail's links (decision 247): `<follower id>.<HMAC-SHA-256>` under a key derived from
 * the server secret for this purpose alone, one MAC per link kind: a confirmation link cannot
 * unsubscribe, nor the reverse. The confirmation link also names the address's hash, so it
 * cannot confirm a row whose address is not the one it was mailed to.
 */
export class FollowerTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('creator-workspace:followers').digest();
  }

  issue(link: FollowerLink, follower: { id: number; emailHash: string }): string {
    return `${follower.id}.${this.mac(link, follower)}`;
  }

  /** The follower id a token names (its MAC still to be checked against the row: `matches`). */
  idOf(token: string): number | undefined {
    const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
    return match ? Number(match[1]) : undefined;
  }

  matches(token: string, link: FollowerLink, follower: { id: number; emailHash: string }): boolean {
    const expected = Buffer.from(this.issue(link, follower));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(link: FollowerLink, follower: { id: number; emailHash: string }): string {
    const what =
      link === 'confirm'
        ? `confirm:${follower.id}:${follower.emailHash}`
        : `unsubscribe:${follower.id}`;
    return createHmac('sha256', this.key).update(what).digest('base64url');
  }
}

const linkOf = (base: string, path: string, token: string) =>
  `${base.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;

const unsubscribeHeaders = (unsubscribe: string) => ({
  'List-Unsubscribe': `<${unsubscribe}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The one mail an address gets before it confirms: the collection's name (without links: the
 * owner chose it, and it goes to a stranger's inbox) and the confirmation link. It also carries
 * the unsubscribe link, which forgets the address at once.
 */
export function followConfirmationMail(input: {
  to: string;
  collectionName: string;
  publicUrl: string;
  confirmToken: string;
  unsubscribeToken: string;
  validDays: number;
}): MailMessage {
  const name = withoutLinks(input.collectionName) || 'a collection';
  const short = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  const confirm = linkOf(input.publicUrl, pathOf('followers.confirmPage'), input.confirmToken);
  const unsubscribe = linkOf(
    input.publicUrl,
    pathOf('followers.unsubscribePage'),
    input.unsubscribeToken,
  );
  const subject = `Confirm you want to follow “${short}”`;
  const why = `Someone (hopefully you) asked to follow “${name}” on ${PRODUCT_NAME} with this address: one email for each new item published there.`;
  const how = `To start, open this link and press Confirm (it works for ${input.validDays} days):`;
  const ignore =
    'If it was not you, ignore this email: nothing more will be sent to this address, and it is forgotten in a week.';
  const text = [
    'Hi,',
    '',
    why,
    '',
    how,
    '',
    `    ${confirm}`,
    '',
    ignore,
    '',
    `Forget this address now: ${unsubscribe}`,
    '',
    `— The ${PRODUCT_NAME} team`,
    '',
  ].join('\n');
  const html = mailLayout('Confirm you want to follow', [
    '<p>Hi,</p>',
    `<p>${escapeHtml(why)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    mailButton(confirm, 'Confirm following'),
    `<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(confirm)}</p>`,
    `<p style="color:#52606d;font-size:14px">${escapeHtml(ignore)} <a href="${escapeHtml(unsubscribe)}">Forget this address now</a></p>`,
  ]);
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
    devLogLine: 'follow confirmation',
  };
}

/**
 * The mail of a newly published item: its published title (and summary), the link to its public
 * page, and the one-click unsubscribe link, also in the headers (RFC 2369, RFC 8058). Texts the
 * owner chose lose their links (`withoutLinks`), as in every mail to someone else.
 */
export function newItemMail(input: {
  to: string;
  collectionName: string;
  title: string;
  summary: string;
  itemUrl: string;
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const name = withoutLinks(input.collectionName) || 'A collection';
  const title = withoutLinks(input.title) || 'Untitled';
  const summary = withoutLinks(input.summary);
  const shortName = name.length > 60 ? `${name.slice(0, 59)}…` : name;
  const shortTitle = title.length > 80 ? `${title.slice(0, 79)}…` : title;
  const unsubscribe = linkOf(
    input.publicUrl,
    pathOf('followers.unsubscribePage'),
    input.unsubscribeToken,
  );
  const subject = `New in “${shortName}”: ${shortTitle}`;
  const lead = `“${name}” has a new item:`;
  const why = `You get this email because you follow “${name}” on ${PRODUCT_NAME}.`;
  const text = [
    'Hi,',
    '',
    lead,
    '',
    title,
    ...(summary ? ['', summary] : []),
    '',
    `Read it: ${input.itemUrl}`,
    '',
    why,
    `Unsubscribe: ${unsubscribe}`,
    '',
    `— The ${PRODUCT_NAME} team`,
    '',
  ].join('\n');
  const html = mailLayout(`New in “${shortName}”`, [
    `<p>${escapeHtml(lead)}</p>`,
    `<h2 style="margin:16px 0 8px;font-size:18px"><a href="${escapeHtml(input.itemUrl)}">${escapeHtml(title)}</a></h2>`,
    ...(summary ? [`<p>${escapeHtml(summary)}</p>`] : []),
    mailButton(input.itemUrl, 'Read it'),
    `<p style="color:#52606d;font-size:14px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  ]);
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
    devLogLine: 'new item for a follower',
  };
}
