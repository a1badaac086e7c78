import type { MailMessage } from './mailer';

export const PRODUCT_NAME = 'Creator Workspace';

export type CodeMailPurpose = 'verify_email' | 'login' | 'reset_password';

interface PurposeText {
  subject: string;
  heading: string;
  why: string;
  action: string;
}

const PURPOSE_TEXT: Record<CodeMailPurpose, PurposeText> = {
  verify_email: {
    subject: `Verify your email for ${PRODUCT_NAME}`,
    heading: 'Verify your email',
    why: `Thanks for signing up for ${PRODUCT_NAME}! To confirm this email address belongs to you, enter this code:`,
    action: 'verify your email',
  },
  login: {
    subject: `Your ${PRODUCT_NAME} sign-in code`,
    heading: 'Your sign-in code',
    why: `Someone (hopefully you) is signing in to ${PRODUCT_NAME} with your email and password. To finish signing in, enter this code:`,
    action: 'sign in',
  },
  reset_password: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    heading: 'Reset your password',
    why: `We received a request to reset the password of your ${PRODUCT_NAME} account. To choose a new password, enter this code:`,
    action: 'reset your password',
  },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** A mail's button: a link to `href` (escaped here) that reads `label` (plain text). */
export const mailButton = (href: string, label: string): string =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>`;

/**
 * The one HTML frame of our mails: product name, heading, the given paragraphs (already
 * escaped HTML) and the signature.
 */
export function mailLayout(heading: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <p style="margin:0 0 8px;font-size:14px;color:#52606d">${escapeHtml(PRODUCT_NAME)}</p>
      <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
      ${paragraphs.join('\n      ')}
      <p>— The ${escapeHtml(PRODUCT_NAME)} team</p>
    </div>
  </body>
</html>
`;
}

export interface CodeMailInput {
  to: string;
  /** The account's first name, as typed by whoever registered the address. */
  firstName: string | null;
  /**
   * Whether the address has proved it belongs to the account (a code from it was entered). Until
   * then the name was typed by whoever registered the address, perhaps not its owner, so the mail
   * greets without it: a stranger cannot put their words into our mail (docs/auth.md, "Hostile input").
   */
  addressVerified: boolean;
  code: string;
  purpose: CodeMailPurpose;
  validMinutes: number;
}

/** A one-time-code mail: friendly plain text and HTML, subject naming the purpose. */
export function codeMail({
  to,
  firstName,
  addressVerified,
  code,
  purpose,
  validMinutes,
}: CodeMailInput): MailMessage {
  const t = PURPOSE_TEXT[purpose];
  const greeting = firstName && addressVerified ? `Hi ${firstName},` : 'Hi,';
  const ignore = `If you did not ask to ${t.action}, you can safely ignore this email: nothing changes until the code is entered.`;
  const text = [
    greeting,
    '',
    t.why,
    '',
    `    ${code}`,
    '',
    `The code works once and expires in ${validMinutes} minutes. Never share it with anyone: ${PRODUCT_NAME} will never ask you for it.`,
    '',
    ignore,
    '',
    `— The ${PRODUCT_NAME} team`,
    '',
  ].join('\n');
  const html = mailLayout(t.heading, [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t.why)}</p>`,
    `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(code)}</p>`,
    `<p>The code works once and expires in ${validMinutes} minutes. Never share it with anyone: ${escapeHtml(PRODUCT_NAME)} will never ask you for it.</p>`,
    `<p style="color:#52606d;font-size:14px">${escapeHtml(ignore)}</p>`,
  ]);
  return { to, subject: t.subject, text, html, devLogLine: `code ${code}` };
}

export interface InvitationMailInput {
  to: string;
  /** Who invites, as their account names them. */
  inviterName: string;
  collectionName: string;
  role: 'editor' | 'viewer';
  /** The absolute link to the invitation page. */
  link: string;
  validDays: number;
}

/** What a removed link reads as in a mail. */
export const LINK_REMOVED = '[link removed]';

/** Characters a mail client or a browser may read as the dot of a host name. */
const DOTS = '.\u3002\uFF0E\uFF61\u2024\uFE52';
/**
 * A word a mail client might turn into a link (they link `http://…`, `www.…`, bare
 * `domain.tld/path`, addresses, IP addresses and, in Outlook, `\\host\share`):
 * - a scheme: `xyz://` (any word with `://` after a letter, digit or `+.-`), or `mailto:`, `tel:`
 *   and the like;
 * - a dot between a letter or digit and two letters (`evil.example`, `www.x`, `a@b.cd`, `x.zip`),
 *   whatever the dot (`。`, `．`, …): every host name but a bare IP address has one;
 * - four numbers joined by dots (an IP address);
 * - two backslashes (a Windows share).
 * `v2.0`, `3.5`, `e.g.` and `a.m.` are not links and stay.
 */
