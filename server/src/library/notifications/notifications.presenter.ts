import type { Activity, ActivityKind, Notification, NotificationKind } from '@cw/contract';
import { fullName } from '../shared/rows';
import type { ActivityRow } from './activity.repository';
import type { NotificationRow } from './notifications.repository';

const text = (data: Record<string, unknown>, key: string): string | null => {
  const value = data[key];
  return typeof value === 'string' ? value : null;
};

const nameOf = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : fullName(first, last) || 'Someone';

export function presentNotification(row: NotificationRow): Notification {
  const { data } = row;
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor_name: nameOf(row.actorFirstName, row.actorLastName),
    collection_id: row.collectionId,
    collection_name: row.collectionName ?? text(data, 'collectionName'),
    content_id: row.contentId,
    content_title: row.contentTitle ?? text(data, 'contentTitle'),
    comment_id: row.commentId,
    from_status: text(data, 'fromStatus'),
    to_status: text(data, 'toStatus'),
    role: text(data, 'role'),
    excerpt: text(data, 'excerpt'),
    created_on: row.createdOn.toISOString(),
    read_on: row.readOn?.toISOString() ?? null,
  };
}

/** `seesAddresses`: an invitation's address is shown to the owner only, as in the members list. */
export function presentActivity(row: ActivityRow, seesAddresses: boolean): Activity {
  const { data } = row;
  const member = text(data, 'member');
  return {
    id: row.id,
    kind: row.kind as ActivityKind,
    actor_name: nameOf(row.actorFirstName, row.actorLastName),
    content_id: row.contentId,
    content_title: row.contentTitle ?? text(data, 'contentTitle'),
    from_status: text(data, 'fromStatus'),
    to_status: text(data, 'toStatus'),
    member: row.kind === 'invited' && !seesAddresses ? null : member,
    role: text(data, 'role'),
    created_on: row.createdOn.toISOString(),
    updated_on: row.updatedOn.toISOString(),
  };
}
