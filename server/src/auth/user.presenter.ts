import type { UpdateProfileAnswer, User } from '@cw/contract';
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