const LINK_LIKE = new RegExp(
  [
    // Any scheme's last character before `://` (`[a-z][a-z0-9+.-]*://` read from every letter of
    // `a.a.a.…` to its end: the square of the word's length).
    '[a-z0-9+.-]:\\/\\/',
    '(?:mailto|tel|sms|callto|facetime|skype|sip|xmpp|news|ftp|file|javascript|data):',
    `[\\p{L}\\p{N}][${DOTS}]\\p{L}{2}`,
    `\\d{1,3}(?:[${DOTS}]\\d{1,3}){3}`,
    '\\\\\\\\',
  ].join('|'),
  'iu',
);
/** Invisible characters (zero-width spaces and joiners, soft hyphens, …) that could split a link. */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;

/**
 * A name typed by a person (theirs, their collection's) as plain text for a mail, with no link
 * in it (docs/auth.md, "Invitations"; decision 193): invisible characters removed, every run of
 * spaces one plain space, and every word that a mail client could make clickable replaced by
 * `[link removed]`. Escaping alone is not enough: clients link URL-like text by themselves.
 */
export function withoutLinks(name: string): string {
  return (
    name
      .replace(INVISIBLE, '')
      .split(/\s+/u)
      .filter((word) => word !== '')
      // Judged in NFKC too: `ｅｖｉｌ．ｃｏｍ` and `evil⒈com` are what a client may read as hosts.
      .map((word) =>
        LINK_LIKE.test(word) || LINK_LIKE.test(word.normalize('NFKC')) ? LINK_REMOVED : word,
      )
      .join(' ')
  );
}

const ROLE_WORDS: Record<InvitationMailInput['role'], string> = {
  editor: 'edit its notes and content items',
  viewer: 'read its notes and content items',
};

/**
 * An invitation to a shared collection: plain text and HTML, naming who invites and to what.
 * The inviter's name and the collection's name are theirs to choose, so both lose every link
 * (withoutLinks: the mail cannot carry a stranger's URL to whoever they invite), are escaped in
 * the HTML, and the subject is cut short; the only link is ours.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const { to, role, link, validDays } = input;
  const who = withoutLinks(input.inviterName) || 'Someone';
  const collectionName = withoutLinks(input.collectionName) || 'a collection';
  const shortName = collectionName.length > 80 ? `${collectionName.slice(0, 79)}…` : collectionName;
  const subject = `${who} shared “${shortName}” with you on ${PRODUCT_NAME}`;
  const why = `${who} invited you to the collection “${collectionName}” on ${PRODUCT_NAME} as ${role === 'editor' ? 'an editor' : 'a viewer'}: you will be able to ${ROLE_WORDS[role]}.`;
  const how = `Open the link below and sign in (or create an account) with this email address, ${to}, to accept.`;
  const expiry = `The link works once and expires in ${validDays} days.`;
  const ignore = 'If you did not expect this invitation, you can ignore this email.';
  const text = [
    'Hi,',
    '',
    why,
    '',
    how,
    '',
    `    ${link}`,
    '',
    expiry,
    '',
    ignore,
    '',
    `— The ${PRODUCT_NAME} team`,
    '',
  ].join('\n');
  const html = mailLayout('You are invited to a collection', [
    '<p>Hi,</p>',
    `<p>${escapeHtml(why)}</p>`,
    `<p>${escapeHtml(how)}</p>`,
    mailButton(link, 'Open the invitation'),
    `<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p style="color:#52606d;font-size:14px">${escapeHtml(ignore)}</p>`,
  ]);
  return { to, subject, text, html, devLogLine: 'invitation' };
}
