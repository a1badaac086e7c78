import type { User } from '@cw/contract';
import { api, ApiRequestError, refreshSession } from '../lib/api-client';
import { getAccessToken } from '../lib/token-storage';

/**
 * What the guard runs on entry to the signed-in area: verify the stored access token (sent
 * without its Bearer prefix), then load the user. An expired access token gets one silent
 * refresh before giving up, so a returning user within the refresh token's life stays in.
 */
export async function loadSession(): Promise<User> {
  const token = getAccessToken();
  if (!token) throw new ApiRequestError(401, { message: 'Not signed in.' });
  try {
    await api.post('/auth/verify-token/', { token }, { auth: false });
  } catch (error) {
    const expired = error instanceof ApiRequestError && error.status === 401;
    if (!expired || !(await refreshSession())) throw error;
  }
  return api.get<User>('/auth/user-details/');
}
