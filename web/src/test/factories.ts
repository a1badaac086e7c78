import type { User } from '@cw/contract';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    profilePic: null,
    is_verified: true,
    is_mfa_activated: false,
    on_free_trial: true,
    trial_ends_on: '2026-12-27',
    words_per_minute: 150,
    ...overrides,
  };
}

/** Puts a signed-in session into localStorage the way the app stores it. */
export function storeSession(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('access_token', `Bearer ${access}`);
  localStorage.setItem('refresh_token', refresh);
}
