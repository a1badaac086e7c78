import { z } from 'zod';

/* Followers by email of a published collection (docs/api.md, "Followers"; decision 247). */

/** The public page's follow form (`application/x-www-form-urlencoded`, field `email`). */
export const followBodySchema = z.object({ email: z.string().max(1000) });

/** A follower mail's signed link (confirm or unsubscribe). */
export const followerTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** What the owner sees of a collection's followers: how many, never who. */
export const followerCountSchema = z.object({
  /** Confirmed followers: each is mailed once per newly published item. */
  followers: z.number().int().nonnegative(),
  /** Addresses that asked to follow and have not confirmed yet (they get no mail but that one). */
  pending: z.number().int().nonnegative(),
});
export type FollowerCount = z.infer<typeof followerCountSchema>;

/** How long a confirmation link works, and how long a pending address gets no new one. */
export const FOLLOW_CONFIRM_VALID_DAYS = 7;
export const FOLLOW_CONFIRM_RESEND_HOURS = 24;
