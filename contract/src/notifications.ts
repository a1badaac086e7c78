import { z } from 'zod';
import { idSchema, isoDateSchema, pageQuerySchema } from './common';

/**
 * Notifications and a collection's activity (docs/api.md, "Notifications", "Activity";
 * decision 225).
 */

/** What a notification tells of. In the app every kind is always shown; mail is per kind. */
export const NOTIFICATION_KINDS = [
  'mention',
  'reply',
  'comment',
  'invitation',
  'shared',
  'status',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a collection's activity entry tells of. */
export const ACTIVITY_KINDS = [
  'created',
  'edited',
  'status',
  'published',
  'unpublished',
  'invited',
  'joined',
  'left',
  'removed',
  'comment',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** At most one notification mail per person in this many minutes; what comes in between waits. */
export const NOTIFICATION_MAIL_MINUTES = 10;
/** Edits of one item by one person within this many minutes are one activity entry. */
export const ACTIVITY_EDIT_FOLD_MINUTES = 5;

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it; null once their account is gone. */
  actor_name: z.string().nullable(),
  collection_id: idSchema.nullable(),
  collection_name: z.string().nullable(),
  content_id: idSchema.nullable(),
  content_title: z.string().nullable(),
  /** The comment a mention, reply or comment is about. */
  comment_id: idSchema.nullable(),
  /** A status change: from and to (board columns). */
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** An invitation or a share: the role given. */
  role: z.string().nullable(),
  /** A comment's first words. */
  excerpt: z.string().nullable(),
  created_on: isoDateSchema,
  read_on: isoDateSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * Mail on or off per kind (in-app is always on). An invitation has no switch: the invitation
 * mail itself tells of it, always (decision 225).
 */
export const MAILED_KINDS = ['mention', 'reply', 'comment', 'shared', 'status'] as const;
export type MailedKind = (typeof MAILED_KINDS)[number];
export const notificationSettingsSchema = z.object({
  mail: z.object({
    mention: z.boolean(),
    reply: z.boolean(),
    comment: z.boolean(),
    shared: z.boolean(),
    status: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsPatchSchema = z.strictObject({
  mail: notificationSettingsSchema.shape.mail.partial().strict(),
});

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const activitySchema = z.object({
  id: idSchema,
  kind: z.enum(ACTIVITY_KINDS),
  actor_name: z.string().nullable(),
  content_id: idSchema.nullable(),
  content_title: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** Joined, left, removed: the member's name; invited: their address (the owner only). */
  member: z.string().nullable(),
  role: z.string().nullable(),
  created_on: isoDateSchema,
  /** The last edit folded into an 'edited' entry. */
  updated_on: isoDateSchema,
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListQuerySchema = pageQuerySchema;
