import { z } from 'zod';
import { emailSchema } from './auth';
import { idQuerySchema, idSchema, isoDateSchema } from './common';

/**
 * Co-creators (docs/api.md, "Sharing"): a collection's owner shares it by email with a viewer
 * or an editor. What each role may do is in server/src/policy/library.policy.ts.
 */

/** A person's role on a collection (or on a content item, through its collections). */
export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The roles an owner can give. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const memberRoleSchema = z.enum(MEMBER_ROLES, {
  error: `Choose one of: ${MEMBER_ROLES.join(', ')}.`,
});

export const MEMBER_STATUSES = ['invited', 'active'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** How long an invitation link works, and the least time between two mails of one. */
export const INVITATION_VALID_DAYS = 7;
export const INVITATION_RESEND_SECONDS = 30;
/** Invitation mails one person may send in an hour, invites and resends of all their collections. */
export const INVITATION_MAILS_PER_HOUR = 20;

/** Someone who can see a collection, or has been invited to. The owner is listed first. */
export const memberSchema = z.object({
  /** The membership's id (`…/members/{id}/`). */
  id: idSchema,
  email: z.string(),
  /** The person's name once they have accepted; null while invited. */
  name: z.string().nullable(),
  role: roleSchema,
  status: z.enum(MEMBER_STATUSES),
  /** The person's user id once they have accepted; null while invited. */
  user: idSchema.nullable(),
  profile_pic: z.string().nullable(),
  created_on: isoDateSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const memberCreateBodySchema = z.object({
  email: emailSchema,
  role: memberRoleSchema,
});
export type MemberCreateBody = z.input<typeof memberCreateBodySchema>;
export const memberPatchBodySchema = z.object({ role: memberRoleSchema });
export type MemberPatchBody = z.input<typeof memberPatchBodySchema>;

/** `…/list/{id}/members/{member_id}/`: any failure here answers 404, like every id in a path. */
export const memberParamsSchema = z.object({ id: idQuerySchema, member_id: idQuerySchema });

/** An invitation token in a path: 32 bytes, base64url. Anything else is simply not found. */
export const invitationParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** What the invitation page shows before the person accepts. */
export const invitationSchema = z.object({
  collection: z.object({ id: idSchema, name: z.string() }),
  /** The name of the person who invites. */
  invited_by: z.string(),
  role: memberRoleSchema,
  /** The address the invitation went to: only the account with this verified email can accept. */
  email: z.string(),
  expires_on: isoDateSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Who changed a note or content item last (read-only). */
export const updatedBySchema = z.object({ id: idSchema, name: z.string() }).nullable();
export type UpdatedBy = z.infer<typeof updatedBySchema>;

/** A member shown on a collection card: their avatar or initials. */
export const memberPreviewSchema = z.object({
  id: idSchema,
  name: z.string(),
  profile_pic: z.string().nullable(),
});
export type MemberPreview = z.infer<typeof memberPreviewSchema>;

/** `GET /api/collections/list/?scope=`: your own (the spec's meaning), shared with you, or both. */
export const COLLECTION_SCOPES = ['mine', 'shared', 'all'] as const;
export type CollectionScope = (typeof COLLECTION_SCOPES)[number];
