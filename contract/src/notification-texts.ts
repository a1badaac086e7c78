/**
 * The sentence of a notification and of an activity entry, shared by the web app's lists and
 * the notification mail (no zod: the web app loads it at run time as
 * `@cw/contract/notification-texts`).
 */

/** What a notification's sentence needs (a `Notification` has all of it). */
export interface NotificationWords {
  kind: string;
  actor_name: string | null;
  collection_name: string | null;
  content_title: string | null;
  from_status: string | null;
  to_status: string | null;
  role: string | null;
}

/** A board column's name: `recording` → `Recording`. */
export const statusLabel = (status: string | null): string =>
  status ? status.charAt(0).toUpperCase() + status.slice(1) : '';

const asRole = (role: string | null) => (role === 'editor' ? 'an editor' : 'a viewer');
const quoted = (name: string | null, otherwise: string) => `“${name || otherwise}”`;

export function notificationSentence(n: NotificationWords): string {
  const who = n.actor_name ?? 'Someone';
  const item = quoted(n.content_title, 'an item');
  const collection = quoted(n.collection_name, 'a collection');
  switch (n.kind) {
    case 'mention':
      return `${who} mentioned you on ${item}`;
    case 'reply':
      return `${who} replied to your comment on ${item}`;
    case 'comment':
      return `${who} commented on ${item}`;
    case 'invitation':
      return `${who} invited you to ${collection} as ${asRole(n.role)}`;
    case 'shared':
      return `${who} shared ${collection} with you as ${asRole(n.role)}`;
    case 'status':
      return `${who} moved ${item} from ${statusLabel(n.from_status)} to ${statusLabel(n.to_status)}`;
    default:
      return `${who} did something`;
  }
}

/** What an activity entry's sentence needs (an `Activity` has all of it). */
export interface ActivityWords {
  kind: string;
  actor_name: string | null;
  content_title: string | null;
  from_status: string | null;
  to_status: string | null;
  member: string | null;
  role: string | null;
}

export function activitySentence(a: ActivityWords): string {
  const who = a.actor_name ?? 'Someone';
  const item = quoted(a.content_title, 'an item');
  const member = a.member || 'someone';
  switch (a.kind) {
    case 'created':
      return a.content_title === null ? `${who} created the collection` : `${who} added ${item}`;
    case 'edited':
      return `${who} edited ${item}`;
    case 'status':
      return `${who} moved ${item} from ${statusLabel(a.from_status)} to ${statusLabel(a.to_status)}`;
    case 'published':
      return `${who} published the collection`;
    case 'unpublished':
      return `${who} unpublished the collection`;
    case 'invited':
      return `${who} invited ${member} as ${asRole(a.role)}`;
    case 'joined':
      return `${who} joined as ${asRole(a.role)}`;
    case 'left':
      return `${who} left the collection`;
    case 'removed':
      return `${who} removed ${member}`;
    case 'comment':
      return `${who} commented on ${item}`;
    default:
      return `${who} changed the collection`;
  }
}
