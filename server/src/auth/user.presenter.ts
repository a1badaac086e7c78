import { TRIAL_DAYS, type UpdateProfileAnswer, type User } from '@cw/contract';
import type { UserRow } from './users.repository';

export function toUserAnswer(user: UserRow): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    profilePic: user.profilePic ?? null,
    is_verified: user.isVerified,
    is_mfa_activated: user.isMfaActivated,
    on_free_trial: user.onFreeTrial,
    trial_ends_on: user.onFreeTrial ? trialEndsOn(user.createdOn) : null,
    words_per_minute: user.wordsPerMinute,
  };
}

export function toProfileAnswer(user: UserRow): UpdateProfileAnswer {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    is_mfa_activated: user.isMfaActivated,
    words_per_minute: user.wordsPerMinute,
  };
}

/** The trial's last day: TRIAL_DAYS after sign-up, derived, never stored (decision 248). */
export const trialEndsOn = (signedUp: Date): string =>
  new Date(signedUp.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
